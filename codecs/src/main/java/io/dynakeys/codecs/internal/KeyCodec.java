package io.dynakeys.codecs.internal;

/**
 * The codec of one key component: every fact about how a component's values are written into a
 * key, read back and described, behind one interface. There are three shapes, chosen by how a
 * component is declared and never by its type: text ({@link TextCodec}), fixed-width digits
 * ({@link PaddedCodec}, whose {@link PaddedCodec#digits() digits} are a {@link PaddedLongCodec})
 * and a path ({@link PathCodec}). The ordered shapes, whose ranges a query can ask for, are
 * {@link OrderedCodec}s.
 *
 * <p>Generated code holds one codec per key component and calls it; the processor runs the same
 * codecs at compile time; the command line reads them from a record's descriptor. Whoever needs to
 * know how a component is written asks its codec: {@link #segment()} describes it, and nothing
 * else re-derives a width, a complement or a text form.
 *
 * @param <T> the component's type (the box, for primitives)
 */
public sealed interface KeyCodec<T> permits OrderedCodec, PathCodec {

  /** The record's simple name, as messages name it. */
  String record();

  /** The component's name. */
  String component();

  /**
   * The encoded text of {@code value}, validated.
   *
   * @throws io.dynakeys.runtime.KeyFormatException when the value is null, outside the domain,
   *     holds the delimiter or has no key text
   */
  String encode(T value);

  /**
   * Reads this component from {@code reader}; {@code last} when nothing follows it in the key.
   * Accepts exactly the texts {@link #encode} writes.
   */
  T decode(KeyReader reader, boolean last);

  /** Parses a whole text that holds only this component. */
  T parse(String text);

  /**
   * The value a person typed (on the command line): every key text, and the usual spellings no
   * key holds ({@code +5}, {@code 007}, an upper-case UUID, any ISO-8601 form); checked against
   * the domain and the delimiter like {@link #encode}.
   *
   * @throws IllegalArgumentException when the text is no value of the component
   */
  T fromUserText(String text);

  /** How this component is written in a key: its kind, length, inversion, path delimiter. */
  EntityLayout.Segment segment();
}
