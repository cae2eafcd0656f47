package io.dynakeys.operations.internal.write;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Condition expressions that make the command line's and the Spark job's writes safe to repeat and
 * safe next to other writers: "the item is unchanged since it was read" for deletes, "absent, or
 * exactly this item" for puts.
 *
 * <p>Equality is spelled out per value, down into maps and lists ({@code #a.#b[2] = :v}, plus
 * {@code size} and {@code attribute_type} on each map and list), rather than as {@code #a = :map}:
 * whole-document equality is not implemented alike everywhere (dynalite compares maps and lists
 * by reference and never finds them equal), while per-path comparisons of scalars are. Sets
 * compare as sets.
 *
 * <p>A condition is always exact: when the spelled-out comparison would exceed DynamoDB's limits
 * on an expression (4 KB of text, 300 operators and functions), {@link #equalTo} and
 * {@link #absentOrEqualTo} return {@code null} and the caller asks for a version attribute. There
 * is no shallower fallback: a comparison that skips nested values lets a nested change through.
 *
 * <p>No condition can say "and no other attributes": DynamoDB has no way to name the attributes
 * an item does not have. An attribute added to an item since it was read passes
 * {@link #equalTo}; the writers therefore write with {@code ReturnValues.ALL_OLD} and compare what
 * they replaced or deleted with what they read ({@link #same}).
 */
public final class Conditions {
  /** DynamoDB's limit on an expression's length is 4 KB; stay clear of it. */
  public static final int MAX_EXPRESSION = 4000;
  /** DynamoDB's limit on the operators and functions of one expression. */
  public static final int MAX_OPERATORS = 300;

  private Conditions() {}

  /**
   * A condition expression with its placeholders.
   *
   * @param expression the expression
   * @param names the {@code #name} placeholders
   * @param values the {@code :value} placeholders
   * @param operators the comparators, logical operators and functions it uses
   */
  public record Condition(String expression, Map<String, String> names, Map<String, AttributeValue> values, int operators) {
    /** Whether DynamoDB accepts it: within the length and the operator limits. */
    boolean fits() {
      return expression.length() <= MAX_EXPRESSION && operators <= MAX_OPERATORS;
    }
  }

  /**
   * "No item has this key": {@code attribute_not_exists} on the partition key, the cheap first
   * try of a put; {@link #absentOrEqualTo} is the second, when this fails.
   */
  public static Condition absent(String partitionKeyAttribute) {
    return new Condition("attribute_not_exists(#pk)", Map.of("#pk", partitionKeyAttribute), Map.of(), 1);
  }

  /**
   * "Every attribute of {@code item} is stored with this value." The key attributes {@code keys}
   * are left out: the request names the item by them, so they are equal by definition.
   *
   * @return the condition, or {@code null} when it would exceed DynamoDB's expression limits
   */
  public static Condition equalTo(Map<String, AttributeValue> item, String... keys) {
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
    Condition exact = build(item, null);
    return exact.fits() ? exact : null;
  }

  /**
   * "No item has this key, or the item stored there is {@code item}": an idempotent put.
   *
   * @return the condition, or {@code null} when it would exceed DynamoDB's expression limits
   */
  public static Condition absentOrEqualTo(String partitionKeyAttribute, Map<String, AttributeValue> item) {
    Condition exact = build(item, partitionKeyAttribute);
    return exact.fits() ? exact : null;
  }

  /** "The version attribute is as read": {@code #v = :v}, or absent when the item had none. */
  public static Condition versionIs(String attribute, AttributeValue value) {
    Map<String, String> names = Map.of("#v", attribute);
    if (value == null) {
      return new Condition("attribute_not_exists(#v)", names, Map.of(), 1);
    }
    return new Condition("#v = :v", names, Map.of(":v", value), 1);
  }

  /**
   * Whether two items hold the same values, as DynamoDB compares them: numbers by value
   * ({@code 1.50} is {@code 1.5}), sets as sets, maps and lists element by element.
   */
  public static boolean same(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (Map.Entry<String, AttributeValue> e : a.entrySet()) {
      AttributeValue other = b.get(e.getKey());
      if (other == null || !same(e.getValue(), other)) {
        return false;
      }
    }
    return true;
  }

  public static boolean same(AttributeValue a, AttributeValue b) {
    if (a.type() != b.type()) {
      return false;
    }
    return switch (a.type()) {
      case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n())) == 0;
      case SS -> new HashSet<>(a.ss()).equals(new HashSet<>(b.ss()));
      case NS -> numbers(a.ns()).equals(numbers(b.ns()));
      case BS -> new HashSet<SdkBytes>(a.bs()).equals(new HashSet<SdkBytes>(b.bs()));
      case M -> same(a.m(), b.m());
      case L -> {
        if (a.l().size() != b.l().size()) {
          yield false;
        }
        for (int i = 0; i < a.l().size(); i++) {
          if (!same(a.l().get(i), b.l().get(i))) {
            yield false;
          }
        }
        yield true;
      }
      default -> a.equals(b);
    };
  }

  private static Set<BigDecimal> numbers(List<String> ns) {
    Set<BigDecimal> out = new HashSet<>();
    for (String n : ns) {
      out.add(new BigDecimal(n).stripTrailingZeros());
    }
    return out;
  }

  public static Condition build(Map<String, AttributeValue> item, String absentKey) {
    Builder b = new Builder();
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      b.compare(b.name(e.getKey()), e.getValue(), parts);
    }
    String all = String.join(" AND ", parts);
    int operators = b.operators + Math.max(0, parts.size() - 1);
    String expression = all;
    if (absentKey != null) {
      expression = "attribute_not_exists(" + b.name(absentKey) + ") OR (" + all + ")";
      operators += 2;
    }
    return new Condition(expression, b.names, b.values, operators);
  }

  private static final class Builder {
    final Map<String, String> names = new LinkedHashMap<>();
    final Map<String, String> byName = new LinkedHashMap<>();
    final Map<String, AttributeValue> values = new LinkedHashMap<>();
    int operators;

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

    void compare(String path, AttributeValue v, List<String> parts) {
      switch (v.type()) {
        case NUL -> {
          parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("NULL")) + ")");
          operators += 1;
        }
        case M -> {
          parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("M")) + ")");
          parts.add("size(" + path + ") = " + value(AttributeValue.fromN(Integer.toString(v.m().size()))));
          operators += 3;
          v.m().forEach((k, inner) -> compare(path + "." + name(k), inner, parts));
        }
        case L -> {
          parts.add("attribute_type(" + path + ", " + value(AttributeValue.fromS("L")) + ")");
          parts.add("size(" + path + ") = " + value(AttributeValue.fromN(Integer.toString(v.l().size()))));
          operators += 3;
          for (int i = 0; i < v.l().size(); i++) {
            compare(path + "[" + i + "]", v.l().get(i), parts);
          }
        }
        default -> {
          parts.add(path + " = " + value(v));
          operators += 1;
        }
      }
    }
  }
}
