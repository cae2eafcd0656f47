package io.dynakeys.reliability;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The in-memory truth about ranges over one key codec: which values a range holds, and whether
 * it holds any value of the codec's domain at all. Computed from the values themselves (positions
 * on a number line, or the documented order of text), never from the library's encodings.
 *
 * @param <T> the component type
 */
abstract class RangeOracle<T> {

  /** The five range kinds of a generated stage. */
  enum Kind {
    AT_LEAST("AtLeast"), GREATER_THAN("GreaterThan"), AT_MOST("AtMost"), LESS_THAN("LessThan"),
    BETWEEN("Between");

    final String suffix;

    Kind(String suffix) {
      this.suffix = suffix;
    }
  }

  /** One range: a kind and its bounds ({@code hi} only for {@link Kind#BETWEEN}). */
  record Range<T>(Kind kind, T lo, T hi) {
    @Override
    public String toString() {
      String method = Character.toLowerCase(kind.suffix.charAt(0)) + kind.suffix.substring(1);
      return kind == Kind.BETWEEN ? "().between(" + show(lo) + ", " + show(hi) + ")" : "()." + method + "(" + show(lo) + ")";
    }

    private static String show(Object value) {
      return value instanceof String s ? Fixtures.escape(s) : String.valueOf(value);
    }
  }

  /** Whether {@code value} lies in {@code range}; {@code last} when the component ends the key. */
  abstract boolean contains(Range<T> range, T value, boolean last);

  /** Whether no value of the domain lies in {@code range}. */
  abstract boolean empty(Range<T> range, boolean last);

  /**
   * A domain of evenly spaced points on a number line: {@code position} maps a value (or any
   * bound, also between points or beyond the domain) to an exact position, and the domain is
   * every multiple of {@code step} from {@code min} to {@code max}.
   */
  static <T> RangeOracle<T> grid(Function<T, BigInteger> position, BigInteger step, BigInteger min, BigInteger max) {
    return new RangeOracle<>() {
      @Override
      boolean contains(Range<T> range, T value, boolean last) {
        BigInteger[] interval = interval(range);
        BigInteger p = position.apply(value);
        return interval[0].compareTo(p) <= 0 && p.compareTo(interval[1]) <= 0;
      }

      @Override
      boolean empty(Range<T> range, boolean last) {
        BigInteger[] interval = interval(range);
        return interval[0].compareTo(interval[1]) > 0;
      }

      /** The first and last point of the domain in the range. */
      private BigInteger[] interval(Range<T> range) {
        BigInteger lo = min;
        BigInteger hi = max;
        switch (range.kind()) {
          case AT_LEAST:
            lo = ceil(position.apply(range.lo()));
            break;
          case GREATER_THAN:
            lo = floor(position.apply(range.lo())).add(step);
            break;
          case AT_MOST:
            hi = floor(position.apply(range.lo()));
            break;
          case LESS_THAN:
            hi = ceil(position.apply(range.lo())).subtract(step);
            break;
          default:
            lo = ceil(position.apply(range.lo()));
            hi = floor(position.apply(range.hi()));
        }
        return new BigInteger[] {lo.max(min), hi.min(max)};
      }

      private BigInteger floor(BigInteger p) {
        BigInteger[] qr = p.divideAndRemainder(step);
        BigInteger q = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
        return q.multiply(step);
      }

      private BigInteger ceil(BigInteger p) {
        return floor(p.negate()).negate();
      }
    };
  }

  /**
   * Strings in the documented key order: by the UTF-8 bytes of the value followed by the
   * delimiter when another component follows, by plain UTF-8 bytes when it is the last. A range
   * is empty when no witness, a valid non-empty value built from the bounds, lies in it.
   */
  static RangeOracle<String> text(char delimiter) {
    return new RangeOracle<>() {
      @Override
      boolean contains(Range<String> range, String value, boolean last) {
        switch (range.kind()) {
          case AT_LEAST:
            return compare(value, range.lo(), last) >= 0;
          case GREATER_THAN:
            return compare(value, range.lo(), last) > 0;
          case AT_MOST:
            return compare(value, range.lo(), last) <= 0;
          case LESS_THAN:
            return compare(value, range.lo(), last) < 0;
          default:
            return compare(value, range.lo(), last) >= 0 && compare(value, range.hi(), last) <= 0;
        }
      }

      @Override
      boolean empty(Range<String> range, boolean last) {
        for (String witness : witnesses(range)) {
          if (!witness.isEmpty() && witness.indexOf(delimiter) < 0 && contains(range, witness, last)) {
            return false;
          }
        }
        return true;
      }

      private List<String> witnesses(Range<String> range) {
        List<String> out = new ArrayList<>(List.of("\u0000", "\u0000\u0000", "!", "a", Hostile.MAX_CHAR));
        for (String bound : new String[] {range.lo(), range.hi()}) {
          if (bound != null) {
            for (String tail : List.of("", "\u0000", "\u0000\u0000", "!", "a", "\uffff", Hostile.MAX_CHAR)) {
              out.add(bound + tail);
            }
            if (!bound.isEmpty()) {
              int last = bound.codePointBefore(bound.length());
              String head = bound.substring(0, bound.length() - Character.charCount(last));
              if (last > 0) {
                out.add(head + new String(Character.toChars(last == 0xE000 ? 0xD7FF : last - 1)) + Hostile.MAX_CHAR);
              }
              out.add(head);
            }
          }
        }
        return out;
      }

      private int compare(String a, String b, boolean last) {
        return last ? utf8Compare(a, b) : utf8Compare(a + delimiter, b + delimiter);
      }
    };
  }

  /** Compares by code points, which is the order of the UTF-8 bytes of valid strings. */
  static int utf8Compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Boolean.compare(i < a.length(), j < b.length());
  }
}
