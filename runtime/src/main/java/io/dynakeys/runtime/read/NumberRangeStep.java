package io.dynakeys.runtime.read;


/**
 * A range over the next sort component of a query stage when that component is a padded integer
 * ({@code byte}, {@code short}, {@code int}, {@code long} or their boxes): as {@link RangeStep},
 * with bounds taken as {@code long}s, so {@code score().atLeast(1000)} compiles whatever the
 * component's integer type. A bound outside the component's domain is exact too: a range is cut to
 * the domain, and one that holds no value of it is refused. The same type ranges over an integer
 * sort attribute of a native index key, whose stored numbers DynamoDB compares.
 *
 * @param <R> the items the query reads
 */
public interface NumberRangeStep<R> {
  /**
   * Items whose component is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  QueryStage<R> between(long lo, long hi);

  /**
   * Items whose component is at least {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  QueryStage<R> atLeast(long value);

  /**
   * Items whose component is at most {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  QueryStage<R> atMost(long value);

  /**
   * Items whose component is greater than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  QueryStage<R> greaterThan(long value);

  /**
   * Items whose component is less than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  QueryStage<R> lessThan(long value);
}
