package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.codecs.internal.Utf8;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The key condition of a query of a <em>native</em> index, one keyed by several attributes, each
 * stored with its own type: equality on every partition attribute, equality on a prefix of the
 * sort attributes and at most one range on the next, left to right, as DynamoDB requires. The
 * values are the components' own stored values ({@code S}, {@code N} or {@code B}), converted by
 * the record's table schema, so a range compares what the attribute holds: numbers numerically,
 * strings by their UTF-8 bytes, binary unsigned. Held by a {@link KeyQuery}; immutable.
 */
public final class NativeCondition {
  private final String indexName;
  private final TableSchema<?> schema;
  private final List<String> partitionAttributes;
  private final List<AttributeValue> partitionValues;
  private final List<String> sortAttributes;
  private final List<AttributeValue> sortValues;
  private final KeyQuery.Operator operator;
  private final AttributeValue lower;
  private final AttributeValue upper;

  private NativeCondition(String indexName, TableSchema<?> schema, List<String> partitionAttributes,
      List<AttributeValue> partitionValues, List<String> sortAttributes, List<AttributeValue> sortValues,
      KeyQuery.Operator operator, AttributeValue lower, AttributeValue upper) {
    this.indexName = indexName;
    this.schema = schema;
    this.partitionAttributes = partitionAttributes;
    this.partitionValues = partitionValues;
    this.sortAttributes = sortAttributes;
    this.sortValues = sortValues;
    this.operator = operator;
    this.lower = lower;
    this.upper = upper;
  }

  /**
   * Equality on every partition attribute of {@code indexName}, as {@code schema}'s metadata
   * orders them, with {@code values} converted by the schema.
   */
  static NativeCondition partition(String indexName, TableSchema<?> schema, Object... values) {
    TableMetadata metadata = schema.tableMetadata();
    List<String> partition = List.copyOf(metadata.indexPartitionKeys(indexName));
    List<String> sort = List.copyOf(metadata.indexSortKeys(indexName));
    if (values.length != partition.size()) {
      throw new IllegalArgumentException("index " + indexName + " has the partition attributes " + partition
          + ", but " + values.length + " values were given");
    }
    List<AttributeValue> converted = new ArrayList<>(values.length);
    for (int i = 0; i < values.length; i++) {
      converted.add(convert(schema, partition.get(i), values[i], Utf8.PARTITION_KEY_LIMIT));
    }
    return new NativeCondition(indexName, schema, partition, List.copyOf(converted), sort, List.of(),
        KeyQuery.Operator.NONE, null, null);
  }

  /** Also equal on the next sort attribute. */
  NativeCondition withEqual(Object value) {
    String attribute = next("an equality");
    List<AttributeValue> values = new ArrayList<>(sortValues);
    values.add(convert(schema, attribute, value, Utf8.SORT_KEY_LIMIT));
    return new NativeCondition(indexName, schema, partitionAttributes, partitionValues, sortAttributes,
        List.copyOf(values), KeyQuery.Operator.NONE, null, null);
  }

  /**
   * Also a range on the next sort attribute; a {@code null} bound is open. An excluded bound uses
   * DynamoDB's own {@code >} or {@code <}; with two bounds both are included ({@code BETWEEN}).
   *
   * @throws IllegalArgumentException when the lower bound sorts after the upper one
   */
  NativeCondition withRange(Object lo, boolean loIncluded, Object hi, boolean hiIncluded) {
    String attribute = next("a range");
    AttributeValue l = lo == null ? null : convert(schema, attribute, lo, Utf8.SORT_KEY_LIMIT);
    AttributeValue h = hi == null ? null : convert(schema, attribute, hi, Utf8.SORT_KEY_LIMIT);
    KeyQuery.Operator op;
    if (l != null && h != null) {
      if (compare(l, h) > 0) {
        throw new IllegalArgumentException("empty range: " + attribute + " from " + show(l) + " to " + show(h)
            + ": the lower bound sorts after the upper bound");
      }
      op = KeyQuery.Operator.BETWEEN;
    } else if (l != null) {
      op = loIncluded ? KeyQuery.Operator.AT_LEAST : KeyQuery.Operator.GREATER_THAN;
    } else if (h != null) {
      op = hiIncluded ? KeyQuery.Operator.AT_MOST : KeyQuery.Operator.LESS_THAN;
    } else {
      throw new IllegalArgumentException("a range of " + attribute + " needs a bound");
    }
    return new NativeCondition(indexName, schema, partitionAttributes, partitionValues, sortAttributes,
        sortValues, op, l, h);
  }

