package io.dynakeys.oracle;

import io.dynakeys.codecs.testing.Utf8Order;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * One sort component as the oracle sees it: how to read it from a record, its domain, the order
 * of its values and the order it gives keys — all from the declaration's meaning (numbers
 * numerically, {@code @Inverted} descending, text by UTF-8 bytes), never from the encoded keys.
 *
 * @param <R> the record
 */
abstract class SortComponent<R> {
  private final String name;
  private final Function<R, ?> getter;
  private final boolean tiebreaker;

  private SortComponent(String name, Function<R, ?> getter, boolean tiebreaker) {
    this.name = name;
    this.getter = getter;
    this.tiebreaker = tiebreaker;
  }

  /**
   * A {@code @Padded} integral component of domain {@code [min, max]}.
   *
   * @param typeMin the smallest value of the Java type (out-of-domain probes stay inside the type)
   * @param typeMax the largest value of the Java type
   * @param box turns a probe into the component's Java type ({@code v -> (int) v})
   * @param common values many items share, so ties are frequent (values around the middle of the
   *     domain when none are given)
   */
  static <R> SortComponent<R> padded(String name, Function<R, ? extends Number> getter, long min, long max,
      boolean inverted, long typeMin, long typeMax, LongFunction<Object> box, long... common) {
    return new PaddedNumber<>(name, getter, min, max, inverted, typeMin, typeMax, box, common);
  }

  /**
   * A free-text component.
   *
   * @param last whether it ends the sort key; otherwise the delimiter follows it and takes part
   *     in its order
   * @param itemValues the values items get (non-empty, delimiter-free)
   * @param alphabet the characters probes are built from
   */
  static <R> SortComponent<R> text(String name, Function<R, String> getter, char delimiter, boolean last,
      boolean tiebreaker, Function<Random, String> itemValues, Supplier<List<String>> alphabet) {
    return new FreeText<>(name, getter, delimiter, last, tiebreaker, itemValues, alphabet);
  }

  /** An enum component, stored by its constant's name; {@code last} as for {@link #text}. */
  static <R, E extends Enum<E>> SortComponent<R> enumeration(String name, Function<R, E> getter, Class<E> type,
      char delimiter, boolean last) {
    return new EnumName<>(name, getter, type, delimiter, last);
  }

  /** The component's name, as in the record. */
  final String name() {
    return name;
  }

  /** Whether it is the {@code @Tiebreaker}, which takes no range. */
  final boolean tiebreaker() {
    return tiebreaker;
  }

  /** The component's value in {@code item}. */
  final Object get(R item) {
    return getter.apply(item);
  }

  /** The order of values, as the range methods read their bounds. */
  abstract int compareValues(Object a, Object b);

  /** The order this component gives the sort key: the value order, reversed when inverted. */
  int compareInKey(Object a, Object b) {
    return compareValues(a, b);
  }

  /** Whether an equality stage accepts {@code value} (otherwise a KeyFormatException is due). */
  abstract boolean inDomain(Object value);

  /** Whether a range method accepts {@code bound} (otherwise a KeyFormatException is due). */
  abstract boolean validBound(Object bound);

  /** Whether no value of the domain lies in the range (so the builder must refuse it). */
  abstract boolean isEmpty(RangeOp op, Object lo, Object hi);

  /** Whether {@code value} lies in the range. */
  final boolean admits(RangeOp op, Object lo, Object hi, Object value) {
    return op.admits(compareValues(value, lo), op == RangeOp.BETWEEN ? compareValues(value, hi) : 0);
  }

  /** A value for a new item. */
  abstract Object itemValue(Random random);

  /**
   * A value to query with: near {@code anchor} (an item's value, or {@code null}), at the domain's
   * edges, a value some item has, or outside the domain now and then.
   */
  abstract Object probe(Random random, Object anchor, List<Object> seen);

