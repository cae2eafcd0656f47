package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.RandomValues;
import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded fuzzing of every parser: for a text codec of every registered encoding (with delimiters
 * inside and outside its alphabet), an enum, a path, and a padded codec of every paddable encoding
 * (narrow and wide domains, negative minimums, inverted or not), valid keys are mutated (chars
 * inserted, deleted, replaced and swapped: delimiters, digits, lone surrogates, U+0000, U+FFFF,
 * non-ASCII look-alikes) and each result is parsed. The contract:
 *
 * <ul>
 *   <li>a parser fails only with {@link KeyFormatException}, never another exception;
 *   <li>{@code parse(s)} succeeds only when {@code encode(parse(s))} is {@code s} again: a parser
 *       accepts nothing an encoder does not write;
 *   <li>and conversely, when an independent, lenient reading of {@code s} (the JDK's own parsers)
 *       gives a value whose encoding is {@code s}, the parser accepts {@code s} and gives that value.
 * </ul>
 *
 * The seed is printed once; replay with {@code -Ddynakeys.seed=}, and scale the number of mutated
 * keys per codec with {@code -Ddynakeys.fuzz.iterations=} (small by default, so the module's tests
 * run in seconds).
 */
class ParserFuzzTest {

  enum Mood { HAPPY, SAD, CAF\u00c9, A_B, X }

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  /** A codec under test, seen as text in, value out. */
  interface Subject {
    String name();

    /** Parses a whole text of the component. */
    Object parse(String text);

    /** Reads the component from the middle of a whole key, {@code P<d><text><d>z}. */
    Object decodeInside(String text);

    /** Encodes a value the parser gave. */
    String encode(Object value);

    /** A random valid value. */
    Object random(SplittableRandom r);

    /** An independent, lenient reading of {@code text}, when it names a value at all. */
    Optional<Object> lenient(String text);

    /** The character the key's components are separated by (a good mutation). */
    char delimiter();
  }

  // ---- text codecs ---------------------------------------------------------------------------

  record TextSubject<T>(String name, TextCodec<T> codec, char delimiter, Function<SplittableRandom, T> values,
      Function<String, T> jdk) implements Subject {
    @Override
    public Object parse(String text) {
      return codec.parse(text);
    }

    @Override
    public Object decodeInside(String text) {
      KeyReader reader = KeyReader.sortKey("P" + delimiter + text + delimiter + "z", "Rec", delimiter);
      reader.literal("P" + delimiter);
      T value = codec.decode(reader, false);
      reader.delimiter("z");
      reader.segment("z", true);
      reader.end();
      return value;
    }

    @SuppressWarnings("unchecked")
    @Override
    public String encode(Object value) {
      return codec.encode((T) value);
    }

    @Override
    public Object random(SplittableRandom r) {
      return values.apply(r);
    }

    @Override
    public Optional<Object> lenient(String text) {
      try {
        return Optional.ofNullable(jdk.apply(text));
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** A padded codec, which reads digits. */
  record PaddedSubject<T>(String name, PaddedCodec<T> codec, char delimiter) implements Subject {
    @Override
    public Object parse(String text) {
      return codec.parse(text);
    }

    @Override
    public Object decodeInside(String text) {
      KeyReader reader = KeyReader.sortKey("P" + delimiter + text + delimiter + "z", "Rec", delimiter);
      reader.literal("P" + delimiter);
      T value = codec.decode(reader);
      reader.delimiter("z");
      reader.segment("z", true);
      reader.end();
      return value;
    }

    @SuppressWarnings("unchecked")
    @Override
    public String encode(Object value) {
      return codec.encode((T) value);
    }

    @Override
    public Object random(SplittableRandom r) {
      PaddedLongCodec digits = codec.digits();
      for (int attempt = 0; ; attempt++) {
        long units = RandomValues.inRange(r, digits.min(), digits.max());
        try {
          return codec.encoding().fromUnits(units);
        } catch (RuntimeException e) {
          if (attempt > 100) {
            throw e;
          }
        }
      }
    }

    /** Any {@code width} ASCII digits name a number of units; it is a value if in the domain. */
    @Override
    public Optional<Object> lenient(String text) {
      PaddedLongCodec digits = codec.digits();
      if (text.length() != digits.width() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return Optional.empty();
      }
      BigInteger written = new BigInteger(text);
      BigInteger stored = digits.inverted() ? BigInteger.TEN.pow(digits.width()).subtract(BigInteger.ONE).subtract(written) : written;
      BigInteger units = stored.add(BigInteger.valueOf(PaddedLongCodec.offset(digits.min())));
      if (units.compareTo(BigInteger.valueOf(digits.min())) < 0 || units.compareTo(BigInteger.valueOf(digits.max())) > 0) {
        return Optional.empty();
      }
      try {
        return Optional.of(codec.encoding().fromUnits(units.longValueExact()));
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** A padded integer as generated code reads it: {@link PaddedLongCodec} alone, unboxed. */
  record DigitsSubject(String name, PaddedLongCodec codec, char delimiter) implements Subject {
    @Override
    public Object parse(String text) {
      return codec.parse(text);
    }

    @Override
    public Object decodeInside(String text) {
      KeyReader reader = KeyReader.sortKey("P" + delimiter + text + delimiter + "z", "Rec", delimiter);
      reader.literal("P" + delimiter);
      long value = codec.decode(reader);
      reader.delimiter("z");
      reader.segment("z", true);
      reader.end();
      return value;
    }

    @Override
    public String encode(Object value) {
      return codec.encode((Long) value);
    }

    @Override
    public Object random(SplittableRandom r) {
      return RandomValues.inRange(r, codec.min(), codec.max());
    }

    @Override
    public Optional<Object> lenient(String text) {
      if (text.length() != codec.width() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
        return Optional.empty();
      }
      BigInteger written = new BigInteger(text);
      BigInteger stored = codec.inverted() ? BigInteger.TEN.pow(codec.width()).subtract(BigInteger.ONE).subtract(written) : written;
      BigInteger value = stored.add(BigInteger.valueOf(PaddedLongCodec.offset(codec.min())));
      boolean inDomain = value.compareTo(BigInteger.valueOf(codec.min())) >= 0 && value.compareTo(BigInteger.valueOf(codec.max())) <= 0;
      return inDomain ? Optional.of(value.longValueExact()) : Optional.empty();
    }

    @Override
    public String toString() {
      return name;
    }
  }

  // ---- random values and lenient readings per type ----------------------------------------------

  private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  /** Random values of an encoding's type; unknown types (added later) use its examples. */
  static Function<SplittableRandom, Object> values(KeyEncoding<?> encoding, char delimiter) {
    switch (encoding.label()) {
      case "byte":
        return r -> (byte) RandomValues.inRange(r, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case "short":
        return r -> (short) RandomValues.inRange(r, Short.MIN_VALUE, Short.MAX_VALUE);
      case "int":
        return r -> (int) RandomValues.inRange(r, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case "long":
        return r -> RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE);
      case "BigInteger":
        return r -> BigInteger.valueOf(RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE)).shiftLeft(r.nextInt(70));
      case "String":
        return r -> RandomValues.text(r, 6, delimiter);
      case "UUID":
        return r -> new UUID(r.nextInt(4) == 0 ? r.nextInt(3) - 1 : r.nextLong(), r.nextLong());
      case "Instant":
        return ParserFuzzTest::instant;
      case "LocalDate":
        return r -> LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay()));
      case "LocalDateTime":
        return r -> LocalDateTime.ofInstant(instant(r), ZoneOffset.UTC);
      case "OffsetDateTime":
        return r -> instant(r).atOffset(ZoneOffset.ofTotalSeconds((r.nextInt(37) - 18) * 3600));
      default:
        return r -> encoding.example(r.nextInt(1000));
    }
  }

  private static Instant instant(SplittableRandom r) {
    long s = RandomValues.inRange(r, FIRST.getEpochSecond(), LAST.getEpochSecond());
    return Instant.ofEpochSecond(s, r.nextBoolean() ? 0 : r.nextBoolean() ? r.nextInt(1000) * 1_000_000 : r.nextInt(1_000_000_000));
  }

  /** The JDK's lenient reading of a text as a value of the encoding's type. */
  static Function<String, Object> jdk(KeyEncoding<?> encoding) {
    switch (encoding.label()) {
      case "byte":
        return t -> new BigInteger(t.trim()).byteValueExact();
      case "short":
        return t -> new BigInteger(t.trim()).shortValueExact();
      case "int":
        return t -> new BigInteger(t.trim()).intValueExact();
      case "long":
        return t -> new BigInteger(t.trim()).longValueExact();
      case "BigInteger":
        return t -> new BigInteger(t.trim());
      case "String":
        return t -> t;
      case "UUID":
        return UUID::fromString;
      case "Instant":
        return Instant::parse;
      case "LocalDate":
        return LocalDate::parse;
      case "LocalDateTime":
        return LocalDateTime::parse;
      case "OffsetDateTime":
        return t -> OffsetDateTime.parse(t).withOffsetSameInstant(ZoneOffset.UTC);
      default:
        return t -> null;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Stream<Arguments> subjects() {
    List<Subject> subjects = new ArrayList<>();
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      // '#': outside every fixed alphabet; '-', ':' and '1' lie inside some, which makes those free text.
      for (char delimiter : new char[] {'#', '-', ':', '1', '\u0000'}) {
        subjects.add(new TextSubject(encoding.label() + " text, delimiter " + show(delimiter),
            new TextCodec("Rec", "c", delimiter, encoding), delimiter, values(encoding, delimiter), jdk(encoding)));
      }
      if (encoding.paddable()) {
        for (boolean inverted : new boolean[] {false, true}) {
          for (long[] domain : domains(encoding)) {
            int width = PaddedLongCodec.digitsNeeded(domain[0], domain[1]) + (int) domain[2];
            String name = encoding.label() + " padded(" + width + ", " + domain[0] + ", " + domain[1] + ")"
                + (inverted ? " inverted" : "");
            subjects.add(new PaddedSubject(name, new PaddedCodec("Rec", "c", encoding, width, domain[0], domain[1], inverted), '#'));
          }
        }
      }
    }
    long[][] digitDomains = {{0, 99, 2}, {-5, Long.MAX_VALUE, 0}, {Long.MIN_VALUE, Long.MAX_VALUE, 0},
        {Long.MIN_VALUE, Long.MAX_VALUE, 10}, {0, Long.MAX_VALUE, 0}, {0, Long.MAX_VALUE, 6}, {7, 7, 0},
        {0, 999_999_999_999_999_999L, 0}};
    for (long[] domain : digitDomains) {
      for (boolean inverted : new boolean[] {false, true}) {
        int width = PaddedLongCodec.digitsNeeded(domain[0], domain[1]) + (int) domain[2];
        subjects.add(new DigitsSubject("digits(" + width + ", " + domain[0] + ", " + domain[1] + ")"
            + (inverted ? " inverted" : ""), new PaddedLongCodec("Rec", "c", width, domain[0], domain[1], inverted), '#'));
      }
    }
    EnumEncoding<Mood> moods = EnumEncoding.of(Mood.class);
    for (char delimiter : new char[] {'#', '_'}) {
      subjects.add(new TextSubject<>("enum text, delimiter " + show(delimiter), new TextCodec<>("Rec", "c", delimiter, moods),
          delimiter, r -> Mood.values()[r.nextInt(Mood.values().length)], Mood::valueOf));
    }
    PathEncoding paths = new PathEncoding('/', '#');
    subjects.add(new TextSubject<>("TreePath text", new TextCodec<>("Rec", "c", '#', paths), '#',
        ParserFuzzTest::path, ParserFuzzTest::lenientPath));
    return subjects.stream().map(s -> Arguments.of(s, PropertySeed.show(PropertySeed.of("fuzz " + s.name()))));
  }

  /** {min, max, extra width}: the type's whole domain, a small one, one above zero, a negative one. */
  private static List<long[]> domains(KeyEncoding<?> encoding) {
    long max = encoding.requiresDeclaredMax() ? Long.MAX_VALUE : encoding.maxUnits();
    List<long[]> out = new ArrayList<>();
    out.add(new long[] {encoding.minUnits(), max, 0});
    out.add(new long[] {0, Math.min(max, 999), 2});
    out.add(new long[] {Math.max(encoding.minUnits(), -50), Math.min(max, 120), 0});
    out.add(new long[] {Math.min(max, 100), Math.min(max, 999), 0});
    out.add(new long[] {0, max, 1});
    return out;
  }

  private static TreePath path(SplittableRandom r) {
    int depth = 1 + r.nextInt(4);
    List<String> segments = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      String segment;
      do {
        segment = RandomValues.text(r, 4, '#').replace("/", "");
      } while (segment.isEmpty());
      segments.add(segment);
    }
    return new TreePath(segments, r.nextBoolean());
  }

  private static TreePath lenientPath(String text) {
    boolean folder = text.endsWith("/");
    String body = folder ? text.substring(0, text.length() - 1) : text;
    return new TreePath(Arrays.asList(body.split("/", -1)), folder);
  }

  // ---- mutations -----------------------------------------------------------------------------

  private static final String[] PIECES = {"#", "-", ":", ".", "T", "Z", "z", "t", "/", "_", "+", " ", "0", "1", "5", "9",
      "a", "f", "A", "F", "g", "e", "\u0000", "\uffff", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\u00e9",
      "\u20ac", "\uff10", "\u0665", "\u00c9", "\u0130", "\u212a", "\u2212", "\u00a0", "\n", "00", "-0", "99", "CAF"};

  static String mutate(SplittableRandom r, String valid, Subject subject, String other) {
    StringBuilder s = new StringBuilder(valid);
    int edits = 1 + r.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int at = s.length() == 0 ? 0 : r.nextInt(s.length() + 1);
      String piece = r.nextInt(6) == 0 ? String.valueOf(subject.delimiter()) : PIECES[r.nextInt(PIECES.length)];
      switch (r.nextInt(8)) {
        case 0:
          s.insert(at, piece);
          break;
        case 1:
          if (s.length() > 0) {
            s.deleteCharAt(Math.min(at, s.length() - 1));
          }
          break;
        case 2:
          if (s.length() > 0) {
            int i = Math.min(at, s.length() - 1);
            s.replace(i, i + 1, piece);
          }
          break;
        case 3: // a digit or letter one step away: keeps the shape, changes the value
          if (s.length() > 0) {
            int i = Math.min(at, s.length() - 1);
            s.setCharAt(i, (char) (s.charAt(i) + (r.nextBoolean() ? 1 : -1)));
          }
          break;
        case 4:
          if (s.length() > 1) {
            int i = r.nextInt(s.length() - 1);
            char c = s.charAt(i);
            s.setCharAt(i, s.charAt(i + 1));
            s.setCharAt(i + 1, c);
          }
          break;
        case 5:
          s.setLength(Math.min(at, s.length()));
          break;
        case 6:
          s.append(r.nextBoolean() ? other : piece);
          break;
        default:
          s.insert(at, s.substring(at, Math.min(s.length(), at + 1 + r.nextInt(3))));
      }
    }
    return s.toString();
  }

  // ---- the contract --------------------------------------------------------------------------

  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("subjects")
  void parsersAcceptExactlyWhatEncodersWrite(Subject subject, String seedText) {
    long seed = PropertySeed.of("fuzz " + subject.name());
    SplittableRandom r = new SplittableRandom(seed);
    List<String> valid = new ArrayList<>();
    while (valid.size() < 50) {
      Object value = subject.random(r);
      try {
        valid.add(subject.encode(value));
      } catch (KeyFormatException e) {
        // a delimiter inside the alphabet: such values have no key, the parser must refuse them too
        valid.add(String.valueOf(value));
      }
    }
    int accepted = 0;
    int iterations = PropertySeed.fuzzIterations();
    for (int i = 0; i < iterations; i++) {
      String base = valid.get(r.nextInt(valid.size()));
      String text = i < valid.size() ? base : mutate(r, base, subject, valid.get(r.nextInt(valid.size())));
      if (check(subject, text, seed)) {
        accepted++;
      }
    }
    assertTrue(accepted > 0 || subject.name().contains("delimiter -") || subject.name().contains("delimiter :")
            || subject.name().contains("delimiter 1") || subject.name().contains("delimiter _"),
        subject + ": no key was accepted at all");
  }

  /** Checks the contract on one text; whether the parser accepted it. */
  static boolean check(Subject subject, String text, long seed) {
    Supplier<String> where = () -> subject + " (seed " + PropertySeed.show(seed) + "), text " + Utf8Order.show(text);
    boolean accepted = checkWhole(subject, text, where);
    if (text.indexOf(subject.delimiter()) < 0) {
      // The same text between two other components reads the same, or fails the same.
      Object inside;
      try {
        inside = subject.decodeInside(text);
      } catch (KeyFormatException e) {
        if (accepted) {
          fail(where.get() + " parses alone but not inside a key: " + e.getMessage());
        }
        return accepted;
      } catch (RuntimeException e) {
        throw new AssertionError(where.get() + ": decoding inside a key threw " + e + " instead of a KeyFormatException", e);
      }
      if (!accepted) {
        fail(where.get() + " is refused alone but read inside a key as " + inside);
      }
      if (!inside.equals(subject.parse(text))) {
        fail(where.get() + " reads as " + inside + " inside a key but " + subject.parse(text) + " alone");
      }
    }
    return accepted;
  }

  private static boolean checkWhole(Subject subject, String text, Supplier<String> where) {
    Object parsed;
    try {
      parsed = subject.parse(text);
    } catch (KeyFormatException e) {
      if (!text.equals(e.value())) {
        fail(where.get() + ": the error names another value: " + e.getMessage());
      }
      Optional<Object> lenient = subject.lenient(text);
      if (lenient.isPresent()) {
        String written;
        try {
          written = subject.encode(lenient.get());
        } catch (KeyFormatException refused) {
          return false; // the value has no key, so the text is rightly refused
        } catch (RuntimeException other) {
          throw new AssertionError(where.get() + ": encoding " + lenient.get() + " threw " + other, other);
        }
        if (written.equals(text)) {
          fail(where.get() + " is the key of " + lenient.get() + " but the parser refused it: " + e.getMessage());
        }
      }
      return false;
    } catch (RuntimeException e) {
      throw new AssertionError(where.get() + ": the parser threw " + e + " instead of a KeyFormatException", e);
    }
    Optional<Object> lenient = subject.lenient(text);
    if (lenient.isPresent() && !lenient.get().equals(parsed)) {
      fail(where.get() + " parsed to " + parsed + " but it stands for " + lenient.get());
    }
    String again;
    try {
      again = subject.encode(parsed);
    } catch (RuntimeException e) {
      throw new AssertionError(where.get() + " parsed to " + parsed + ", which cannot be encoded: " + e, e);
    }
    if (!again.equals(text)) {
      fail(where.get() + " parsed to " + parsed + ", which encodes to " + Utf8Order.show(again));
    }
    return true;
  }

  private static String show(char c) {
    return c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("U+%04X", (int) c);
  }
}
