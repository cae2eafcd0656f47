package io.dynakeys.runtime.write;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A typed condition on an item of {@code R}, over the record's component handles
 * ({@code RunKeys.NAME}, {@code TaskKeys.POINTS}) and values of their Java types: what updates,
 * puts and deletes are conditional on, and what query and scan filters will take.
 *
 * <pre>{@code
 * Condition<Task> c = Condition.eq(TaskKeys.OWNER, "ann")
 *     .and(Condition.lt(TaskKeys.POINTS, 10L).or(Condition.notExists(TaskKeys.POINTS)));
 * }</pre>
 *
 * <p>Values are converted as the table schema stores them ({@link RecordTableSchema#storedValue}:
 * renamed attributes, {@code @DynamoDbConvertedBy} converters, enums by name), so a condition
 * compares with exactly what a put wrote; comparisons follow DynamoDB's order of the stored form
 * (numbers by value, strings by UTF-8 bytes). A value that stores as no attribute (an empty
 * {@code Optional} or set) cannot be compared with: use {@link #notExists}. Names and values are
 * placeholders, never expression text. A condition is immutable and renders the same text for
 * every schema of its record.
 *
 * @param <R> the record
 */
public final class Condition<R> {
  /** How tightly a condition binds: a simple one, NOT, AND, OR (DynamoDB's precedence). */
  private static final int SIMPLE = 3;
  private static final int NOT = 2;
  private static final int AND = 1;
  private static final int OR = 0;

  private final Node<R> node;
  private final int precedence;
  /** The condition this one negates, so that a double negation is written as the condition itself. */
  private Condition<R> negationOf;

  private Condition(Node<R> node) {
    this(node, SIMPLE);
  }

  private Condition(Node<R> node, int precedence) {
    this.node = node;
    this.precedence = precedence;
  }

  /**
   * Writes this condition inside an operator of {@code parent} precedence, in parentheses only
   * where they are needed: DynamoDB refuses redundant ones.
   */
  void render(RecordTableSchema<R> schema, Placeholders p, StringBuilder out, int parent) {
    if (precedence < parent) {
      out.append('(');
      node.render(schema, p, out);
      out.append(')');
    } else {
      node.render(schema, p, out);
    }
  }

  /** Writes this condition as one operand of an AND. */
  void renderInAnd(RecordTableSchema<R> schema, Placeholders p, StringBuilder out) {
    render(schema, p, out, AND);
  }

  /** How a condition writes itself into an expression. */
  @FunctionalInterface
  interface Node<R> {
    void render(RecordTableSchema<R> schema, Placeholders p, StringBuilder out);
  }

  private static <R, T> Condition<R> compare(Attribute<R, T> attribute, String operator, T value) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(value, "value");
    return new Condition<>((schema, p, out) -> out.append(p.name(attribute.attributeName()))
        .append(operator).append(p.value(stored(schema, attribute, value))));
  }

  static <R, T> AttributeValue stored(RecordTableSchema<R> schema, Attribute<R, T> attribute, T value) {
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      throw new IllegalArgumentException("a condition on " + attribute.name() + " compares with " + value
          + ", which is stored as no attribute: use Condition.notExists(" + attribute.name() + ")");
    }
    return stored;
  }

  /** {@code attribute = value}. */
  public static <R, T> Condition<R> eq(Attribute<R, T> attribute, T value) {
    return compare(attribute, " = ", value);
  }

  /** {@code attribute <> value} (also true when the attribute is absent). */
  public static <R, T> Condition<R> ne(Attribute<R, T> attribute, T value) {
    return compare(attribute, " <> ", value);
  }

  /** {@code attribute < value}, in DynamoDB's order of the stored form. */
  public static <R, T> Condition<R> lt(Attribute<R, T> attribute, T value) {
    return compare(attribute, " < ", value);
  }

  /** {@code attribute <= value}. */
  public static <R, T> Condition<R> le(Attribute<R, T> attribute, T value) {
    return compare(attribute, " <= ", value);
  }

  /** {@code attribute > value}. */
  public static <R, T> Condition<R> gt(Attribute<R, T> attribute, T value) {
    return compare(attribute, " > ", value);
  }

  /** {@code attribute >= value}. */
  public static <R, T> Condition<R> ge(Attribute<R, T> attribute, T value) {
    return compare(attribute, " >= ", value);
  }

  /** {@code attribute BETWEEN low AND high}, both included. */
  public static <R, T> Condition<R> between(Attribute<R, T> attribute, T low, T high) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(low, "low");
    Objects.requireNonNull(high, "high");
    return new Condition<>((schema, p, out) -> out.append(p.name(attribute.attributeName()))
        .append(" BETWEEN ").append(p.value(stored(schema, attribute, low)))
        .append(" AND ").append(p.value(stored(schema, attribute, high))));
  }

  /** {@code begins_with(attribute, prefix)} on a string component. */
  public static <R> Condition<R> beginsWith(Attribute<R, String> attribute, String prefix) {
    return function("begins_with", attribute, prefix);
  }

  /** {@code contains(attribute, part)}: the string component contains {@code part}. */
  public static <R> Condition<R> contains(Attribute<R, String> attribute, String part) {
    return function("contains", attribute, part);
  }

  private static <R> Condition<R> function(String function, Attribute<R, String> attribute, String operand) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(operand, "operand");
    return new Condition<>((schema, p, out) -> out.append(function).append('(')
        .append(p.name(attribute.attributeName())).append(", ")
        .append(p.value(stored(schema, attribute, operand))).append(')'));
  }

  /**
   * {@code contains(attribute, element)}: the list or set component holds {@code element}, stored
   * as the component's elements are.
   */
  public static <R, E> Condition<R> containsElement(Attribute<R, ? extends Collection<E>> attribute, E element) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(element, "element");
    return new Condition<>((schema, p, out) -> out.append("contains(")
        .append(p.name(attribute.attributeName())).append(", ")
        .append(p.value(schema.storedElement(attribute, element))).append(')'));
  }

  /** {@code attribute_exists(attribute)}. */
  public static <R> Condition<R> exists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new Condition<>((schema, p, out) -> out.append("attribute_exists(")
        .append(p.name(attribute.attributeName())).append(')'));
  }

  /** {@code attribute_not_exists(attribute)}: absent (an empty {@code Optional}, a removed value). */
  public static <R> Condition<R> notExists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new Condition<>((schema, p, out) -> out.append("attribute_not_exists(")
        .append(p.name(attribute.attributeName())).append(')'));
  }

  /** {@code attribute_type(attribute, type)}: the attribute is stored as {@code type} ({@code S}, {@code N}, {@code SS}...). */
  public static <R> Condition<R> hasType(Attribute<R, ?> attribute, AttributeValueType type) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(type, "type");
    return new Condition<>((schema, p, out) -> out.append("attribute_type(")
        .append(p.name(attribute.attributeName())).append(", ")
        .append(p.value(AttributeValue.fromS(type.name()))).append(')'));
  }

  /** {@code size(attribute)}, to compare: a string's UTF-8 bytes, a set's or list's elements. */
  public static <R> Size<R> size(Attribute<R, ?> attribute) {
    return new Size<>(Objects.requireNonNull(attribute, "attribute"));
  }

  /** Every condition holds ({@code AND}). */
  @SafeVarargs
  public static <R> Condition<R> allOf(Condition<R>... conditions) {
    return join(" AND ", List.of(conditions));
  }

  /** At least one condition holds ({@code OR}). */
  @SafeVarargs
  public static <R> Condition<R> anyOf(Condition<R>... conditions) {
    return join(" OR ", List.of(conditions));
  }

  /** {@code NOT condition}; the negation of a negation is the condition ({@code NOT NOT} is no valid expression). */
  public static <R> Condition<R> not(Condition<R> condition) {
    Objects.requireNonNull(condition, "condition");
    if (condition.negationOf != null) {
      return condition.negationOf;
    }
    Condition<R> negation = new Condition<>((schema, p, out) -> {
      out.append("NOT ");
      condition.render(schema, p, out, NOT);
    }, NOT);
    negation.negationOf = condition;
    return negation;
  }

  /** This condition and {@code other}. */
  public Condition<R> and(Condition<R> other) {
    return join(" AND ", List.of(this, other));
  }

  /** This condition or {@code other}. */
  public Condition<R> or(Condition<R> other) {
    return join(" OR ", List.of(this, other));
  }

  /** Not this condition. */
  public Condition<R> negate() {
    return not(this);
  }

  private static <R> Condition<R> join(String operator, List<Condition<R>> conditions) {
    if (conditions.isEmpty()) {
      throw new IllegalArgumentException("a combination of conditions needs at least one condition");
    }
    for (Condition<R> c : conditions) {
      Objects.requireNonNull(c, "condition");
    }
    if (conditions.size() == 1) {
      return conditions.get(0);
    }
    int precedence = operator.equals(" AND ") ? AND : OR;
    return new Condition<>((schema, p, out) -> {
      for (int i = 0; i < conditions.size(); i++) {
        if (i > 0) {
          out.append(operator);
        }
        conditions.get(i).render(schema, p, out, precedence);
      }
    }, precedence);
  }

  /** Writes this condition with its names and values in {@code p}. */
  void render(RecordTableSchema<R> schema, Placeholders p, StringBuilder out) {
    node.render(schema, p, out);
  }

  /**
   * This condition as an enhanced-client {@link Expression}, its values stored as {@code schema}
   * stores them: for {@code putItem}, {@code deleteItem}, transactions and, later, filters.
   *
   * @throws IllegalArgumentException when the expression is over DynamoDB's 4 KB, or a value is
   *     stored as no attribute
   */
  public Expression toExpression(RecordTableSchema<R> schema) {
    Objects.requireNonNull(schema, "schema");
    Placeholders p = new Placeholders();
    StringBuilder out = new StringBuilder();
    node.render(schema, p, out);
    String text = Placeholders.checkLength(out.toString(), "condition expression", schema.itemType().rawClass().getSimpleName());
    return Expression.builder().expression(text).expressionNames(p.names).expressionValues(p.values).build();
  }

  /**
   * The size of an attribute, to compare with a number.
   *
   * @param <R> the record
   */
  public static final class Size<R> {
    private final Attribute<R, ?> attribute;

    private Size(Attribute<R, ?> attribute) {
      this.attribute = attribute;
    }

    private Condition<R> compare(String operator, long size) {
      return new Condition<>((schema, p, out) -> out.append("size(").append(p.name(attribute.attributeName()))
          .append(')').append(operator).append(p.value(AttributeValue.fromN(Long.toString(size)))));
    }

    /** {@code size(attribute) = size}. */
    public Condition<R> eq(long size) {
      return compare(" = ", size);
    }

    /** {@code size(attribute) <> size}. */
    public Condition<R> ne(long size) {
      return compare(" <> ", size);
    }

    /** {@code size(attribute) < size}. */
    public Condition<R> lt(long size) {
      return compare(" < ", size);
    }

    /** {@code size(attribute) <= size}. */
    public Condition<R> le(long size) {
      return compare(" <= ", size);
    }

    /** {@code size(attribute) > size}. */
    public Condition<R> gt(long size) {
      return compare(" > ", size);
    }

    /** {@code size(attribute) >= size}. */
    public Condition<R> ge(long size) {
      return compare(" >= ", size);
    }

    /** {@code size(attribute) BETWEEN low AND high}. */
    public Condition<R> between(long low, long high) {
      return new Condition<>((schema, p, out) -> out.append("size(").append(p.name(attribute.attributeName()))
          .append(") BETWEEN ").append(p.value(AttributeValue.fromN(Long.toString(low))))
          .append(" AND ").append(p.value(AttributeValue.fromN(Long.toString(high)))));
    }
  }
}
