package io.dynakeys.operations.internal.write;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An {@code UpdateItem} that sets some attributes of one item under a condition, and its rendering
 * ({@code SET #set0 = :set0, ...}, the condition's placeholders beside the set's), for the command
 * line's and the Spark job's writers alike.
 *
 * @param key the item's primary key
 * @param attributes the attributes set, with their values
 * @param condition the condition the update is made under
 */
public record SetUpdate(Map<String, AttributeValue> key, Map<String, AttributeValue> attributes,
    Conditions.Condition condition) {
  /** Copies the maps, keeping their order. */
  public SetUpdate {
    key = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(key));
    attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    if (attributes.isEmpty()) {
      throw new IllegalArgumentException("an update sets at least one attribute");
    }
  }

  /** The update expression: {@code SET #set0 = :set0, #set1 = :set1}. */
  public String updateExpression() {
    List<String> sets = new ArrayList<>();
    for (int i = 0; i < attributes.size(); i++) {
      sets.add("#set" + i + " = :set" + i);
    }
    return "SET " + String.join(", ", sets);
  }

  /** The condition's name placeholders and the set's. */
  public Map<String, String> expressionNames() {
    Map<String, String> names = new LinkedHashMap<>(condition.names());
    int i = 0;
    for (String attribute : attributes.keySet()) {
      names.put("#set" + i++, attribute);
    }
    return names;
  }

  /** The condition's value placeholders and the set's. */
  public Map<String, AttributeValue> expressionValues() {
    Map<String, AttributeValue> values = new LinkedHashMap<>(condition.values());
    int i = 0;
    for (AttributeValue value : attributes.values()) {
      values.put(":set" + i++, value);
    }
    return values;
  }
}
