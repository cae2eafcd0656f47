package io.dynakeys.codecs.internal;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;

/**
 * What the date and time encodings share: a fixed-width ISO-8601 text over a fixed alphabet,
 * years 0000 to 9999, ordered as the values are, and {@code @Padded} as a count of units (days,
 * milliseconds). Each subclass gives its text, its units and its examples.
 */
abstract class TemporalEncoding<T> implements KeyEncoding<T> {
  private final Class<T> type;
  private final int textLength;
  private final String alphabet;
  private final Comparator<? super T> order;
  private final T first;
  private final T last;
  private final String unit;
  private final long minUnits;
  private final long maxUnits;

  /**
   * @param type the Java type, whose simple name labels it in messages
   * @param textLength the characters of every text
   * @param alphabet the characters a text may contain
   * @param order the values' order, which the texts and the units keep
   * @param first the first value a text can hold
   * @param last the last value a text can hold
   * @param unit what one unit of the padded form is, for messages
   * @param minUnits the fewest units a value has
   * @param maxUnits the most units a value has
   */
  TemporalEncoding(Class<T> type, int textLength, String alphabet, Comparator<? super T> order, T first, T last,
      String unit, long minUnits, long maxUnits) {
    this.type = type;
    this.textLength = textLength;
    this.alphabet = alphabet;
    this.order = order;
    this.first = first;
    this.last = last;
    this.unit = unit;
    this.minUnits = minUnits;
    this.maxUnits = maxUnits;
  }

  @Override
  public final String label() {
    return type.getSimpleName();
  }

  @Override
  public final List<String> javaTypes() {
    return List.of(type.getName());
  }

  @Override
  public final int textLength() {
    return textLength;
  }

  @Override
  public final String textAlphabet() {
    return alphabet;
  }

  @Override
  public final Comparator<? super T> order() {
    return order;
  }

  @Override
  public final T first() {
    return first;
  }

  @Override
  public final T last() {
    return last;
  }

  @Override
  public final boolean paddable() {
    return true;
  }

  @Override
  public final String unit() {
    return unit;
  }

  @Override
  public final long minUnits() {
    return minUnits;
  }

  @Override
  public final long maxUnits() {
    return maxUnits;
  }

  /**
   * The encodings padded as milliseconds of a clock that counts from 1970-01-01T00:00 (UTC for
   * instants, the local clock for local date-times): a value with a fraction of a millisecond is
   * refused, never truncated, and range bounds are floored and ceiled exactly.
   */
  abstract static class EpochMillisEncoding<T> extends TemporalEncoding<T> {
    EpochMillisEncoding(Class<T> type, int textLength, String alphabet, Comparator<? super T> order, T first,
        T last, String unit) {
      super(type, textLength, alphabet, order, first, last, unit, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** The value's seconds since 1970-01-01T00:00 on the encoding's clock. */
    abstract long epochSecond(T value);

    /** The value's nanoseconds within its second. */
    abstract int nano(T value);

    @Override
    public final long toUnits(T value) {
      return EpochMillis.exact(epochSecond(value), nano(value));
    }

    @Override
    public final BigInteger floorUnits(T bound) {
      return EpochMillis.floor(epochSecond(bound), nano(bound));
    }

    @Override
    public final BigInteger ceilUnits(T bound) {
      return EpochMillis.ceil(epochSecond(bound), nano(bound));
    }
  }
}
