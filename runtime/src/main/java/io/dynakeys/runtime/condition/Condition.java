package io.dynakeys.runtime.condition;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * A typed condition on an item of {@code R}, over the record's component handles
 * ({@code RunKeys.NAME}, {@code TaskKeys.POINTS}) and values of their Java types: what updates,
 * puts, deletes and transaction actions are conditional on, and what query and scan filters take
 * ({@code QueryStage.filter}, {@code Select}).
 *
 * <pre>{@code
 * Condition<Task> c = Condition.eq(TaskKeys.OWNER, "ann")
 *     .and(Condition.lt(TaskKeys.POINTS, 10L).or(Condition.notExists(TaskKeys.POINTS)));
 * }</pre>
 *
 * <p>Values are converted as the table schema stores them (renamed attributes,
 * {@code @DynamoDbConvertedBy} converters, enums by name), so a condition compares with exactly
 * what a put wrote; comparisons follow DynamoDB's order of the stored form (numbers by value,
 * strings by UTF-8 bytes). A value that stores as no attribute (an empty {@code Optional} or set)
 * cannot be compared with: use {@link #notExists}. Names and values are placeholders, never
 * expression text. A condition is immutable and renders the same text for every schema of its
 * record.
 *
 * <p>Every write and read that takes a condition checks, before any request, that each handle it
 * names is one of the schema's it runs on, raw types included: a condition over another record's
 * handles, or over a handle not made by a generated keys class, is an
 * {@link IllegalArgumentException} naming both records. Only this class's factories make
 * conditions; a subclass of another making is refused the same way.
 *
 * @param <R> the record
 */
public abstract class Condition<R> {

  /** For the runtime's own implementation; a condition of another making is refused wherever one is taken. */
  protected Condition() {}

  /** {@code attribute = value}. */
  public static <R, T> Condition<R> eq(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " = ", value);
  }

  /** {@code attribute <> value} (also true when the attribute is absent). */
  public static <R, T> Condition<R> ne(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " <> ", value);
  }

  /** {@code attribute < value}, in DynamoDB's order of the stored form. */
  public static <R, T> Condition<R> lt(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " < ", value);
  }

  /** {@code attribute <= value}. */
  public static <R, T> Condition<R> le(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " <= ", value);
  }

  /** {@code attribute > value}. */
  public static <R, T> Condition<R> gt(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " > ", value);
  }

  /** {@code attribute >= value}. */
  public static <R, T> Condition<R> ge(Attribute<R, T> attribute, T value) {
    return TreeCondition.compare(attribute, " >= ", value);
  }

  /** {@code attribute BETWEEN low AND high}, both included. */
  public static <R, T> Condition<R> between(Attribute<R, T> attribute, T low, T high) {
    return TreeCondition.between(attribute, low, high);
  }

  /** {@code begins_with(attribute, prefix)} on a string component. */
  public static <R> Condition<R> beginsWith(Attribute<R, String> attribute, String prefix) {
    return TreeCondition.function("begins_with", attribute, prefix);
  }

  /** {@code contains(attribute, part)}: the string component contains {@code part}. */
  public static <R> Condition<R> contains(Attribute<R, String> attribute, String part) {
    return TreeCondition.function("contains", attribute, part);
  }

  /**
   * {@code contains(attribute, element)}: the list or set component holds {@code element}, stored
   * as the component's elements are.
   */
  public static <R, E> Condition<R> containsElement(Attribute<R, ? extends Collection<E>> attribute, E element) {
    return TreeCondition.containsElement(attribute, element);
  }

  /** {@code attribute_exists(attribute)}. */
  public static <R> Condition<R> exists(Attribute<R, ?> attribute) {
    return TreeCondition.exists(attribute);
  }

  /** {@code attribute_not_exists(attribute)}: absent (an empty {@code Optional}, a removed value). */
  public static <R> Condition<R> notExists(Attribute<R, ?> attribute) {
    return TreeCondition.notExists(attribute);
  }

  /** {@code attribute_type(attribute, type)}: the attribute is stored as {@code type} ({@code S}, {@code N}, {@code SS}...). */
  public static <R> Condition<R> hasType(Attribute<R, ?> attribute, AttributeValueType type) {
    return TreeCondition.hasType(attribute, type);
  }

  /** {@code size(attribute)}, to compare: a string's UTF-8 bytes, a set's or list's elements. */
  public static <R> Size<R> size(Attribute<R, ?> attribute) {
    return new Size<>(Objects.requireNonNull(attribute, "attribute"));
  }

  /** Every condition holds ({@code AND}). */
  @SafeVarargs
  public static <R> Condition<R> allOf(Condition<R>... conditions) {
    return TreeCondition.join(" AND ", List.of(conditions));
  }

  /** At least one condition holds ({@code OR}). */
  @SafeVarargs
  public static <R> Condition<R> anyOf(Condition<R>... conditions) {
    return TreeCondition.join(" OR ", List.of(conditions));
  }

  /** {@code NOT condition}; the negation of a negation is the condition ({@code NOT NOT} is no valid expression). */
  public static <R> Condition<R> not(Condition<R> condition) {
    return TreeCondition.not(condition);
  }

  /** This condition and {@code other}. */
  public final Condition<R> and(Condition<R> other) {
    return TreeCondition.join(" AND ", List.of(this, other));
  }

  /** This condition or {@code other}. */
  public final Condition<R> or(Condition<R> other) {
    return TreeCondition.join(" OR ", List.of(this, other));
  }

  /** Not this condition. */
  public final Condition<R> negate() {
    return not(this);
  }

  /**
   * The handles this condition names, each once, in the order they first appear.
   *
   * @return the handles
   */
  public abstract List<Attribute<R, ?>> attributes();

  /**
   * This condition as the enhanced-client {@link Expression} of a query or scan filter
   * ({@code FilterExpression}), its values stored as {@code schema} stores them. Every handle is
   * checked against the schema first, and the expression against DynamoDB's 4 KB limit, named as
   * the filter expression.
   *
   * @param schema the table schema of the condition's record
   * @return the filter
   * @throws IllegalArgumentException when a handle is not one of {@code schema}'s, the expression
   *     is over DynamoDB's 4 KB, or a value is stored as no attribute
   */
  public abstract Expression toFilterExpression(RecordTableSchema<R> schema);

  /**
   * This condition as a filter, ANDed after {@code first}: an expression of other placeholders
   * (a schema's {@code ownItems()}, which keeps one record's items in a scan or an item
   * collection's query). Each side is parenthesized only where DynamoDB's precedence needs it.
   *
   * @param schema the table schema of the condition's record
   * @param first the expression that comes first, or {@code null} for none
   * @return the filter
   * @throws IllegalArgumentException when a handle is not one of {@code schema}'s, a placeholder
   *     of {@code first} is one of this condition's, the expression is over DynamoDB's 4 KB, or a
   *     value is stored as no attribute
   */
  public abstract Expression toFilterExpression(RecordTableSchema<R> schema, Expression first);

  /**
   * This condition as an enhanced-client {@link Expression}, its values stored as {@code schema}
   * stores them: for {@code putItem}, {@code deleteItem} and transactions ({@link #toFilterExpression}
   * for query and scan filters).
   *
   * @param schema the table schema of the condition's record
   * @return the condition expression
   * @throws IllegalArgumentException when a handle is not one of {@code schema}'s, the expression
   *     is over DynamoDB's 4 KB, or a value is stored as no attribute
   */
  public abstract Expression toExpression(RecordTableSchema<R> schema);

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

    /** {@code size(attribute) = size}. */
    public Condition<R> eq(long size) {
      return TreeCondition.size(attribute, " = ", size);
    }

    /** {@code size(attribute) <> size}. */
    public Condition<R> ne(long size) {
      return TreeCondition.size(attribute, " <> ", size);
    }

    /** {@code size(attribute) < size}. */
    public Condition<R> lt(long size) {
      return TreeCondition.size(attribute, " < ", size);
    }

    /** {@code size(attribute) <= size}. */
    public Condition<R> le(long size) {
      return TreeCondition.size(attribute, " <= ", size);
    }

    /** {@code size(attribute) > size}. */
    public Condition<R> gt(long size) {
      return TreeCondition.size(attribute, " > ", size);
    }

    /** {@code size(attribute) >= size}. */
    public Condition<R> ge(long size) {
      return TreeCondition.size(attribute, " >= ", size);
    }

    /** {@code size(attribute) BETWEEN low AND high}. */
    public Condition<R> between(long low, long high) {
      return TreeCondition.sizeBetween(attribute, low, high);
    }
  }
}
