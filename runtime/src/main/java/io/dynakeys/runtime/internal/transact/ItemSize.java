package io.dynakeys.runtime.internal.transact;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An estimate of the bytes DynamoDB counts for an item, by its documented rules, rounded up
 * wherever the rule is approximate, so that the estimate is never below DynamoDB's count of the
 * same map: names and strings in UTF-8 bytes; a number as one byte per character of its decimal
 * text plus one (DynamoDB: one byte per two significant digits plus one); binary in bytes; a
 * boolean or null one byte; a list or map three bytes plus one byte and the size (and, in a map,
 * the name) of each element; a set the sum of its elements.
 */
public final class ItemSize {
  private ItemSize() {}

  /** An item's attribute names and values. */
  public static long of(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += utf8(e.getKey()) + of(e.getValue());
    }
    return size;
  }

  /** A condition's text, its names and its values, which travel with the action. */
  public static long of(Expression condition) {
    if (condition == null) {
      return 0;
    }
    long size = utf8(condition.expression());
    if (condition.expressionNames() != null) {
      for (Map.Entry<String, String> e : condition.expressionNames().entrySet()) {
        size += utf8(e.getKey()) + utf8(e.getValue());
      }
    }
    if (condition.expressionValues() != null) {
      size += of(condition.expressionValues());
    }
    return size;
  }

  /** One value ({@code null}: one byte). */
  public static long of(AttributeValue value) {
    if (value == null) {
      return 1;
    }
    if (value.s() != null) {
      return utf8(value.s());
    }
    if (value.n() != null) {
      return value.n().length() + 1L;
    }
    if (value.b() != null) {
      return value.b().asByteArrayUnsafe().length;
    }
    if (value.hasSs()) {
      return value.ss().stream().mapToLong(ItemSize::utf8).sum();
    }
    if (value.hasNs()) {
      return value.ns().stream().mapToLong(n -> n.length() + 1L).sum();
    }
    if (value.hasBs()) {
      return value.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
    }
    if (value.hasM()) {
      long size = 3;
      for (Map.Entry<String, AttributeValue> e : value.m().entrySet()) {
        size += 1 + utf8(e.getKey()) + of(e.getValue());
      }
      return size;
    }
    if (value.hasL()) {
      long size = 3;
      for (AttributeValue v : value.l()) {
        size += 1 + of(v);
      }
      return size;
    }
    return 1; // BOOL, NUL
  }

  /** A string's UTF-8 bytes ({@code null}: none). */
  public static long utf8(String s) {
    return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
  }
}
