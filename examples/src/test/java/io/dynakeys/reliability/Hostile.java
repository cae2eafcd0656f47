package io.dynakeys.reliability;

import io.dynakeys.runtime.TreePath;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random values and key mutations that aim at the edges: delimiters, digits, signs, unpaired
 * surrogates, U+0000, U+FFFF, supplementary characters, non-ASCII digits, domain extremes and
 * sub-millisecond times. Values may well be refused by an encoder; callers retry.
 */
final class Hostile {
  static final String MAX_CHAR = new String(Character.toChars(Character.MAX_CODE_POINT));
  static final String EMOJI = new String(Character.toChars(0x1F600));

  /** Single chars a mutation inserts or replaces with. */
  static final char[] CHARS = {
      '#', '#', '/', '/', '0', '1', '5', '9', '9', '-', '+', ':', '.', 'T', 'Z', 'z', 'a', 'f', 'g',
      'A', 'F', 'E', ' ', '!', '"', '$', '~', '\u0000', '\u0001', '\u001f', '\u007f', '\u00a7',
      '\u00e9', '\u0663', '\uff10', '\u2212', '\ud800', '\udbff', '\udc00', '\udfff', '\ue000',
      '\ufffd', '\uffff', '\u4e2d', '\u03a9'};

  /** Strings a mutation inserts. */
  static final String[] STRINGS = {
      "#", "##", "/", "//", "/#", "#/", "-", "-0", "+1", "0", "00", "000000000000000000000", "9", "99",
      "99999999999999999999", EMOJI, MAX_CHAR, "\ud83d", "\ude00", "\u0000", "\uffff", "\u00e9",
      "\u0663", "e5", "1e3", " ", "T", "Z", "+01:00", "-00:00", "AMBER", "BLUE", "blue", "RED#",
      "ffffffff-ffff-ffff-ffff-ffffffffffff", "FFFF", "\u00a7"};

  /** Characters of generated text values (no key delimiter, no lone surrogate). */
  private static final String[] TEXT = {
      "a", "b", "z", "A", "Z", "0", "9", "_", "-", ".", "/", " ", "!", "\"", "$", "~", "\u0000",
      "\u0001", "\u001f", "\u007f", "\u00e9", "\u03a9", "\u4e2d", "\ue000", "\ufffd", "\uffff",
      EMOJI, MAX_CHAR};

  private static final long[] LONGS = {
      0, 1, -1, 2, 9, 10, 99, 100, 9_999, 10_000, -9_999, -10_000, 90_000, 90_001, 99_999,
      Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE - 1L,
      Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
      9_999_999_999_999L, 10_000_000_000_000L, 2_932_896, 2_932_897, -365_243_219_162L,
      365_241_780_471L};

  private static final Instant ISO_FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant ISO_LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  private Hostile() {}

