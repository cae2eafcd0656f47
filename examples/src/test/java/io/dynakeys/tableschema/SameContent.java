package io.dynakeys.tableschema;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compares what was read with what was written, component by component, and names the first
 * difference by its path ({@code Parcel.boxes[1].heightMm}).
 *
 * <p>A record's {@code equals} compares {@code byte[]} components by identity, so it cannot say
 * whether a read gave the written bytes back; here arrays are compared by content, records
 * recursively and collections element by element. {@link BigDecimal}s are compared by value
 * ({@code compareTo}), since DynamoDB stores numbers without trailing zeros: {@code 12.50} comes
 * back as {@code 12.5}, the same number with another scale.
 */
final class SameContent {
  private SameContent() {}

  /** Fails unless {@code actual} holds the same content as {@code expected}. */
  static void assertSameContent(Object expected, Object actual) {
    List<String> differences = new ArrayList<>();
    compare(expected == null ? "null" : expected.getClass().getSimpleName(), expected, actual, differences);
    if (!differences.isEmpty()) {
      fail("read back differs from what was written:\n  " + String.join("\n  ", differences));
    }
  }

  /** Fails unless the two lists hold records of the same content, in the same order. */
  static void assertSameContents(List<?> expected, List<?> actual) {
    List<String> differences = new ArrayList<>();
    compare("items", expected, actual, differences);
    if (!differences.isEmpty()) {
      fail("read back differs from what was written:\n  " + String.join("\n  ", differences));
    }
  }

  private static void compare(String path, Object expected, Object actual, List<String> out) {
    if (expected == null || actual == null) {
      if (expected != actual) {
        out.add(path + ": expected " + show(expected) + " but was " + show(actual));
      }
      return;
    }
    if (expected instanceof byte[] e && actual instanceof byte[] a) {
      if (!Arrays.equals(e, a)) {
        out.add(path + ": expected bytes " + Arrays.toString(e) + " but was " + Arrays.toString(a));
      }
    } else if (expected instanceof BigDecimal e && actual instanceof BigDecimal a) {
      if (e.compareTo(a) != 0) {
        out.add(path + ": expected " + e + " but was " + a);
      }
    } else if (expected instanceof Record && expected.getClass() == actual.getClass()) {
      for (RecordComponent c : expected.getClass().getRecordComponents()) {
        compare(path + "." + c.getName(), get(c, expected), get(c, actual), out);
      }
    } else if (expected instanceof Optional<?> e && actual instanceof Optional<?> a) {
      if (e.isPresent() != a.isPresent()) {
        out.add(path + ": expected " + e + " but was " + a);
      } else if (e.isPresent()) {
        compare(path + ".get()", e.get(), a.get(), out);
      }
    } else if (expected instanceof List<?> e && actual instanceof List<?> a) {
      if (e.size() != a.size()) {
        out.add(path + ": expected " + e.size() + " elements but was " + a.size() + ": " + show(a));
        return;
      }
      for (int i = 0; i < e.size(); i++) {
        compare(path + "[" + i + "]", e.get(i), a.get(i), out);
      }
    } else if (expected instanceof Set<?> e && actual instanceof Set<?> a) {
      // Set elements are strings, numbers, UUIDs or SdkBytes, whose equals compares content.
      if (!e.equals(a)) {
        out.add(path + ": expected " + e + " but was " + a);
      }
    } else if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
      if (!e.keySet().equals(a.keySet())) {
        out.add(path + ": expected keys " + e.keySet() + " but was " + a.keySet());
        return;
      }
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        compare(path + "[" + entry.getKey() + "]", entry.getValue(), a.get(entry.getKey()), out);
      }
    } else if (!expected.equals(actual)) {
      out.add(path + ": expected " + show(expected) + " but was " + show(actual));
    }
  }

  private static Object get(RecordComponent c, Object record) {
    try {
      return c.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("cannot read " + c, e);
    }
  }

  private static String show(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof byte[] bytes) {
      return Arrays.toString(bytes);
    }
    if (value instanceof Iterable<?> iterable) {
      List<String> shown = new ArrayList<>();
      for (Iterator<?> i = iterable.iterator(); i.hasNext(); ) {
        shown.add(show(i.next()));
      }
      return shown.toString();
    }
    return value + " (" + value.getClass().getSimpleName() + ")";
  }
}
