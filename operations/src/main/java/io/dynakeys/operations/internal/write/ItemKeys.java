package io.dynakeys.operations.internal.write;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An item's primary key, as a request names it and as messages and reports show it. */
public final class ItemKeys {
  private ItemKeys() {}

  /**
   * The primary key of {@code item}.
   *
   * @param item the item
   * @param partition the partition key attribute
   * @param sort the sort key attribute, or {@code null} when the table has none
   * @return the key attributes, partition first
   */
  public static Map<String, AttributeValue> of(Map<String, AttributeValue> item, String partition, String sort) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(partition, item.get(partition));
    if (sort != null) {
      key.put(sort, item.get(sort));
    }
    return key;
  }

  /**
   * A key attribute's value as text: a string key, or a number key's digits.
   *
   * @param value the attribute's value, or {@code null}
   * @return the text, or {@code null} when the attribute is absent
   */
  public static String text(AttributeValue value) {
    return value == null ? null : value.s() != null ? value.s() : value.n();
  }
}
