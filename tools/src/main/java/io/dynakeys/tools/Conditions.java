package io.dynakeys.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Condition expressions that make the tools' writes safe to repeat and safe next to other writers:
 * "the item is unchanged since it was read" for deletes, "absent, or exactly this item" for puts.
 *
 * <p>Equality is spelled out per value, down into maps and lists ({@code #a.#b[2] = :v}, plus
 * {@code size} and {@code attribute_type} on each map and list), rather than as {@code #a = :map}:
 * whole-document equality is not implemented alike everywhere (dynalite compares maps and lists
 * by reference and never finds them equal), while per-path comparisons of scalars are. Sets
 * compare as sets. An item whose spelled-out condition would exceed DynamoDB's 4 KB expression
 * limit is compared to depth one (scalars, and each document's type and size); the tools then
 * recommend a version attribute, which makes the condition exact and short.
 */
final class Conditions {
  /** DynamoDB's limit on an expression's length is 4 KB; stay clear of it. */
  static final int MAX_EXPRESSION = 4000;

  private Conditions() {}

  /**
   * A condition expression with its placeholders.
   *
   * @param expression the expression
   * @param names the {@code #name} placeholders
   * @param values the {@code :value} placeholders
   * @param exact whether it compares the whole item (not only to depth one)
   */
  record Condition(String expression, Map<String, String> names, Map<String, AttributeValue> values, boolean exact) {}

  /**
   * "No item has this key": {@code attribute_not_exists} on the partition key, the cheap first
   * try of a put; {@link #absentOrEqualTo} is the second, when this fails.
   */
  static Condition absent(String partitionKeyAttribute) {
    return new Condition("attribute_not_exists(#pk)", Map.of("#pk", partitionKeyAttribute), Map.of(), true);
  }

  /**
   * "Every attribute of {@code item} is stored with this value." The key attributes {@code keys}
   * are left out: the request names the item by them, so they are equal by definition.
   */
  static Condition equalTo(Map<String, AttributeValue> item, String... keys) {
    if (keys.length > 0) {
      Map<String, AttributeValue> rest = new LinkedHashMap<>(item);
      for (String key : keys) {
        if (key != null) {
          rest.remove(key);
        }
      }
      if (!rest.isEmpty()) {
        item = rest;
      }
    }
    Condition deep = build(item, true, null);
    if (deep.expression().length() <= MAX_EXPRESSION) {
      return deep;
    }
    Condition shallow = build(item, false, null);
    if (shallow.expression().length() <= MAX_EXPRESSION) {
      return shallow;
    }
    throw new IllegalStateException("the item has too many attributes for an \"unchanged\" condition within"
        + " DynamoDB's 4 KB expression limit: name a version attribute (--version-attribute)");
  }

  /** "No item has this key, or the item stored there is {@code item}": an idempotent put. */
  static Condition absentOrEqualTo(String partitionKeyAttribute, Map<String, AttributeValue> item) {
    Condition deep = build(item, true, partitionKeyAttribute);
    if (deep.expression().length() <= MAX_EXPRESSION) {
      return deep;
    }
    Condition shallow = build(item, false, partitionKeyAttribute);
    if (shallow.expression().length() <= MAX_EXPRESSION) {
      return shallow;
    }
    throw new IllegalStateException("the item has too many attributes for an \"absent or equal\" condition"
        + " within DynamoDB's 4 KB expression limit");
  }

  /** "The version attribute is as read": {@code #v = :v}, or absent when the item had none. */
  static Condition versionIs(String attribute, AttributeValue value) {
    Map<String, String> names = Map.of("#v", attribute);
    if (value == null) {
      return new Condition("attribute_not_exists(#v)", names, Map.of(), true);
    }
    return new Condition("#v = :v", names, Map.of(":v", value), true);
  }

  private static Condition build(Map<String, AttributeValue> item, boolean deep, String absentKey) {
    Builder b = new Builder();
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      b.compare(b.name(e.getKey()), e.getValue(), parts, deep);
    }
    String all = String.join(" AND ", parts);
    String expression = absentKey == null ? all
        : "attribute_not_exists(" + b.name(absentKey) + ") OR (" + all + ")";
    return new Condition(expression, b.names, b.values, deep);
  }

  private static final class Builder {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, String> byName = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();

    String name(String attribute) {
      return byName.computeIfAbsent(attribute, a -> {
        String placeholder = "#n" + names.size();
        names.put(placeholder, a);
        return placeholder;
      });
    }

    String value(AttributeValue v) {
      String placeholder = ":v" + values.size();
      values.put(placeholder, v);
      return placeholder;
    }

    void compare(String path, AttributeValue v, List<String> parts, boolean deep) {
      switch (v.type()) {
        case NUL -> parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("NULL")) + ")");
        case M -> {
          parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("M")) + ")");
          parts.add("size(" + path + ") = " + value(AttributeValue.fromN(Integer.toString(v.m().size()))));
          if (deep) {
            v.m().forEach((k, inner) -> compare(path + "." + name(k), inner, parts, true));
          }
        }
        case L -> {
          parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("L")) + ")");
          parts.add("size(" + path + ") = " + value(AttributeValue.fromN(Integer.toString(v.l().size()))));
          if (deep) {
            for (int i = 0; i < v.l().size(); i++) {
              compare(path + "[" + i + "]", v.l().get(i), parts, true);
            }
          }
        }
        default -> parts.add(path + " = " + value(v));
      }
    }
  }
}
