package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import java.math.BigInteger;

/**
 * The codec of a {@code @Padded} component whose type is not a primitive integer: an
 * {@code Instant}, a {@code LocalDate}, a {@code BigInteger}, ... Its {@link KeyEncoding} turns a
 * value into a whole number of units (epoch milliseconds, epoch days), which a
 * {@link PaddedLongCodec} writes as fixed-width digits; {@code min} and {@code max} are in those
 * units.
 *
 * <p>Values that are not a whole number of units (an instant with a fraction of a millisecond)
 * are refused, never truncated. Range bounds need not be whole: {@code atLeast(t)} starts at the
 * first whole unit at or after {@code t}, exactly, also for bounds beyond the {@code long} range
 * ({@code Instant.MAX}); a range that holds no value of the domain is empty.
 *
 * @param <T> the component's type
 */
public final class PaddedCodec<T> implements OrderedCodec<T> {
  private final String record;
  private final String component;
  private final KeyEncoding<T> encoding;
  private final PaddedLongCodec digits;

  /**
   * @param record the record's simple name, for messages
   * @param component the component's name, for messages
   * @param encoding the component type's encoding; it must be {@link KeyEncoding#paddable()}
   * @param width the exact number of digits
   * @param min the smallest value of the domain, in units
   * @param max the largest value of the domain, in units
   * @param inverted whether to store the nines' complement (largest first)
   */
  public PaddedCodec(String record, String component, KeyEncoding<T> encoding, int width, long min,
      long max, boolean inverted) {
    if (!encoding.paddable()) {
      throw new IllegalArgumentException(record + "." + component + ": @Padded cannot encode "
          + encoding.label());
    }
    if (min < encoding.minUnits() || max > encoding.maxUnits()) {
      throw new IllegalArgumentException(record + "." + component + ": the domain [" + min + ", "
          + max + "] is wider than " + encoding.label() + " can hold ([" + encoding.minUnits() + ", "
          + encoding.maxUnits() + "] " + encoding.unit() + ")");
    }
    this.record = record;
    this.component = component;
    this.encoding = encoding;
    this.digits = new PaddedLongCodec(record, component, width, min, max, inverted, new Units(encoding));
  }

  /**
   * A number of units as its encoding shows it, for messages. A class rather than a method
   * reference: every padded codec makes one when generated code is first loaded, and a method
   * reference's first use spins a class at run time, which a new process pays at every start.
   */
  private static final class Units implements java.util.function.LongFunction<String> {
    private final KeyEncoding<?> encoding;

    Units(KeyEncoding<?> encoding) {
      this.encoding = encoding;
    }

    @Override
    public String apply(long units) {
      return encoding.showUnits(units);
    }
  }

  /**
   * The codec of a padded component of {@code type}, whose encoding {@link KeyTypes} registers;
   * what generated code calls.
   */
  public static <T> PaddedCodec<T> of(Class<T> type, String record, String component, int width,
      long min, long max, boolean inverted) {
    return new PaddedCodec<>(record, component, KeyTypes.forClass(type), width, min, max, inverted);
  }

  @Override
  public String record() {
    return record;
  }

  @Override
  public String component() {
    return component;
  }

  /** Exactly {@code width} digits, inverted or not. */
  @Override
  public EntityLayout.Segment segment() {
    return new EntityLayout.Segment(component, EntityLayout.Kind.DIGITS, digits.width(), digits.inverted(), '\0', this);
  }

  /** As {@link #decode(KeyReader)}: digits end where their width does, wherever they stand. */
  @Override
  public T decode(KeyReader reader, boolean last) {
    return decode(reader);
  }

  @Override
  public T fromUserText(String text) {
    T value = encoding.fromUserText(text);
    units(value);
    return value;
  }

  /** The digits codec underneath, whose numbers are units of this type. */
  public PaddedLongCodec digits() {
    return digits;
  }

  /** The encoding of the component's type. */
  public KeyEncoding<T> encoding() {
    return encoding;
  }

  /** Whether {@link #stored} and {@link #zeros} may be used (see {@link PaddedLongCodec}). */
  public boolean storedFitsInLong() {
    return digits.storedFitsInLong();
  }

  /** The number written for {@code value}; see {@link PaddedLongCodec#stored}. */
  public long stored(T value) {
    return digits.stored(units(value));
  }

  /** The zeros that pad a stored number to the width. */
  public String zeros(long stored) {
    return digits.zeros(stored);
  }

  /** The encoded digits of {@code value}. */
  @Override
  public String encode(T value) {
    return digits.encode(units(value));
  }

  /** Reads this component's digits from {@code reader}. */
  public T decode(KeyReader reader) {
    long units = digits.decode(reader);
    try {
      return encoding.fromUnits(units);
    } catch (RuntimeException e) {
      throw reader.error(component, units + " " + encoding.unit() + " is not a " + encoding.label()
          + ": " + e.getMessage());
    }
  }

  /** Parses a whole text that holds only this component (for tests and tools). */
  @Override
  public T parse(String text) {
    KeyReader reader = new KeyReader(text, record, component, '\uffff');
    T value = decode(reader);
    reader.end();
    return value;
  }

  /** Values at or after {@code value}. */
  @Override
  public ComponentRange atLeast(T value) {
    return digits.range(ceil(value), null, "at least " + value);
  }

  /** Values after {@code value}. */
  @Override
  public ComponentRange greaterThan(T value) {
    return digits.range(floor(value).add(BigInteger.ONE), null, "greater than " + value);
  }

  /** Values at or before {@code value}. */
  @Override
  public ComponentRange atMost(T value) {
    return digits.range(null, floor(value), "at most " + value);
  }

  /** Values before {@code value}. */
  @Override
  public ComponentRange lessThan(T value) {
    return digits.range(null, ceil(value).subtract(BigInteger.ONE), "less than " + value);
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  @Override
  public ComponentRange between(T lo, T hi) {
    String condition = "between " + lo + " and " + hi;
    BigInteger from = ceil(lo);
    BigInteger to = floor(hi);
    if (floor(lo).compareTo(ceil(hi)) > 0) {
      return ComponentRange.empty(record + "." + component + " " + condition
          + ": the lower bound is above the upper bound");
    }
    return digits.range(from, to, condition);
  }

  private BigInteger floor(T bound) {
    return encoding.floorUnits(nonNullBound(bound));
  }

  private BigInteger ceil(T bound) {
    return encoding.ceilUnits(nonNullBound(bound));
  }

  private T nonNullBound(T bound) {
    if (bound == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return bound;
  }

  private long units(T value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    long units;
    try {
      units = encoding.toUnits(value);
    } catch (IllegalArgumentException e) {
      throw new KeyFormatException(record, component, value.toString(), e.getMessage());
    }
    if (units < digits.min() || units > digits.max()) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the domain [" + encoding.showUnits(digits.min()) + ", "
              + encoding.showUnits(digits.max()) + "] (" + encoding.unit() + " [" + digits.min()
              + ", " + digits.max() + "]) declared by @Padded(" + digits.width() + ")");
    }
    return units;
  }
}