  /** Renders a value for messages, with the characters that hide themselves escaped. */
  static String show(Object value) {
    if (!(value instanceof String s)) {
      return String.valueOf(value);
    }
    StringBuilder out = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp < 0x20 || cp == 0x7f || (cp >= 0xd800 && cp <= 0xdfff) || cp >= 0xe000) {
        out.append(String.format("\\u{%X}", cp));
      } else {
        out.appendCodePoint(cp);
      }
    });
    return out.append('"').toString();
  }

  private static final class PaddedNumber<R> extends SortComponent<R> {
    private final long min;
    private final long max;
    private final boolean inverted;
    private final long typeMin;
    private final long typeMax;
    private final LongFunction<Object> box;
    private final long[] common;

    PaddedNumber(String name, Function<R, ? extends Number> getter, long min, long max, boolean inverted,
        long typeMin, long typeMax, LongFunction<Object> box, long[] common) {
      super(name, getter, false);
      this.min = min;
      this.max = max;
      this.inverted = inverted;
      this.typeMin = typeMin;
      this.typeMax = typeMax;
      this.box = box;
      this.common = common.clone();
    }

    private static long of(Object value) {
      return ((Number) value).longValue();
    }

    @Override
    int compareValues(Object a, Object b) {
      return Long.compare(of(a), of(b));
    }

    @Override
    int compareInKey(Object a, Object b) {
      return inverted ? -compareValues(a, b) : compareValues(a, b);
    }

    @Override
    boolean inDomain(Object value) {
      return value != null && of(value) >= min && of(value) <= max;
    }

    @Override
    boolean validBound(Object bound) {
      return true; // any value of the type is a bound; the domain clamps it
    }

    @Override
    boolean isEmpty(RangeOp op, Object lo, Object hi) {
      long l = of(lo);
      switch (op) {
        case BETWEEN:
          return Math.max(l, min) > Math.min(of(hi), max);
        case AT_LEAST:
          return l > max;
        case GREATER_THAN:
          return l >= max;
        case AT_MOST:
          return l < min;
        case LESS_THAN:
          return l <= min;
        default:
          throw new AssertionError(op);
      }
    }

    @Override
    Object itemValue(Random random) {
      int pick = random.nextInt(100);
      if (pick < 25) {
        return box.apply(edge(random, false)); // boundaries: many items share them, so ties
      }
      if (pick < 55) {
        if (common.length > 0) {
          return box.apply(common[random.nextInt(common.length)]);
        }
        long span = Math.min(max - min, 20);
        return box.apply(clamp(min + (max - min) / 2 - 10 + random.nextInt((int) span + 1)));
      }
      return box.apply(uniform(random, min, max));
    }

    @Override
    Object probe(Random random, Object anchor, List<Object> seen) {
      int pick = random.nextInt(100);
      long v;
      if (anchor != null && pick < 40) {
        v = of(anchor) + random.nextInt(5) - 2; // the value itself and its neighbours
      } else if (pick < 65) {
        v = edge(random, random.nextInt(4) == 0);
      } else if (pick < 80 && !seen.isEmpty()) {
        v = of(seen.get(random.nextInt(seen.size())));
      } else if (pick < 95) {
        v = uniform(random, min, max);
      } else {
        v = random.nextBoolean() ? typeMin : typeMax;
      }
      return box.apply(Math.max(typeMin, Math.min(typeMax, v)));
    }

    /** min, max, 0 and their neighbours; outside the domain (still inside the type) when asked. */
    private long edge(Random random, boolean outside) {
      long[] candidates = outside
          ? new long[] {min - 1, max + 1, typeMin, typeMax, min - 1000, max + 1000}
          : new long[] {min, min + 1, max - 1, max, 0, 1, -1};
      for (int i = 0; i < 20; i++) {
        long c = candidates[random.nextInt(candidates.length)];
        boolean fits = c >= typeMin && c <= typeMax && (outside || (c >= min && c <= max));
        boolean overflowed = (c == min - 1 && min == Long.MIN_VALUE) || (c == max + 1 && max == Long.MAX_VALUE);
        if (fits && !overflowed) {
          return c;
        }
      }
      return outside ? typeMin : min;
    }

    private long clamp(long v) {
      return Math.max(min, Math.min(max, v));
    }

    private static long uniform(Random random, long lo, long hi) {
      long span = hi - lo + 1;
      if (span <= 0) {
        return random.nextLong(); // the whole long range
      }
      return lo + Math.floorMod(random.nextLong(), span);
    }
  }

  private static final class FreeText<R> extends SortComponent<R> {
    private final char delimiter;
    private final boolean last;
    private final Comparator<String> order;
    private final Function<Random, String> itemValues;
    private final Supplier<List<String>> alphabet;

    FreeText(String name, Function<R, String> getter, char delimiter, boolean last, boolean tiebreaker,
        Function<Random, String> itemValues, Supplier<List<String>> alphabet) {
      super(name, getter, tiebreaker);
      this.delimiter = delimiter;
      this.last = last;
      this.order = last ? Utf8Order.plain() : Utf8Order.followedBy(delimiter);
      this.itemValues = itemValues;
      this.alphabet = alphabet;
    }

    @Override
    int compareValues(Object a, Object b) {
      return order.compare((String) a, (String) b);
    }

    @Override
    boolean inDomain(Object value) {
      return value != null && !((String) value).isEmpty() && validBound(value);
    }

    @Override
    boolean validBound(Object bound) {
      return bound != null && ((String) bound).indexOf(delimiter) < 0;
    }

    /*
     * The domain is every non-empty string without the delimiter (the 1024-byte key limit aside).
     * Followed by the delimiter, there is always a value below any bound (v + U+0000, or "!" for
     * the empty bound, as "!#" < "#") and above it (v + U+10FFFF), so only BETWEEN can be empty:
     * when its bounds are reversed, or both empty ("" is no value). Ending the key, nothing is
     * below "" and nothing non-empty is below "\0".
     */
    @Override
    boolean isEmpty(RangeOp op, Object lo, Object hi) {
      String l = (String) lo;
      if (!last) {
        return op == RangeOp.BETWEEN && (compareValues(lo, hi) > 0 || (l.isEmpty() && ((String) hi).isEmpty()));
      }
      switch (op) {
        case BETWEEN:
          return compareValues(lo, hi) > 0 || ((String) hi).isEmpty();
        case AT_MOST:
          return l.isEmpty();
        case LESS_THAN:
          return l.isEmpty() || l.equals("\u0000");
        default:
          return false;
      }
    }

    @Override
    Object itemValue(Random random) {
      return itemValues.apply(random);
    }

    @Override
    Object probe(Random random, Object anchor, List<Object> seen) {
      int pick = random.nextInt(100);
      String a = (String) anchor;
      if (a != null && pick < 30) {
        return a;
      }
      if (a != null && pick < 40) {
        int cut = a.offsetByCodePoints(0, random.nextInt(a.codePointCount(0, a.length()) + 1));
        return a.substring(0, cut); // a prefix, perhaps empty: the "a9" beside "a91" case
      }
      if (a != null && pick < 50) {
        return a + randomText(random, 1);
      }
      if (pick < 65 && !seen.isEmpty()) {
        return seen.get(random.nextInt(seen.size()));
      }
      if (pick < 70) {
        return "";
      }
      if (pick < 73) {
        return randomText(random, 1) + delimiter + randomText(random, 1); // rejected
      }
      return randomText(random, 1 + random.nextInt(3));
    }

    private String randomText(Random random, int length) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < length; i++) {
        List<String> characters = alphabet.get();
        out.append(characters.get(random.nextInt(characters.size())));
      }
      return out.toString();
    }
  }

  private static final class EnumName<R, E extends Enum<E>> extends SortComponent<R> {
    private final List<E> constants;
    private final Comparator<String> order;

    EnumName(String name, Function<R, E> getter, Class<E> type, char delimiter, boolean last) {
      super(name, getter, false);
      this.constants = List.of(type.getEnumConstants());
      // Names are text in the key, ordered as text: by name, never by ordinal.
      this.order = last ? Utf8Order.plain() : Utf8Order.followedBy(delimiter);
    }

    @Override
    int compareValues(Object a, Object b) {
      return order.compare(((Enum<?>) a).name(), ((Enum<?>) b).name());
    }

    @Override
    boolean inDomain(Object value) {
      return value != null;
    }

    @Override
    boolean validBound(Object bound) {
      return bound != null;
    }

    @Override
    boolean isEmpty(RangeOp op, Object lo, Object hi) {
      List<Object> inRange = new ArrayList<>();
      for (E c : constants) {
        if (admits(op, lo, hi, c)) {
          inRange.add(c);
        }
      }
      return inRange.isEmpty();
    }

    @Override
    Object itemValue(Random random) {
      return constants.get(random.nextInt(constants.size()));
    }

    @Override
    Object probe(Random random, Object anchor, List<Object> seen) {
      return anchor != null && random.nextBoolean() ? anchor : itemValue(random);
    }
  }
}
