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
 * puts and deletes are conditional on, and what query and scan filters take
 * ({@code QueryStage.filter}, {@code Select}).
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
  /** The handles this condition names, in order of first appearance, each once. */
  private final List<Attribute<R, ?>> attributes;
  /** The condition this one negates, so that a double negation is written as the condition itself. */
  private Condition<R> negationOf;

  private Condition(Attribute<R, ?> attribute, Node<R> node) {
    this(node, SIMPLE, List.of(attribute));
  }

  private Condition(Node<R> node, int precedence, List<Attribute<R, ?>> attributes) {
    this.node = node;
    this.precedence = precedence;
    this.attributes = attributes;
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
    return new Condition<>(attribute, (schema, p, out) -> out.append(p.path(attribute))
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
    return new Condition<>(attribute, (schema, p, out) -> out.append(p.path(attribute))
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
    return new Condition<>(attribute, (schema, p, out) -> out.append(function).append('(')
        .append(p.path(attribute)).append(", ")
        .append(p.value(stored(schema, attribute, operand))).append(')'));
  }

  /**
   * {@code contains(attribute, element)}: the list or set component holds {@code element}, stored
   * as the component's elements are.
   */
  public static <R, E> Condition<R> containsElement(Attribute<R, ? extends Collection<E>> attribute, E element) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(element, "element");
    return new Condition<>(attribute, (schema, p, out) -> out.append("contains(")
        .append(p.path(attribute)).append(", ")
        .append(p.value(schema.storedElement(attribute, element))).append(')'));
  }

  /** {@code attribute_exists(attribute)}. */
  public static <R> Condition<R> exists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new Condition<>(attribute, (schema, p, out) -> out.append("attribute_exists(")
        .append(p.path(attribute)).append(')'));
  }

  /** {@code attribute_not_exists(attribute)}: absent (an empty {@code Optional}, a removed value). */
  public static <R> Condition<R> notExists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new Condition<>(attribute, (schema, p, out) -> out.append("attribute_not_exists(")
        .append(p.path(attribute)).append(')'));
  }

  /** {@code attribute_type(attribute, type)}: the attribute is stored as {@code type} ({@code S}, {@code N}, {@code SS}...). */
  public static <R> Condition<R> hasType(Attribute<R, ?> attribute, AttributeValueType type) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(type, "type");
    return new Condition<>(attribute, (schema, p, out) -> out.append("attribute_type(")
        .append(p.path(attribute)).append(", ")
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
    }, NOT, condition.attributes);
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
    }, precedence, union(conditions));
  }

  private static <R> List<Attribute<R, ?>> union(List<Condition<R>> conditions) {
    java.util.LinkedHashSet<Attribute<R, ?>> all = new java.util.LinkedHashSet<>();
    conditions.forEach(c -> all.addAll(c.attributes));
    return List.copyOf(all);
  }

  /**
   * The handles this condition names, each once, in the order they first appear: what a read
   * checks against its table's schema (and, on an item collection, what tells which member's
   * schema converts the values) before any request.
   *
   * @return the handles
   */
  public List<Attribute<R, ?>> attributes() {
    return attributes;
  }

  /**
   * This condition as the enhanced-client {@link Expression} of a query or scan filter
   * ({@code FilterExpression}), its values stored as {@code schema} stores them. Every handle is
   * checked against the schema first, and the expression against DynamoDB's 4 KB limit, named as
   * the filter expression.
   *
   * @param schema the table schema of the condition's record
   * @return the filter
   * @throws IllegalArgumentException when a handle is no component of {@code schema}, the
   *     expression is over DynamoDB's 4 KB, or a value is stored as no attribute
   */
  public Expression toFilterExpression(RecordTableSchema<R> schema) {
    return toFilterExpression(schema, null);
  }

  /**
   * This condition as a filter, ANDed after {@code first}: an expression of other placeholders
   * (a schema's {@code ownItems()}, which keeps one record's items in a scan or an item
   * collection's query). Each side is parenthesized only where DynamoDB's precedence needs it.
   *
   * @param schema the table schema of the condition's record
   * @param first the expression that comes first, or {@code null} for none
   * @return the filter
   * @throws IllegalArgumentException when a handle is no component of {@code schema}, a placeholder
   *     of {@code first} is one of this condition's, the expression is over DynamoDB's 4 KB, or a
   *     value is stored as no attribute
   */
  public Expression toFilterExpression(RecordTableSchema<R> schema, Expression first) {
    Objects.requireNonNull(schema, "schema");
    for (Attribute<R, ?> attribute : attributes) {
      schema.isOptional(attribute); // throws for a handle that is no component of the schema
    }
    Placeholders p = new Placeholders();
    StringBuilder out = new StringBuilder();
    java.util.Map<String, String> names = new java.util.HashMap<>();
    java.util.Map<String, AttributeValue> values = new java.util.HashMap<>();
    if (first != null) {
      String text = first.expression();
      out.append(hasTopLevelOr(text) ? "(" + text + ")" : text).append(" AND ");
      if (first.expressionNames() != null) {
        names.putAll(first.expressionNames());
      }
      if (first.expressionValues() != null) {
        values.putAll(first.expressionValues());
      }
      render(schema, p, out, AND);
    } else {
      node.render(schema, p, out);
    }
    for (java.util.Map.Entry<String, String> e : p.names.entrySet()) {
      if (names.put(e.getKey(), e.getValue()) != null) {
        throw new IllegalArgumentException("the placeholder " + e.getKey() + " is in both parts of a filter");
      }
    }
    for (java.util.Map.Entry<String, AttributeValue> e : p.values.entrySet()) {
      if (values.put(e.getKey(), e.getValue()) != null) {
        throw new IllegalArgumentException("the placeholder " + e.getKey() + " is in both parts of a filter");
      }
    }
    String text = Placeholders.checkLength(out.toString(), "filter expression", schema.itemType().rawClass().getSimpleName());
    return Expression.builder().expression(text).expressionNames(names)
        .expressionValues(values.isEmpty() ? null : values).build();
  }

  /** Whether {@code expression} has an OR outside every parenthesis (placeholders hold no text). */
  private static boolean hasTopLevelOr(String expression) {
    int depth = 0;
    for (int i = 0; i < expression.length(); i++) {
      char c = expression.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (depth == 0 && expression.startsWith(" OR ", i)) {
        return true;
      }
    }
    return false;
  }

  /** Writes this condition with its names and values in {@code p}. */
  void render(RecordTableSchema<R> schema, Placeholders p, StringBuilder out) {
    node.render(schema, p, out);
  }

  /**
   * This condition as an enhanced-client {@link Expression}, its values stored as {@code schema}
   * stores them: for {@code putItem}, {@code deleteItem} and transactions ({@link #toFilterExpression}
   * for query and scan filters).
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
      return new Condition<>(attribute, (schema, p, out) -> out.append("size(").append(p.path(attribute))
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
      return new Condition<>(attribute, (schema, p, out) -> out.append("size(").append(p.path(attribute))
          .append(") BETWEEN ").append(p.value(AttributeValue.fromN(Long.toString(low))))
          .append(" AND ").append(p.value(AttributeValue.fromN(Long.toString(high)))));
    }
  }
}
