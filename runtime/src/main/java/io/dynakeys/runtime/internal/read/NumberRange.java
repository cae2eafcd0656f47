package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.read.NumberRangeStep;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import java.util.Objects;

/**
 * A range over the next sort component of a query stage when that component is a padded integer
 * ({@code byte}, {@code short}, {@code int}, {@code long} or their boxes): as {@link RangeStep},
 * with bounds taken as {@code long}s, so {@code score().atLeast(1000)} compiles whatever the
 * component's integer type. A bound outside the component's domain is exact too: a range is cut to
 * the domain, and one that holds no value of it is refused. The same type ranges over an integer
 * sort attribute of a native index key ({@link #ofNative}), whose stored numbers DynamoDB compares.
 *
 * @param <R> the items the query reads
 */
public final class NumberRange<R> implements NumberRangeStep<R> {
  private final KeyQuery<R> query;
  /** The component's digits codec, or {@code null} for a native index's number attribute. */
  private final PaddedLongCodec codec;
  private final boolean last;

  private NumberRange(KeyQuery<R> query, PaddedLongCodec codec, boolean last) {
    this.query = Objects.requireNonNull(query, "query");
    this.codec = codec;
    this.last = last;
  }

  /**
   * The range step over the component whose digits {@code codec} writes, after the prefix of
   * {@code query}. For generated stages.
   *
   * @param query the stage's query, whose sort prefix ends just before the component
   * @param codec the component's digits codec
   * @param last whether the component is the last of the sort key
   * @param <R> the items
   * @return the step
   */
  public static <R> NumberRange<R> of(KeyQuery<R> query, PaddedLongCodec codec, boolean last) {
    return new NumberRange<>(query, Objects.requireNonNull(codec, "codec"), last);
  }

  /**
   * The range step over an integer sort attribute of a native index key that follows the equal
   * ones of {@code query}; DynamoDB compares the stored numbers. For generated stages.
   *
   * @param query a query of a native index
   * @param <R> the items
   * @return the step
   */
  public static <R> NumberRange<R> ofNative(KeyQuery<R> query) {
    return new NumberRange<>(query, null, true);
  }

  /**
   * Items whose component is from {@code lo} to {@code hi}, both included.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  @Override
  public KeyQuery<R> between(long lo, long hi) {
    return codec == null ? query.withNativeRange(lo, true, hi, true) : query.withRange(codec.between(lo, hi), last);
  }

  /**
   * Items whose component is at least {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  @Override
  public KeyQuery<R> atLeast(long value) {
    return codec == null ? query.withNativeRange(value, true, null, false) : query.withRange(codec.atLeast(value), last);
  }

  /**
   * Items whose component is at most {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  @Override
  public KeyQuery<R> atMost(long value) {
    return codec == null ? query.withNativeRange(null, false, value, true) : query.withRange(codec.atMost(value), last);
  }

  /**
   * Items whose component is greater than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  @Override
  public KeyQuery<R> greaterThan(long value) {
    return codec == null ? query.withNativeRange(value, false, null, false) : query.withRange(codec.greaterThan(value), last);
  }

  /**
   * Items whose component is less than {@code value}.
   *
   * @throws IllegalArgumentException when no value of the domain is in the range
   */
  @Override
  public KeyQuery<R> lessThan(long value) {
    return codec == null ? query.withNativeRange(null, false, value, false) : query.withRange(codec.lessThan(value), last);
  }

  /** The query it narrows. */
  @Override
  public String toString() {
    return "NumberRangeStep[after " + query + "]";
  }
}
