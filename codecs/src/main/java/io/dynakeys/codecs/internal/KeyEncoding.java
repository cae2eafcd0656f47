package io.dynakeys.codecs.internal;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;

/**
 * How the values of one Java type are written into keys: every fact about one key type, in one
 * place. {@link KeyTypes} registers one encoding per type; the configured codecs
 * ({@link TextCodec}, {@link PaddedCodec}) run it at run time, and the processor runs the same
 * code at compile time: to check widths, to know lengths and alphabets, and to draw examples.
 *
 * <p>An encoding has a <em>text form</em>, used when the component has no {@code @Padded}, and,
 * when {@link #paddable()}, a <em>digits form</em>: the value as a whole number of units (epoch
 * milliseconds for an {@code Instant}) that {@link PaddedLongCodec} writes as fixed-width digits.
 *
 * <p>Methods that refuse a value or a text throw {@link IllegalArgumentException} with the
 * problem alone ("has a fraction of a millisecond"); the configured codecs add the record, the
 * component and the value. {@link #fromText} must accept exactly the texts {@link #toText}
 * produces: {@link TextCodec} checks that re-encoding a parsed value gives the text back.
 *
 * <p>Adding a key type is one implementation of this interface and one line in
 * {@link KeyTypes}; nothing in the processor or the generated code names the type.
 *
 * @param <T> the Java type (the box, for primitives)
 */
public interface KeyEncoding<T> {

  /** How messages name the type: {@code int}, {@code Instant}, {@code String}. */
  String label();

  /**
   * The Java types whose values this encodes: qualified names, and primitive names for the
   * primitives ({@code int} and {@code java.lang.Integer}).
   */
  List<String> javaTypes();

  // ---- text form ------------------------------------------------------------------------------

  /** The key text of a non-null value. */
  String toText(T value);

  /** The value a key text stands for; accepts exactly the texts {@link #toText} produces. */
  T fromText(String text);

  /**
   * The value a person typed ({@code --partition 2026-SPRING} on the command line): every key
   * text, and the other usual spellings of a value, which {@link #fromText} refuses because no
   * key holds them: a number with a {@code +}, leading zeros or surrounding blanks, an upper-case
   * UUID, an ISO date-time with fewer fractional digits or another offset. By default the key
   * text alone. Never used to read keys.
   *
   * @throws IllegalArgumentException when the text is no value of the type
   */
  default T fromUserText(String text) {
    return fromText(text);
  }

  /**
   * The text of a range bound, which may be a text no value has (an empty string bound, which
   * sorts first); by default the value's own text.
   */
  default String boundText(T value) {
    return toText(value);
  }

  /** The length in chars of every text, when it is the same for all values; -1 when it varies. */
  default int textLength() {
    return -1;
  }

  /** The shortest text in UTF-8 bytes. */
  default int minimumTextBytes() {
    int length = textLength();
    return length >= 0 ? length : 1;
  }

  /**
   * The characters a text may contain, when that is a fixed set (for the delimiter checks);
   * {@code null} for free text, whose values are checked for the delimiter one by one.
   */
  default String textAlphabet() {
    return null;
  }

  /**
   * Whether texts sort in value order. Not so for integers written as decimal text ({@code "10"}
   * sorts before {@code "2"}), which a sort key must pad.
   */
  default boolean textSortsByValue() {
    return true;
  }

  /**
   * The order of values in keys, when the text form can hold only some values ({@link #first()}
   * to {@link #last()}): range bounds beyond them are clamped, or the range is empty. {@code null}
   * when every value has a text.
   */
  default Comparator<? super T> order() {
    return null;
  }

  /** The smallest value with a text form, when {@link #order()} is not null. */
  default T first() {
    return null;
  }

  /** The largest value with a text form, when {@link #order()} is not null. */
  default T last() {
    return null;
  }

  /** The texts of every value, when there are finitely many (an enum's names); else {@code null}. */
  default List<String> allTexts() {
    return null;
  }

  // ---- digits form (@Padded) ------------------------------------------------------------------

  /** Whether {@code @Padded} can encode the type. */
  default boolean paddable() {
    return false;
  }

  /** What the digits count, for messages: {@code int values}, {@code Instant epoch milliseconds}. */
  default String unit() {
    return label() + " values";
  }

  /** The smallest number of units the type has; the default {@code min} of a padded domain is 0. */
  default long minUnits() {
    throw notPaddable();
  }

  /** The largest number of units the type has: the default {@code max} of a padded domain. */
  default long maxUnits() {
    throw notPaddable();
  }

  /**
   * Whether a padded domain must declare its {@code max}, because the type has no largest value
   * of its own ({@code BigInteger}).
   */
  default boolean requiresDeclaredMax() {
    return false;
  }

  /** The exact number of units of a value; refuses values that are not a whole number of units. */
  default long toUnits(T value) {
    throw notPaddable();
  }

  /** The value of a number of units. */
  default T fromUnits(long units) {
    throw notPaddable();
  }

  /** The largest whole number of units at or below {@code bound}. */
  default BigInteger floorUnits(T bound) {
    throw notPaddable();
  }

  /** The smallest whole number of units at or above {@code bound}. */
  default BigInteger ceilUnits(T bound) {
    throw notPaddable();
  }

  /** A number of units as a reader knows it: {@code 1970-01-01T00:00:00Z} for 0 milliseconds. */
  default String showUnits(long units) {
    return Long.toString(units);
  }

  // ---- examples -------------------------------------------------------------------------------

  /**
   * A value for documentation. {@code ordinal} (0, 1, 2, ...) varies it, so that two components
   * of one key do not show the same value.
   */
  T example(int ordinal);

  private UnsupportedOperationException notPaddable() {
    return new UnsupportedOperationException("@Padded cannot encode " + label());
  }
}
