package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** {@link Adjustment}: negative domains, one inverted, under a sort key prefix tag. */
final class AdjustmentSchema implements OracleSchema<Adjustment> {
  private static final List<String> ACCOUNTS = List.of("acct-1", "acct-10", "acct-1!", "a");
  private static final List<String> EMPTY_ACCOUNTS = List.of("acct-", "acct-1$", "acct-100");

  private final List<SortComponent<Adjustment>> sort = List.of(
      SortComponent.padded("delta", Adjustment::delta, -50_000, 49_999, false,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, -1, 0, 1, -50_000, 49_999),
      SortComponent.padded("day", Adjustment::day, -999, 999, true,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, -1, 0, 1),
      SortComponent.text("reference", Adjustment::reference, '#', true, true,
          r -> OracleText.random(r, 1, 3), OracleText::alphabet));

  @Override
  public String name() {
    return "Adjustment (negative domains)";
  }

  @Override
  public List<SortComponent<Adjustment>> sort() {
    return sort;
  }

  @Override
  public Object partition(Adjustment item) {
    return item.account();
  }

  @Override
  public Object newPartition(Random random) {
    return OracleText.pick(random, ACCOUNTS);
  }

  @Override
  public Object probePartition(Random random) {
    return OracleText.pick(random, random.nextBoolean() ? ACCOUNTS : EMPTY_ACCOUNTS);
  }

  @Override
  public Adjustment create(Object partition, List<Object> v) {
    return new Adjustment((String) partition, (Integer) v.get(0), (Integer) v.get(1), (String) v.get(2));
  }

  @Override
  public String partitionKey(Adjustment item) {
    return AdjustmentKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Adjustment item) {
    return AdjustmentKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    AdjustmentKeys.Query q = AdjustmentKeys.query((String) s.partition());
    if (s.depth() == 0) {
      return s.<Integer>range(q, q.delta()::between, q.delta()::atLeast, q.delta()::atMost, q.delta()::greaterThan, q.delta()::lessThan);
    }
    AdjustmentKeys.QueryByDelta byDelta = q.delta(s.<Integer>equal(0));
    if (s.depth() == 1) {
      return s.<Integer>range(byDelta, byDelta.day()::between, byDelta.day()::atLeast, byDelta.day()::atMost,
          byDelta.day()::greaterThan, byDelta.day()::lessThan);
    }
    AdjustmentKeys.QueryByDeltaAndDay byDay = byDelta.day(s.<Integer>equal(1));
    if (s.depth() == 2) {
      return byDay;
    }
    return byDay.reference(s.equal(2));
  }

  @Override
  public String toString() {
    return name();
  }
}
