package io.dynakeys.runtime.internal.condition;

import io.dynakeys.runtime.internal.Placeholders;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The runtime's {@link Condition}: a small tree of terms ({@link Leaf}, {@link Not}, {@link Join}),
 * not lambdas, so that a condition's shape can be compared and its values bound without writing
 * text (an update's prepared shapes), and the one place a condition is rendered against a schema,
 * after its handles are checked to be that schema's.
 *
 * @param <R> the record
 */
public final class TreeCondition<R> extends Condition<R> {
  /** How tightly a condition binds: a simple one, NOT, AND, OR (DynamoDB's precedence). */
  private static final int SIMPLE = 3;
  private static final int NOT = 2;
  private static final int AND = 1;
  private static final int OR = 0;

  private final Node<R> node;
  private final int precedence;
  /** The handles this condition names, in order of first appearance, each once (a leaf's: made when asked). */
  private List<Attribute<R, ?>> attributes;
  /** The condition this one negates, so that a double negation is written as the condition itself. */
  private TreeCondition<R> negationOf;

  private TreeCondition(Node<R> node) {
    this(node, SIMPLE, null);
  }

  private TreeCondition(Node<R> node, int precedence, List<Attribute<R, ?>> attributes) {
    this.node = node;
    this.precedence = precedence;
    this.attributes = attributes;
  }

  /**
   * Writes this condition inside an operator of {@code parent} precedence, in parentheses only
   * where they are needed: DynamoDB refuses redundant ones.
   */
  void render(RecordSchema<R> schema, Placeholders p, StringBuilder out, int parent) {
    if (precedence < parent) {
      out.append('(');
      node.render(schema, p, out);
      out.append(')');
    } else {
      node.render(schema, p, out);
    }
  }

  /** Writes this condition as one operand of an AND. */
  public void renderInAnd(RecordSchema<R> schema, Placeholders p, StringBuilder out) {
    render(schema, p, out, AND);
  }

  /**
   * How a condition writes itself into an expression, in two parts: its text, which depends only on
   * its shape (the kind of each term, its operator, the stored names it names, how the terms are
   * combined) and the placeholders numbered before it; and its values, bound in the order the text
   * numbers them. An update writes the text of a shape once and binds only the values of each
   * request ({@code Update}'s prepared shapes).
   */
  public abstract static class Node<R> {
    /** The hash of this node's shape: nodes of one shape have one hash. */
    public final int shape;

    Node(int shape) {
      this.shape = shape;
    }

    /** Writes the text, numbering the names and values in {@code p}. */
    public abstract void render(RecordSchema<R> schema, Placeholders p, StringBuilder out);

    /** Adds the values that {@link #render} numbers, in its order, and writes no text. */
    public abstract void bind(RecordSchema<R> schema, Placeholders.Bound out);

    /**
     * Whether {@code other} writes the same text as this node after the same placeholders,
     * whatever either's values: the same kinds, operators and stored names, combined alike.
     */
    public abstract boolean sameShape(Node<?> other);

    /** This node's shape without its values, to keep: what a prepared shape compares with. */
    public abstract Node<R> shapeOnly();
  }

  /** The kinds of a simple condition. */
  private static final int COMPARE = 0;
  private static final int BETWEEN = 1;
  private static final int FUNCTION = 2;
  private static final int ELEMENT = 3;
  private static final int EXISTS = 4;
  private static final int NOT_EXISTS = 5;
  private static final int TYPE = 6;
  private static final int SIZE = 7;
  private static final int SIZE_BETWEEN = 8;

  /**
   * A simple condition on one handle: {@code kind}, with {@code operator} (a comparison's
   * {@code " = "}, a function's name) and up to two operands ({@code null} in a kept shape).
   */
  private static final class Leaf<R> extends Node<R> {
    private final int kind;
    private final String operator;
    /** The handle; {@code null} in a kept shape, which holds no handle (nor its record's classes). */
    private final Attribute<R, ?> attribute;
    /** What the handle is written as: its attribute name, or a nested field's map keys. */
    private final Object path;
    private final Object a;
    private final Object b;

    Leaf(int kind, String operator, Attribute<R, ?> attribute, Object a, Object b) {
      this(kind, operator, attribute, attribute instanceof io.dynakeys.runtime.entity.NestedField<?, ?> field
          ? field.path() : attribute.attributeName(), a, b);
    }

    private Leaf(int kind, String operator, Attribute<R, ?> attribute, Object path, Object a, Object b) {
      super((31 * kind + operator.hashCode()) * 31 + path.hashCode());
      this.kind = kind;
      this.operator = operator;
      this.attribute = attribute;
      this.path = path;
      this.a = a;
      this.b = b;
    }

    @Override
    public void render(RecordSchema<R> schema, Placeholders p, StringBuilder out) {
      owned(schema);
      switch (kind) {
        case COMPARE -> out.append(p.path(attribute)).append(operator).append(p.value(storedA(schema)));
        case BETWEEN -> out.append(p.path(attribute)).append(" BETWEEN ").append(p.value(storedA(schema)))
            .append(" AND ").append(p.value(storedB(schema)));
        case FUNCTION, ELEMENT, TYPE -> out.append(operator).append('(').append(p.path(attribute)).append(", ")
            .append(p.value(storedA(schema))).append(')');
        case EXISTS, NOT_EXISTS -> out.append(operator).append('(').append(p.path(attribute)).append(')');
        case SIZE -> out.append("size(").append(p.path(attribute)).append(')').append(operator)
            .append(p.value(storedA(schema)));
        case SIZE_BETWEEN -> out.append("size(").append(p.path(attribute)).append(") BETWEEN ")
            .append(p.value(storedA(schema))).append(" AND ").append(p.value(storedB(schema)));
        default -> throw new AssertionError(kind);
      }
    }

    @Override
    public void bind(RecordSchema<R> schema, Placeholders.Bound out) {
      owned(schema);
      switch (kind) {
        case COMPARE, FUNCTION, ELEMENT, TYPE, SIZE -> out.add(storedA(schema));
        case BETWEEN, SIZE_BETWEEN -> {
          out.add(storedA(schema));
          out.add(storedB(schema));
        }
        case EXISTS, NOT_EXISTS -> { }
        default -> throw new AssertionError(kind);
      }
    }

    /** The handle, refused unless {@code schema}'s keys class declares it: before any text or value is written. */
    private void owned(RecordSchema<R> schema) {
      schema.requireOwn(attribute, "a condition on " + schema.recordName());
    }

    /** The first operand as stored, converted as {@link #render} converts it. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private AttributeValue storedA(RecordSchema<R> schema) {
      return switch (kind) {
        case ELEMENT -> schema.storedElement((Attribute) attribute, a);
        case TYPE -> AttributeValue.fromS(((AttributeValueType) a).name());
        case SIZE, SIZE_BETWEEN -> AttributeValue.fromN(Long.toString((Long) a));
        default -> stored(schema, (Attribute) attribute, a);
      };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private AttributeValue storedB(RecordSchema<R> schema) {
      return kind == SIZE_BETWEEN ? AttributeValue.fromN(Long.toString((Long) b)) : stored(schema, (Attribute) attribute, b);
    }

    @Override
    public boolean sameShape(Node<?> other) {
      // A String (an attribute) never equals a List (a nested field's keys): the two are apart.
      return other instanceof Leaf<?> o && o.kind == kind && o.operator.equals(operator) && o.path.equals(path);
    }

    @Override
    public Node<R> shapeOnly() {
      return new Leaf<>(kind, operator, null, path instanceof List<?> keys ? List.copyOf(keys) : path, null, null);
    }
  }

  /** {@code NOT condition}. */
  private static final class Not<R> extends Node<R> {
    private final TreeCondition<R> condition;

    Not(TreeCondition<R> condition) {
      super(-31 * condition.node.shape);
      this.condition = condition;
    }

    @Override
    public void render(RecordSchema<R> schema, Placeholders p, StringBuilder out) {
      out.append("NOT ");
      condition.render(schema, p, out, NOT);
    }

    @Override
    public void bind(RecordSchema<R> schema, Placeholders.Bound out) {
      condition.node.bind(schema, out);
    }

    @Override
    public boolean sameShape(Node<?> other) {
      return other instanceof Not<?> o && condition.node.sameShape(o.condition.node);
    }

    @Override
    public Node<R> shapeOnly() {
      return new Not<>(new TreeCondition<>(condition.node.shapeOnly(), condition.precedence, List.of()));
    }
  }

  /** Conditions joined by {@code AND} or {@code OR}. */
  private static final class Join<R> extends Node<R> {
    private final String operator;
    private final int precedence;
    private final List<TreeCondition<R>> conditions;

    Join(String operator, int precedence, List<TreeCondition<R>> conditions) {
      super(joinHash(operator, conditions));
      this.operator = operator;
      this.precedence = precedence;
      this.conditions = conditions;
    }

    private static int joinHash(String operator, List<? extends TreeCondition<?>> conditions) {
      int h = operator.hashCode();
      for (int i = 0; i < conditions.size(); i++) {
        h = 31 * h + conditions.get(i).node().shape;
      }
      return h;
    }

    @Override
    public void render(RecordSchema<R> schema, Placeholders p, StringBuilder out) {
      for (int i = 0; i < conditions.size(); i++) {
        if (i > 0) {
          out.append(operator);
        }
        conditions.get(i).render(schema, p, out, precedence);
      }
    }

    @Override
    public void bind(RecordSchema<R> schema, Placeholders.Bound out) {
      for (int i = 0; i < conditions.size(); i++) {
        conditions.get(i).node.bind(schema, out);
      }
    }

    @Override
    public boolean sameShape(Node<?> other) {
      if (!(other instanceof Join<?> o) || !o.operator.equals(operator) || o.conditions.size() != conditions.size()) {
        return false;
      }
      for (int i = 0; i < conditions.size(); i++) {
        if (!conditions.get(i).node.sameShape(o.conditions.get(i).node)) {
          return false;
        }
      }
      return true;
    }

    @Override
    public Node<R> shapeOnly() {
      List<TreeCondition<R>> kept = new java.util.ArrayList<>(conditions.size());
      for (TreeCondition<R> c : conditions) {
        kept.add(new TreeCondition<>(c.node.shapeOnly(), c.precedence, List.of()));
      }
      return new Join<>(operator, precedence, List.copyOf(kept));
    }
  }

  /** What this condition writes: its shape and its values. */
  public Node<R> node() {
    return node;
  }

  /** {@code attribute operator value}, {@code operator} one of {@code " = "}, {@code " < "}... */
  public static <R, T> TreeCondition<R> compare(Attribute<R, T> attribute, String operator, T value) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(value, "value");
    return new TreeCondition<>(new Leaf<>(COMPARE, operator, attribute, value, null));
  }

  public static <R, T> AttributeValue stored(RecordSchema<R> schema, Attribute<R, T> attribute, T value) {
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      throw new IllegalArgumentException("a condition on " + attribute.name() + " compares with " + value
          + ", which is stored as no attribute: use Condition.notExists(" + attribute.name() + ")");
    }
    return stored;
  }







  /** {@code attribute BETWEEN low AND high}, both included. */
  /** {@code attribute BETWEEN low AND high}. */
  public static <R, T> TreeCondition<R> between(Attribute<R, T> attribute, T low, T high) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(low, "low");
    Objects.requireNonNull(high, "high");
    return new TreeCondition<>(new Leaf<>(BETWEEN, " BETWEEN ", attribute, low, high));
  }



  /** {@code function(attribute, operand)}: {@code begins_with} or {@code contains} on a string. */
  public static <R> TreeCondition<R> function(String function, Attribute<R, String> attribute, String operand) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(operand, "operand");
    return new TreeCondition<>(new Leaf<>(FUNCTION, function, attribute, operand, null));
  }

  /**
   * {@code contains(attribute, element)}: the list or set component holds {@code element}, stored
   * as the component's elements are.
   */
  public static <R, E> TreeCondition<R> containsElement(Attribute<R, ? extends Collection<E>> attribute, E element) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(element, "element");
    return new TreeCondition<>(new Leaf<>(ELEMENT, "contains", attribute, element, null));
  }

  /** {@code attribute_exists(attribute)}. */
  public static <R> TreeCondition<R> exists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new TreeCondition<>(new Leaf<>(EXISTS, "attribute_exists", attribute, null, null));
  }

  /** {@code attribute_not_exists(attribute)}: absent (an empty {@code Optional}, a removed value). */
  public static <R> TreeCondition<R> notExists(Attribute<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return new TreeCondition<>(new Leaf<>(NOT_EXISTS, "attribute_not_exists", attribute, null, null));
  }

  /** {@code attribute_type(attribute, type)}: the attribute is stored as {@code type} ({@code S}, {@code N}, {@code SS}...). */
  public static <R> TreeCondition<R> hasType(Attribute<R, ?> attribute, AttributeValueType type) {
    Objects.requireNonNull(attribute, "attribute");
    Objects.requireNonNull(type, "type");
    return new TreeCondition<>(new Leaf<>(TYPE, "attribute_type", attribute, type, null));
  }


  /** {@code NOT condition}; the negation of a negation is the condition ({@code NOT NOT} is no valid expression). */
  public static <R> TreeCondition<R> not(Condition<R> condition) {
    TreeCondition<R> tree = of(condition);
    if (tree.negationOf != null) {
      return tree.negationOf;
    }
    TreeCondition<R> negation = new TreeCondition<>(new Not<>(tree), NOT, tree.attributes());
    negation.negationOf = tree;
    return negation;
  }

  /** The conditions joined by {@code operator}, {@code " AND "} or {@code " OR "}. */
  public static <R> Condition<R> join(String operator, List<Condition<R>> given) {
    List<TreeCondition<R>> conditions = new java.util.ArrayList<>(given.size());
    for (Condition<R> c : given) {
      conditions.add(of(c));
    }
    if (conditions.isEmpty()) {
      throw new IllegalArgumentException("a combination of conditions needs at least one condition");
    }
    if (conditions.size() == 1) {
      return conditions.get(0);
    }
    int precedence = operator.equals(" AND ") ? AND : OR;
    return new TreeCondition<>(new Join<>(operator, precedence, List.copyOf(conditions)), precedence, union(conditions));
  }

  private static <R> List<Attribute<R, ?>> union(List<TreeCondition<R>> conditions) {
    java.util.LinkedHashSet<Attribute<R, ?>> all = new java.util.LinkedHashSet<>();
    conditions.forEach(c -> all.addAll(c.attributes()));
    return List.copyOf(all);
  }

  /**
   * The handles this condition names, each once, in the order they first appear: what a read
   * checks against its table's schema (and, on an item collection, what tells which member's
   * schema converts the values) before any request.
   *
   * @return the handles
   */
  @Override
  public List<Attribute<R, ?>> attributes() {
    List<Attribute<R, ?>> out = attributes;
    if (out == null) {
      // A simple condition's one handle, listed when asked (an immutable list: a race makes equal ones).
      out = List.of(((Leaf<R>) node).attribute);
      attributes = out;
    }
    return out;
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
  @Override
  public Expression toFilterExpression(RecordTableSchema<R> schema) {
    return toFilterExpression(schema, null);
  }

  @Override
  public Expression toFilterExpression(RecordTableSchema<R> table, Expression first) {
    RecordSchema<R> schema = RecordSchema.of(table);
    for (Attribute<R, ?> attribute : attributes()) {
      schema.requireOwn(attribute, "a filter of " + schema.recordName());
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
  public void render(RecordSchema<R> schema, Placeholders p, StringBuilder out) {
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
  @Override
  public Expression toExpression(RecordTableSchema<R> table) {
    RecordSchema<R> schema = RecordSchema.of(table);
    Placeholders p = new Placeholders();
    StringBuilder out = new StringBuilder();
    node.render(schema, p, out);
    String text = Placeholders.checkLength(out.toString(), "condition expression", schema.itemType().rawClass().getSimpleName());
    return Expression.builder().expression(text).expressionNames(p.names).expressionValues(p.values).build();
  }

  /** {@code size(attribute) operator size}. */
  public static <R> TreeCondition<R> size(Attribute<R, ?> attribute, String operator, long size) {
    return new TreeCondition<>(new Leaf<>(SIZE, operator, attribute, size, null));
  }

  /** {@code size(attribute) BETWEEN low AND high}. */
  public static <R> TreeCondition<R> sizeBetween(Attribute<R, ?> attribute, long low, long high) {
    return new TreeCondition<>(new Leaf<>(SIZE_BETWEEN, " BETWEEN ", attribute, low, high));
  }

  /**
   * The runtime's tree behind {@code condition}.
   *
   * @throws IllegalArgumentException when {@code condition} is a subclass of another making: only
   *     {@code Condition}'s factories make conditions
   */
  public static <R> TreeCondition<R> of(Condition<R> condition) {
    if (condition instanceof TreeCondition<R> tree) {
      return tree;
    }
    throw new IllegalArgumentException(java.util.Objects.requireNonNull(condition, "condition").getClass().getName()
        + " is no condition made by Condition's factories (Condition.eq, ...)");
  }
}
