package io.dynakeys.runtime.read;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A stored item that a read with {@link ReadOptions#skippingBadItems()} passed over because the
 * table schema could not map it: its table key, to find it with {@code GetItem} and repair or
 * delete it, and the reason (usually an {@code ItemMappingException} or
 * {@code KeyMismatchException}). Immutable.
 */
public final class SkippedItem {
  private final Map<String, AttributeValue> key;
  private final RuntimeException reason;

  SkippedItem(Map<String, AttributeValue> key, RuntimeException reason) {
    this.key = Collections.unmodifiableMap(new LinkedHashMap<>(key));
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  /**
   * The item's table key: its partition key attribute and, when the table has one, its sort key
   * attribute, as stored (whatever the index the read used).
   *
   * @return an unmodifiable map, partition key first
   */
  public Map<String, AttributeValue> key() {
    return key;
  }

  /**
   * Why the item could not be read: what the table schema's {@code mapToItem} threw.
   *
   * @return the exception
   */
  public RuntimeException reason() {
    return reason;
  }

  /** The key and the reason, for logs: {@code pk = "SEASON#2026", sk = "RUN#7": Run.score: ...}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    key.forEach((name, value) -> out.append(out.length() == 0 ? "" : ", ").append(name).append(" = ")
        .append(value.s() != null ? "\"" + value.s() + "\"" : value.toString()));
    return out.append(": ").append(reason.getMessage() != null ? reason.getMessage() : reason.getClass().getName())
        .toString();
  }
}
