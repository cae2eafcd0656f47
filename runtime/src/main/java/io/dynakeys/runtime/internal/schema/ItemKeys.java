package io.dynakeys.runtime.internal.schema;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The stored key of an item, for mapping errors that must say which item they are about. */
final class ItemKeys {
  private ItemKeys() {}

  /**
   * The item's partition and sort key attributes with their stored values as text; empty for a
   * schema without keys (a nested record's).
   */
  static Map<String, String> of(String partitionAttribute, String sortAttribute, Map<String, AttributeValue> item) {
    Map<String, String> key = new LinkedHashMap<>();
    for (String attribute : new String[] {partitionAttribute, sortAttribute}) {
      if (attribute == null) {
        continue;
      }
      AttributeValue value = item.get(attribute);
      if (value != null && !AttributeValues.isNull(value)) {
        key.put(attribute, AttributeValues.describe(value));
      }
    }
    return key;
  }
}
