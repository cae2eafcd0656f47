package io.dynakeys.runtime;

import java.util.Objects;

/**
 * A range over the next sort attribute of a native index query when that attribute is an integer
 * ({@code byte} to {@code long}, or a box): as {@link ValueRangeStep}, with {@code long} bounds, so
 * that {@code points().atLeast(10)} compiles for an {@code int} and a {@code long} alike. DynamoDB
 * compares the stored numbers numerically, negative ones included.
 *
 * @param <R> the items the query reads
 */
public final class LongRangeStep<R> {
  private final KeyQuery<R> query;

  private LongRangeStep(KeyQuery<R> query) {
    this.query = Objects.requireNonNull(query, "query");
  }

  /** The range step over the sort attribute after the equal ones of {@code query}. For generated stages. */
  public static <R> LongRangeStep<R> of(KeyQuery<R> query) {
    return new LongRangeStep<>(query);
  }

  /**
   * Items whose attribute is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when {@code lo > hi}
   */
  public KeyQuery<R> between(long lo, long hi) {
    return query.withNativeRange(lo, true, hi, true);
  }

  /** Items whose attribute is at least {@code value}. */
  public KeyQuery<R> atLeast(long value) {
    return query.withNativeRange(value, true, null, false);
  }

  /** Items whose attribute is at most {@code value}. */
  public KeyQuery<R> atMost(long value) {
    return query.withNativeRange(null, false, value, true);
  }

  /** Items whose attribute is greater than {@code value}. */
  public KeyQuery<R> greaterThan(long value) {
    return query.withNativeRange(value, false, null, false);
  }

  /** Items whose attribute is less than {@code value}. */
  public KeyQuery<R> lessThan(long value) {
    return query.withNativeRange(null, false, value, false);
  }

  @Override
  public String toString() {
    return "LongRangeStep[after " + query + "]";
  }
}
