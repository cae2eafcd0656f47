package io.dynakeys.runtime;

import java.util.Objects;

/**
 * A range over the next sort attribute of a native index query: {@code RunKeys.queryByTeam(team)
 * .score()} is the range step of {@code score}, and {@code .atLeast(10)} ends the query. A native
 * index keeps each component in its own attribute with its own type, so bounds are values compared
 * as DynamoDB compares the stored attribute: numbers numerically, strings by their UTF-8 bytes,
 * binary unsigned (the processor accepts only components whose stored form sorts like their
 * values). An integer component has a {@link LongRangeStep}, whose bounds are {@code long}s.
 *
 * <p>Held by the runtime, like {@link RangeStep}: the generated stage decides which attribute may
 * take the range (the one after the equal ones), so the staged guarantees are the same.
 *
 * @param <R> the items the query reads
 * @param <T> the bounds' type
 */
public final class ValueRangeStep<R, T> {
  private final KeyQuery<R> query;

  private ValueRangeStep(KeyQuery<R> query) {
    this.query = Objects.requireNonNull(query, "query");
  }

  /**
   * The range step over the sort attribute after the equal ones of {@code query}, a native index
   * query. For generated stages.
   */
  public static <R, T> ValueRangeStep<R, T> of(KeyQuery<R> query) {
    return new ValueRangeStep<>(query);
  }

  /**
   * Items whose attribute is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when {@code lo} sorts after {@code hi}
   * @throws KeyFormatException when a bound is null
   */
  public KeyQuery<R> between(T lo, T hi) {
    return query.withNativeRange(required(lo), true, required(hi), true);
  }

  /** Items whose attribute is at least {@code value}. */
  public KeyQuery<R> atLeast(T value) {
    return query.withNativeRange(required(value), true, null, false);
  }

  /** Items whose attribute is at most {@code value}. */
  public KeyQuery<R> atMost(T value) {
    return query.withNativeRange(null, false, required(value), true);
  }

  /** Items whose attribute is greater than {@code value}. */
  public KeyQuery<R> greaterThan(T value) {
    return query.withNativeRange(required(value), false, null, false);
  }

  /** Items whose attribute is less than {@code value}. */
  public KeyQuery<R> lessThan(T value) {
    return query.withNativeRange(null, false, required(value), false);
  }

  private T required(T bound) {
    if (bound == null) {
      throw new KeyFormatException(query.nativeCondition() == null ? "?" : query.nativeCondition().indexName(),
          "range bound", null, "a range bound cannot be null");
    }
    return bound;
  }

  @Override
  public String toString() {
    return "ValueRangeStep[after " + query + "]";
  }
}
