package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** {@link Reading}: three padded components, two inverted, under a two-component partition. */
final class ReadingSchema implements OracleSchema<Reading> {
  private static final List<List<Object>> SITES = List.of(
      List.of("north", 3), List.of("north", 30), List.of("north3", 0), List.of("north", -3));
  private static final List<List<Object>> EMPTY_SITES = List.of(List.of("north", 0), List.of("nort", 3));

  private final List<SortComponent<Reading>> sort = List.of(
      SortComponent.padded("level", Reading::level, 0, 999, true,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, 0, 1, 998, 999),
      SortComponent.padded("offset", Reading::offset, -9_999_999, 89_999_999, false,
          Long.MIN_VALUE, Long.MAX_VALUE, v -> v, -1, 0, 1),
      SortComponent.padded("trim", Reading::trim, -128, 127, true,
          Byte.MIN_VALUE, Byte.MAX_VALUE, v -> (byte) v, -1, 0, 1));

  @Override
  public String name() {
    return "Reading (three padded, two inverted)";
  }

  @Override
  public List<SortComponent<Reading>> sort() {
    return sort;
  }

  @Override
  public Object partition(Reading item) {
    return List.of(item.site(), item.floor());
  }

  @Override
  public Object newPartition(Random random) {
    return OracleText.pick(random, SITES);
  }

  @Override
  public Object probePartition(Random random) {
    return OracleText.pick(random, random.nextBoolean() ? SITES : EMPTY_SITES);
  }

  @Override
  public Reading create(Object partition, List<Object> v) {
    List<?> p = (List<?>) partition;
    return new Reading((String) p.get(0), (Integer) p.get(1), (Integer) v.get(0), (Long) v.get(1), (Byte) v.get(2));
  }

  @Override
  public String partitionKey(Reading item) {
    return ReadingKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Reading item) {
    return ReadingKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    List<?> p = (List<?>) s.partition();
    ReadingKeys.Query q = ReadingKeys.query((String) p.get(0), (Integer) p.get(1));
    if (s.depth() == 0) {
      return s.<Integer>range(q, q.level()::between, q.level()::atLeast, q.level()::atMost, q.level()::greaterThan, q.level()::lessThan);
    }
    ReadingKeys.QueryByLevel byLevel = q.level(s.<Integer>equal(0));
    if (s.depth() == 1) {
      return s.<Long>range(byLevel, byLevel.offset()::between, byLevel.offset()::atLeast, byLevel.offset()::atMost,
          byLevel.offset()::greaterThan, byLevel.offset()::lessThan);
    }
    ReadingKeys.QueryByLevelAndOffset byOffset = byLevel.offset(s.<Long>equal(1));
    if (s.depth() == 2) {
      return s.<Byte>range(byOffset, byOffset.trim()::between, byOffset.trim()::atLeast, byOffset.trim()::atMost,
          byOffset.trim()::greaterThan, byOffset.trim()::lessThan);
    }
    return byOffset.trim(s.<Byte>equal(2));
  }

  @Override
  public String toString() {
    return name();
  }
}