  /**
   * Also {@code begins_with} on the next sort attribute, which must be stored as a string: the
   * items whose attribute starts with {@code prefix}, compared by UTF-8 bytes. A native attribute
   * has no delimiter, so a prefix matches inside a value ({@code "an"} matches {@code "ann"} and
   * {@code "anna"}), as DynamoDB's {@code begins_with} does.
   *
   * @throws KeyFormatException when the prefix is null, empty or longer than a sort key may be
   * @throws IllegalArgumentException when the attribute is not stored as a string
   */
  NativeCondition withPrefix(Object prefix) {
    String attribute = next("a prefix");
    AttributeConverter<?> converter = schema.converterForAttribute(attribute);
    if (converter != null && converter.attributeValueType() != software.amazon.awssdk.enhanced.dynamodb.AttributeValueType.S) {
      throw new IllegalArgumentException("begins_with needs a string attribute, but " + attribute + " of index "
          + indexName + " is stored as " + converter.attributeValueType());
    }
    AttributeValue p = convert(schema, attribute, prefix, Utf8.SORT_KEY_LIMIT);
    if (p.s() == null) {
      throw new IllegalArgumentException("begins_with needs a string attribute, but " + attribute + " of index "
          + indexName + " is stored as " + p);
    }
    return new NativeCondition(indexName, schema, partitionAttributes, partitionValues, sortAttributes,
        sortValues, KeyQuery.Operator.BEGINS_WITH, p, null);
  }

  private String next(String what) {
    if (operator != KeyQuery.Operator.NONE) {
      throw new IllegalStateException("a query of index " + indexName + " takes nothing after its range: " + this);
    }
    if (sortValues.size() >= sortAttributes.size()) {
      throw new IllegalStateException("index " + indexName + " has no sort attribute left for " + what + ": " + this);
    }
    return sortAttributes.get(sortValues.size());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AttributeValue convert(TableSchema<?> schema, String attribute, Object value, int limit) {
    String record = schema.itemType().rawClass().getSimpleName();
    if (value == null) {
      throw new KeyFormatException(record, attribute, null, "a key attribute of index values cannot be null");
    }
    AttributeConverter converter = schema.converterForAttribute(attribute);
    if (converter == null) {
      throw new IllegalArgumentException(schema.itemType() + " has no attribute \"" + attribute + "\"");
    }
    AttributeValue converted;
    if (value instanceof Long && converter.attributeValueType() == software.amazon.awssdk.enhanced.dynamodb.AttributeValueType.N) {
      converted = AttributeValue.fromN(value.toString()); // an integer's bound, whatever its width
    } else {
      Object stored = converter.type().rawClass() == Optional.class && !(value instanceof Optional) ? Optional.of(value) : value;
      converted = converter.transformFrom(stored);
    }
    if (converted.s() != null) {
      if (converted.s().isEmpty()) {
        throw new KeyFormatException(record, attribute, "", "a key attribute cannot be empty");
      }
      Utf8.checkLength(converted.s(), limit, record, attribute);
    } else if (converted.n() == null && converted.b() == null) {
      throw new IllegalArgumentException("the key attribute " + attribute + " is stored as " + converted
          + ", but index keys are strings, numbers or binary");
    }
    return converted;
  }

  /** DynamoDB's order of two values of one key attribute. */
  static int compare(AttributeValue a, AttributeValue b) {
    if (a.s() != null && b.s() != null) {
      return Utf8.compare(a.s(), b.s());
    }
    if (a.n() != null && b.n() != null) {
      return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
    }
    if (a.b() != null && b.b() != null) {
      return Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
    }
    throw new IllegalArgumentException("values of different types: " + a + ", " + b);
  }

  /** The index queried. */
  public String indexName() {
    return indexName;
  }

  /** The partition attributes, in key order. */
  public List<String> partitionAttributes() {
    return partitionAttributes;
  }

  /** Their values, in the same order. */
  public List<AttributeValue> partitionValues() {
    return partitionValues;
  }

  /** Every sort attribute of the index, in key order. */
  public List<String> sortAttributes() {
    return sortAttributes;
  }

  /** The values of the sort attributes that are equal, the first ones in key order. */
  public List<AttributeValue> sortValues() {
    return sortValues;
  }

  /** The range on the attribute after the equal ones, or {@code NONE}. */
  public KeyQuery.Operator operator() {
    return operator;
  }

  /** The range's lower bound (the prefix of {@code BEGINS_WITH}), or {@code null}. */
  public AttributeValue lower() {
    return lower;
  }

  /** The range's upper bound, or {@code null}. */
  public AttributeValue upper() {
    return upper;
  }

  /** The attribute the range is on, or {@code null} without a range. */
  public String rangeAttribute() {
    return operator == KeyQuery.Operator.NONE ? null : sortAttributes.get(sortValues.size());
  }

  /**
   * The enhanced client's condition: a {@link Key} of every partition value and the equal sort
   * values (and the range's bound last), which the client checks against the index's key order.
   */
  QueryConditional toQueryConditional() {
    switch (operator) {
      case NONE:
        return QueryConditional.keyEqualTo(key(null));
      case BETWEEN:
        return QueryConditional.sortBetween(key(lower), key(upper));
      case AT_LEAST:
        return QueryConditional.sortGreaterThanOrEqualTo(key(lower));
      case GREATER_THAN:
        return QueryConditional.sortGreaterThan(key(lower));
      case AT_MOST:
        return QueryConditional.sortLessThanOrEqualTo(key(upper));
      case LESS_THAN:
        return QueryConditional.sortLessThan(key(upper));
      case BEGINS_WITH:
        return QueryConditional.sortBeginsWith(key(lower));
      default:
        throw new AssertionError(operator);
    }
  }

  private Key key(AttributeValue last) {
    List<AttributeValue> sort = new ArrayList<>(sortValues);
    if (last != null) {
      sort.add(last);
    }
    Key.Builder key = Key.builder().partitionValues(partitionValues);
    if (!sort.isEmpty()) {
      key.sortValues(sort);
    }
    return key.build();
  }

  /** The low-level condition: {@code #p0 = :p0 AND #p1 = :p1 AND #s0 = :s0 AND #s1 >= :lo}. */
  KeyCondition toKeyCondition() {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < partitionAttributes.size(); i++) {
      names.put("#p" + i, partitionAttributes.get(i));
      values.put(":p" + i, partitionValues.get(i));
      terms.add("#p" + i + " = :p" + i);
    }
    for (int i = 0; i < sortValues.size(); i++) {
      names.put("#s" + i, sortAttributes.get(i));
      values.put(":s" + i, sortValues.get(i));
      terms.add("#s" + i + " = :s" + i);
    }
    if (operator != KeyQuery.Operator.NONE) {
      String r = "#s" + sortValues.size();
      names.put(r, rangeAttribute());
      if (lower != null) {
        values.put(":lo", lower);
      }
      if (upper != null) {
        values.put(":hi", upper);
      }
      terms.add(switch (operator) {
        case BETWEEN -> r + " BETWEEN :lo AND :hi";
        case AT_LEAST -> r + " >= :lo";
        case GREATER_THAN -> r + " > :lo";
        case AT_MOST -> r + " <= :hi";
        case LESS_THAN -> r + " < :hi";
        case BEGINS_WITH -> "begins_with(" + r + ", :lo)";
        default -> throw new AssertionError(operator);
      });
    }
    return new KeyCondition(String.join(" AND ", terms), names, values, indexName);
  }

