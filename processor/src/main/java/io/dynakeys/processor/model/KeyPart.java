package io.dynakeys.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationValue;

/**
 * One key attribute's layout: a literal prefix followed by components, joined by a delimiter.
 *
 * @param kind partition or sort
 * @param attribute the attribute that holds the encoded key
 * @param prefix the literal prefix tag, or empty
 * @param delimiter the delimiter
 * @param components the components in declaration order
 * @param prefixValue the annotation value that declares the prefix, for diagnostics (may be null)
 */
public record KeyPart(
    Kind kind,
    String attribute,
    String prefix,
    char delimiter,
    List<KeyComponent> components,
    AnnotationValue prefixValue) {

  /** Which key the part is. */
  public enum Kind {
    PARTITION("partition key", io.dynakeys.codecs.internal.Utf8.PARTITION_KEY_LIMIT),
    SORT("sort key", io.dynakeys.codecs.internal.Utf8.SORT_KEY_LIMIT);

    private final String label;
    private final int limit;

    Kind(String label, int limit) {
      this.label = label;
      this.limit = limit;
    }

    /** The name of {@code Utf8}'s constant that holds {@link #limit()}, for generated code. */
    public String limitConstant() {
      return this == PARTITION ? "PARTITION_KEY_LIMIT" : "SORT_KEY_LIMIT";
    }

    /** "partition key" or "sort key". */
    public String label() {
      return label;
    }

    /** DynamoDB's size limit in UTF-8 bytes. */
    public int limit() {
      return limit;
    }
  }

  /** The prefix with its delimiter when components follow it ({@code "RUN#"}), the prefix alone otherwise. */
  public String literalHead() {
    if (prefix.isEmpty()) {
      return "";
    }
    return components.isEmpty() ? prefix : prefix + delimiter;
  }

  /** Whether every key of this layout has the same length. */
  public boolean fixedLength() {
    return components.stream().allMatch(c -> c.fixedLength() >= 0);
  }

  /** The smallest UTF-8 length of a key of this layout. */
  public int minimumBytes() {
    int bytes = utf8Length(literalHead());
    for (KeyComponent c : components) {
      bytes += c.minimumBytes();
    }
    return bytes + Math.max(0, components.size() - 1);
  }

  /** Whether the part has nothing at all (no prefix, no component). */
  public boolean isEmpty() {
    return prefix.isEmpty() && components.isEmpty();
  }

  static int utf8Length(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }
}
