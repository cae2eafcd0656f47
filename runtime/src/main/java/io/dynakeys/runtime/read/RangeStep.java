package io.dynakeys.runtime.read;

import io.dynakeys.runtime.KeyFormatException;

/**
 * A range over the next sort component of a query stage: {@code RunKeys.query(season).score()}
 * is the range step of {@code score}, and {@code .atLeast(1000)} ends the query. Bounds are in
 * value space, whatever the encoding ({@code @Inverted} is flipped, dates and times compare as
 * they do in Java, strings by their key text), and exact: the items returned are exactly those
 * whose component lies in the range, in key order, whatever components follow it.
 *
 * <p>A step is held by the runtime rather than generated, one method per component and stage
 * instead of five; the stages still decide which component a range may take (the next one, never
 * the tiebreaker), so the staged guarantees are the same.
 *
 * @param <R> the items the query reads
 * @param <T> the component's type
 */
public interface RangeStep<R, T> {
  /**
   * Items whose component is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when a bound is null
   */
  QueryStage<R> between(T lo, T hi);

  /**
   * Items whose component is at least {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  QueryStage<R> atLeast(T value);

  /**
   * Items whose component is at most {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  QueryStage<R> atMost(T value);

  /**
   * Items whose component is greater than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  QueryStage<R> greaterThan(T value);

  /**
   * Items whose component is less than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  QueryStage<R> lessThan(T value);
}