  /** A random value of a key type. */
  static Object value(Class<?> type, SplittableRandom r) {
    if (type == String.class) {
      return text(r);
    }
    if (type == int.class || type == Integer.class) {
      return (int) longValue(r);
    }
    if (type == long.class || type == Long.class) {
      return longValue(r);
    }
    if (type == BigInteger.class) {
      return r.nextInt(8) == 0
          ? new BigInteger(1 + r.nextInt(90), new java.util.Random(r.nextLong())).negate()
          : BigInteger.valueOf(longValue(r));
    }
    if (type == Instant.class) {
      return instant(r);
    }
    if (type == LocalDate.class) {
      switch (r.nextInt(4)) {
        case 0:
          return LocalDate.ofEpochDay(r.nextLong(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay() + 1));
        case 1:
          return pick(r, LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH, LocalDate.of(0, 1, 1),
              LocalDate.of(9999, 12, 31), LocalDate.of(-1, 12, 31), LocalDate.of(10000, 1, 1));
        default:
          return LocalDate.ofEpochDay(r.nextLong(LocalDate.of(0, 1, 1).toEpochDay(),
              LocalDate.of(9999, 12, 31).toEpochDay() + 1));
      }
    }
    if (type == LocalDateTime.class) {
      if (r.nextInt(10) == 0) {
        return pick(r, LocalDateTime.MIN, LocalDateTime.MAX);
      }
      Instant i = instant(r);
      try {
        return LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), ZoneOffset.UTC);
      } catch (java.time.DateTimeException beyondLocalDateTime) {
        return i.getEpochSecond() < 0 ? LocalDateTime.MIN : LocalDateTime.MAX;
      }
    }
    if (type == OffsetDateTime.class) {
      if (r.nextInt(10) == 0) {
        return pick(r, OffsetDateTime.MIN, OffsetDateTime.MAX);
      }
      Instant i = instant(r);
      ZoneOffset offset = r.nextBoolean() ? ZoneOffset.UTC
          : ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600, 18 * 3600 + 1));
      try {
        return i.atOffset(offset);
      } catch (java.time.DateTimeException beyondOffsetDateTime) {
        return i.getEpochSecond() < 0 ? OffsetDateTime.MIN : OffsetDateTime.MAX;
      }
    }
    if (type == UUID.class) {
      return r.nextInt(6) == 0
          ? pick(r, new UUID(0, 0), new UUID(-1, -1), new UUID(Long.MIN_VALUE, 0), new UUID(Long.MAX_VALUE, -1))
          : new UUID(r.nextLong(), r.nextLong());
    }
    if (type == TreePath.class) {
      int depth = 1 + r.nextInt(4);
      List<String> segments = new ArrayList<>();
      for (int i = 0; i < depth; i++) {
        String segment = text(r);
        segments.add(r.nextInt(20) == 0 ? segment : segment.replace("/", ""));
      }
      return new TreePath(segments, r.nextBoolean());
    }
    if (type.isEnum()) {
      Object[] constants = type.getEnumConstants();
      return constants[r.nextInt(constants.length)];
    }
    throw new IllegalArgumentException("no random " + type);
  }

  /** Free text: mostly short, sometimes long; rarely with a delimiter or a lone surrogate. */
  static String text(SplittableRandom r) {
    int shape = r.nextInt(100);
    int length = shape < 70 ? 1 + r.nextInt(6) : shape < 95 ? 7 + r.nextInt(34) : 100 + r.nextInt(300);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.append(TEXT[r.nextInt(TEXT.length)]);
    }
    if (r.nextInt(30) == 0) {
      out.insert(r.nextInt(out.length() + 1), '#');
    }
    if (r.nextInt(30) == 0) {
      out.insert(r.nextInt(out.length() + 1), pick(r, '\ud800', '\udc00'));
    }
    return out.toString();
  }

  private static long longValue(SplittableRandom r) {
    switch (r.nextInt(4)) {
      case 0:
        return LONGS[r.nextInt(LONGS.length)] + r.nextInt(-1, 2);
      case 1:
        return r.nextLong();
      case 2:
        return r.nextInt();
      default:
        return r.nextLong(-10_000, 100_000);
    }
  }

  private static Instant instant(SplittableRandom r) {
    switch (r.nextInt(6)) {
      case 0:
        return Instant.ofEpochMilli(r.nextLong());
      case 1:
        return pick(r, Instant.MIN, Instant.MAX, Instant.EPOCH, ISO_FIRST, ISO_LAST,
            Instant.ofEpochMilli(Long.MIN_VALUE), Instant.ofEpochMilli(Long.MAX_VALUE),
            Instant.ofEpochMilli(9_999_999_999_999L), Instant.ofEpochMilli(-1));
      case 2:
        return Instant.ofEpochSecond(r.nextLong(ISO_FIRST.getEpochSecond(), ISO_LAST.getEpochSecond() + 1),
            r.nextInt(1_000_000_000));
      default:
        return Instant.ofEpochMilli(r.nextLong(0, 10_000_000_000_000L));
    }
  }

  @SafeVarargs
  static <T> T pick(SplittableRandom r, T... choices) {
    return choices[r.nextInt(choices.length)];
  }

  /** {@code key} with one to three random edits. */
  static String mutate(String key, SplittableRandom r) {
    StringBuilder s = new StringBuilder(key);
    int edits = 1 + r.nextInt(3);
    for (int e = 0; e < edits; e++) {
      int at = r.nextInt(s.length() + 1);
      switch (r.nextInt(12)) {
        case 0:
        case 1:
          s.insert(at, CHARS[r.nextInt(CHARS.length)]);
          break;
        case 2:
          if (at < s.length()) {
            s.deleteCharAt(at);
          }
          break;
        case 3:
        case 4:
          if (at < s.length()) {
            s.setCharAt(at, CHARS[r.nextInt(CHARS.length)]);
          }
          break;
        case 5:
          s.insert(at, STRINGS[r.nextInt(STRINGS.length)]);
          break;
        case 6: { // another digit: often a valid key of another value, or just outside the domain
          int digit = digitAt(s, r);
          if (digit >= 0) {
            s.setCharAt(digit, (char) ('0' + r.nextInt(10)));
          }
          break;
        }
        case 7: { // delete a run
          int end = Math.min(s.length(), at + 1 + r.nextInt(12));
          s.delete(at, end);
          break;
        }
        case 8: { // duplicate a run
          int end = Math.min(s.length(), at + 1 + r.nextInt(12));
          s.insert(end, s.substring(at, end));
          break;
        }
        case 9: { // swap two '#'-separated parts
          String[] parts = s.toString().split("#", -1);
          if (parts.length > 2) {
            int i = r.nextInt(parts.length);
            int j = r.nextInt(parts.length);
            String t = parts[i];
            parts[i] = parts[j];
            parts[j] = t;
            s = new StringBuilder(String.join("#", parts));
          }
          break;
        }
        case 10: // upper or lower case one char
          if (at < s.length()) {
            char c = s.charAt(at);
            s.setCharAt(at, Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
          }
          break;
        default: { // inflate: a long run of 1- to 4-byte characters, often over the size limits
          int n = 100 + r.nextInt(900);
          String unit = pick(r, "x", "\u00e9", "\u4e2d", EMOJI, "9");
          s.insert(at, unit.repeat(n));
          break;
        }
      }
    }
    return s.toString();
  }

  private static int digitAt(StringBuilder s, SplittableRandom r) {
    for (int tries = 0; tries < 20 && s.length() > 0; tries++) {
      int i = r.nextInt(s.length());
      if (Character.isDigit(s.charAt(i)) && s.charAt(i) < 0x80) {
        return i;
      }
    }
    return -1;
  }
}
