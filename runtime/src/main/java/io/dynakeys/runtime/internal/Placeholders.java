package io.dynakeys.runtime.internal;

import io.dynakeys.codecs.internal.Utf8;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The expression attribute names and values of one request. Every attribute name is written as a
 * placeholder ({@code #a0}, {@code #a1}, ...) and every value as one ({@code :v0}, ...), so no
 * attribute name or value ever becomes expression text: nothing a record or a user names can
 * change what an expression means, and reserved words need no care.
 */
public final class Placeholders {
  /** DynamoDB's limit on the length of any one expression string, in bytes. */
  public static final int MAX_EXPRESSION_BYTES = 4096;

  private static final String[] NAMES = new String[32];
  private static final String[] VALUES = new String[64];

  static {
    for (int i = 0; i < NAMES.length; i++) {
      NAMES[i] = "#a" + i;
    }
    for (int i = 0; i < VALUES.length; i++) {
      VALUES[i] = ":v" + i;
    }
  }

  // Sized as a hand-written request sizes them (most updates name a few attributes; more resize).
  public final Map<String, String> names = new HashMap<>(4);
  public final Map<String, AttributeValue> values = new HashMap<>(4);
  /** The attributes named so far, in the order of their placeholders (few: searched in order). */
  private String[] attributes = new String[4];
  private int named;

  /** The placeholder of {@code attribute}, the same one each time it is named. */
  public String name(String attribute) {
    for (int i = 0; i < named; i++) {
      if (attributes[i].equals(attribute)) {
        return placeholder(NAMES, "#a", i);
      }
    }
    if (named == attributes.length) {
      attributes = java.util.Arrays.copyOf(attributes, named * 2);
    }
    attributes[named] = attribute;
    String placeholder = placeholder(NAMES, "#a", named++);
    names.put(placeholder, attribute);
    return placeholder;
  }

  /**
   * The document path of {@code handle}: its attribute's placeholder, or for a field of a nested
   * record each map key's placeholder joined by dots ({@code #a0.#a1}), so no stored name becomes
   * expression text.
   */
  public String path(io.dynakeys.runtime.entity.Attribute<?, ?> handle) {
    if (handle instanceof io.dynakeys.runtime.entity.NestedField<?, ?> field) {
      return path(field.path());
    }
    return name(handle.attributeName());
  }

  /** The document path of the map keys {@code path}, each a placeholder, joined by dots. */
  public String path(java.util.List<String> path) {
    if (path.size() == 1) {
      return name(path.get(0));
    }
    StringBuilder out = new StringBuilder(path.size() * 5);
    for (int i = 0; i < path.size(); i++) {
      out.append(i == 0 ? "" : ".").append(name(path.get(i)));
    }
    return out.toString();
  }

  /** A new placeholder holding {@code value}. */
  public String value(AttributeValue value) {
    String placeholder = placeholder(VALUES, ":v", values.size());
    values.put(placeholder, value);
    return placeholder;
  }

  /** The value placeholder numbered {@code i}: {@code :v0}, {@code :v1}, ... */
  public static String valuePlaceholder(int i) {
    return placeholder(VALUES, ":v", i);
  }

  /**
   * The values of one request bound to a prepared expression: the {@code i}th value added is
   * {@code :vi}, as {@link #value} numbers them. An immutable map once handed out (the request's
   * builder copies it); sized once, from the prepared shape's count of values.
   */
  public static final class Bound extends java.util.AbstractMap<String, AttributeValue> {
    private final AttributeValue[] values;
    private int size;

    public Bound(int capacity) {
      values = new AttributeValue[capacity];
    }

    public void add(AttributeValue value) {
      if (size == values.length) {
        // A prepared shape numbers exactly this many values: one more means bind and render disagree.
        throw new AssertionError("an update bound more values than its prepared shape numbers (" + values.length + ")");
      }
      values[size++] = java.util.Objects.requireNonNull(value, "value");
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public void forEach(java.util.function.BiConsumer<? super String, ? super AttributeValue> action) {
      for (int i = 0; i < size; i++) {
        action.accept(valuePlaceholder(i), values[i]);
      }
    }

    @Override
    public java.util.Set<Map.Entry<String, AttributeValue>> entrySet() {
      return new java.util.AbstractSet<>() {
        @Override
        public int size() {
          return size;
        }

        @Override
        public java.util.Iterator<Map.Entry<String, AttributeValue>> iterator() {
          return new java.util.Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < size;
            }

            @Override
            public Map.Entry<String, AttributeValue> next() {
              if (next >= size) {
                throw new java.util.NoSuchElementException();
              }
              int i = next++;
              return Map.entry(valuePlaceholder(i), values[i]);
            }
          };
        }
      };
    }
  }

  private static String placeholder(String[] cache, String prefix, int i) {
    return i < cache.length ? cache[i] : prefix + i;
  }

  /**
   * Refuses an expression over DynamoDB's 4 KB before it is sent.
   *
   * @throws IllegalArgumentException naming the expression, its size and the limit
   */
  public static String checkLength(String expression, String what, String record) {
    // A char is at most three UTF-8 bytes: shorter texts cannot be over the limit.
    if (expression.length() > MAX_EXPRESSION_BYTES / 3) {
      int bytes = Utf8.length(expression);
      if (bytes > MAX_EXPRESSION_BYTES) {
        throw new IllegalArgumentException("the " + what + " of " + record + " is " + bytes
            + " bytes, over DynamoDB's limit of 4 KB (" + MAX_EXPRESSION_BYTES + " bytes) for one"
            + " expression string: " + (what.startsWith("filter")
                ? "simplify the filter (fewer terms)"
                : "split the write, or simplify the condition"));
      }
    }
    return expression;
  }
}
