package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.codecs.internal.OrderedCodec;
import java.util.Objects;

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
public final class Range<R, T> implements RangeStep<R, T> {
  private final KeyQuery<R> query;
  /** The component's codec, or {@code null} for a native index's attribute. */
  private final OrderedCodec<T> codec;
  private final boolean last;

  private Range(KeyQuery<R> query, OrderedCodec<T> codec, boolean last) {
    this.query = Objects.requireNonNull(query, "query");
    this.codec = codec;
    this.last = last;
  }

  /**
   * The range step over the component {@code codec} writes, after the prefix of {@code query}.
   * For generated stages.
   *
   * @param query the stage's query, whose sort prefix ends just before the component
   * @param codec the component's codec
   * @param last whether the component is the last of the sort key
   * @param <R> the items
   * @param <T> the component's type
   * @return the step
   */
  public static <R, T> Range<R, T> of(KeyQuery<R> query, OrderedCodec<T> codec, boolean last) {
    return new Range<>(query, Objects.requireNonNull(codec, "codec"), last);
  }

  /**
   * The range step over the sort attribute of a native index key that follows the equal ones of
   * {@code query}: bounds are the attribute's values, converted by the table schema and compared
   * by DynamoDB in their stored type's order. For generated stages.
   *
   * @param query a query of a native index
   * @param <R> the items
   * @param <T> the attribute's type
   * @return the step
   */
  public static <R, T> Range<R, T> ofNative(KeyQuery<R> query) {
    return new Range<>(query, null, true);
  }

  /**
   * Items whose component is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when a bound is null
   */
  @Override
  public KeyQuery<R> between(T lo, T hi) {
    return codec == null ? query.withNativeRange(required(lo), true, required(hi), true) : query.withRange(codec.between(lo, hi), last);
  }

  /**
   * Items whose component is at least {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  @Override
  public KeyQuery<R> atLeast(T value) {
    return codec == null ? query.withNativeRange(required(value), true, null, false) : query.withRange(codec.atLeast(value), last);
  }

  /**
   * Items whose component is at most {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  @Override
  public KeyQuery<R> atMost(T value) {
    return codec == null ? query.withNativeRange(null, false, required(value), true) : query.withRange(codec.atMost(value), last);
  }

  /**
   * Items whose component is greater than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  @Override
  public KeyQuery<R> greaterThan(T value) {
    return codec == null ? query.withNativeRange(required(value), false, null, false) : query.withRange(codec.greaterThan(value), last);
  }

  /**
   * Items whose component is less than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   * @throws KeyFormatException when the bound is null
   */
  @Override
  public KeyQuery<R> lessThan(T value) {
    return codec == null ? query.withNativeRange(null, false, required(value), false) : query.withRange(codec.lessThan(value), last);
  }

  private T required(T bound) {
    if (bound == null) {
      throw new KeyFormatException(query.nativeCondition() == null ? "?" : query.nativeCondition().indexName(),
          "range bound", null, "a range bound cannot be null");
    }
    return bound;
  }

  /** The component and the query it narrows. */
  @Override
  public String toString() {
    return "RangeStep[" + (codec == null ? "native" : codec.record() + "." + codec.component()) + " after " + query + "]";
  }
}