  /** The partition values as printed: {@code team = "red" AND region = 3}. */
  String partitionText() {
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < partitionAttributes.size(); i++) {
      terms.add(partitionAttributes.get(i) + " = " + show(partitionValues.get(i)));
    }
    return String.join(" AND ", terms);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(partitionText());
    for (int i = 0; i < sortValues.size(); i++) {
      out.append(" AND ").append(sortAttributes.get(i)).append(" = ").append(show(sortValues.get(i)));
    }
    if (operator != KeyQuery.Operator.NONE) {
      String r = rangeAttribute();
      out.append(" AND ").append(switch (operator) {
        case BETWEEN -> r + " BETWEEN " + show(lower) + " AND " + show(upper);
        case AT_LEAST -> r + " >= " + show(lower);
        case GREATER_THAN -> r + " > " + show(lower);
        case AT_MOST -> r + " <= " + show(upper);
        case LESS_THAN -> r + " < " + show(upper);
        case BEGINS_WITH -> "begins_with(" + r + ", " + show(lower) + ")";
        default -> throw new AssertionError(operator);
      });
    }
    return out.append(" on index ").append(indexName).toString();
  }

  static String show(AttributeValue value) {
    if (value.s() != null) {
      return "\"" + value.s() + "\"";
    }
    if (value.n() != null) {
      return value.n();
    }
    return "0x" + java.util.HexFormat.of().formatHex(value.b().asByteArrayUnsafe());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NativeCondition other && indexName.equals(other.indexName)
        && partitionAttributes.equals(other.partitionAttributes) && partitionValues.equals(other.partitionValues)
        && sortAttributes.equals(other.sortAttributes) && sortValues.equals(other.sortValues)
        && operator == other.operator && Objects.equals(lower, other.lower) && Objects.equals(upper, other.upper);
  }

  @Override
  public int hashCode() {
    return Objects.hash(indexName, partitionValues, sortValues, operator, lower, upper);
  }
}
