package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.runtime.read.NumberRangeStep;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.read.TextRangeStep;
import io.dynakeys.codecs.internal.ComponentRange;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.Utf8;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One query on a partition: its partition key and, optionally, one condition on the sort key.
 * Generated query builders ({@code RunKeys.query(season).score(1500)...}) are stages that hold
 * one of these (they never extend it, so no name of a record can clash with a member of this
 * class); every stage and every query converts to an enhanced-client {@link QueryConditional} and
 * to a low-level {@link KeyCondition}. Instances are immutable.
 *
 * <p>The sort conditions are exact: an equality prefix always ends at a delimiter (so
 * {@code a9} never matches {@code a91}), and a range over a component covers exactly the values
 * asked for, whatever components follow it. DynamoDB has a single {@code BETWEEN} with both ends
 * included, so an excluded end is turned into an included one that admits the same keys: the
 * delimiter's successor closes a prefix (no key of the record can end there), and the few cases
 * where an excluded key could exist use the largest key below it within DynamoDB's 1024-byte limit.
 */
public final class KeyQuery<T> implements QueryStage<T> {

  /** The kinds of sort key condition DynamoDB offers. */
  public enum Operator {
    /** No sort key condition: the whole partition. */
    NONE,
    /** {@code sk = :sk}. */
    EQUAL,
    /** {@code begins_with(sk, :prefix)}. */
    BEGINS_WITH,
    /** {@code sk BETWEEN :lo AND :hi}, both included. */
    BETWEEN,
    /** {@code sk >= :lo}. */
    AT_LEAST,
    /** {@code sk <= :hi}. */
    AT_MOST,
    /** {@code sk < :hi}. */
    LESS_THAN,
    /** {@code sk > :lo}: only in a {@link NativeCondition} (a composed key closes the bound itself). */
    GREATER_THAN
  }

  private static final String MAX_CHAR = new String(Character.toChars(Character.MAX_CODE_POINT));

  private final String indexName;
  private final String partitionAttribute;
  /** One partition value, or one per shard of a sharded record, in shard order. */
  private final List<String> partitionValues;
  private final String sortAttribute;
  private final char delimiter;
  private final Operator operator;
  private final String first;
  private final String second;
  /** The condition of a native index query, or {@code null} for a composed key. */
  private final NativeCondition nativeCondition;
  /**
   * For a range on a component ({@link #withRange}), the sort key text every key of the range starts
   * with (the sort prefix and the equal components before the ranged one); else {@code null}.
   */
  private final String rangePrefix;

  private KeyQuery(String indexName, String partitionAttribute, List<String> partitionValues,
      String sortAttribute, char delimiter, Operator operator, String first, String second) {
    this(indexName, partitionAttribute, partitionValues, sortAttribute, delimiter, operator, first, second, null, null);
  }

  private KeyQuery(String indexName, String partitionAttribute, List<String> partitionValues,
      String sortAttribute, char delimiter, Operator operator, String first, String second,
      NativeCondition nativeCondition, String rangePrefix) {
    this.nativeCondition = nativeCondition;
    this.rangePrefix = rangePrefix;
    this.indexName = indexName;
    this.partitionAttribute = partitionAttribute;
    this.partitionValues = partitionValues;
    this.sortAttribute = sortAttribute;
    this.delimiter = delimiter;
    this.operator = operator;
    this.first = first;
    this.second = second;
  }

  /**
   * A query of one partition of the table ({@code indexName == null}) or of an index.
   *
   * @param indexName the index, or {@code null} for the table
   * @param partitionAttribute the attribute that holds the partition key
   * @param partitionValue the encoded partition key
   * @param sortAttribute the attribute that holds the sort key, or {@code null} when there is none
   * @param delimiter the delimiter of the sort key
   * @param sortPrefix the sort key prefix every item of the record has ({@code "RUN#"}), or empty
   */
  public static <T> KeyQuery<T> partition(String indexName, String partitionAttribute, String partitionValue,
      String sortAttribute, char delimiter, String sortPrefix) {
    return partitions(indexName, partitionAttribute, List.of(partitionValue), sortAttribute, delimiter, sortPrefix);
  }

  /**
   * A query of several partitions read as one: the shards of a sharded record's partition, whose
   * items are merged back into sort key order when the query runs.
   *
   * @param indexName the index, or {@code null} for the table
   * @param partitionAttribute the attribute that holds the partition key
   * @param partitionValues the encoded partition keys, in shard order (at least one)
   * @param sortAttribute the attribute that holds the sort key, or {@code null} when there is none
   * @param delimiter the delimiter of the sort key
   * @param sortPrefix the sort key prefix every item of the record has ({@code "RUN#"}), or empty
   */
  public static <T> KeyQuery<T> partitions(String indexName, String partitionAttribute, List<String> partitionValues,
      String sortAttribute, char delimiter, String sortPrefix) {
    if (partitionValues.isEmpty()) {
      throw new IllegalArgumentException("a query reads at least one partition");
    }
    return new KeyQuery<>(indexName, partitionAttribute, List.copyOf(partitionValues), sortAttribute,
        delimiter, sortPrefix.isEmpty() ? Operator.NONE : Operator.BEGINS_WITH,
        sortPrefix.isEmpty() ? null : sortPrefix, null);
  }

  /**
   * A query of a native index: one keyed by the components' own attributes (up to four partition
   * and four sort attributes, each with its own type), with equality on every partition attribute.
   * The attributes and their order are {@code schema}'s metadata of the index; the values are
   * converted by the schema as the components are stored. For generated stages.
   *
   * @param indexName the index
   * @param schema the record's table schema, which declares the index
   * @param partitionValues a value of each partition component, in key order
   * @throws KeyFormatException when a value is null, empty or over DynamoDB's key limits
   */
  public static <T> KeyQuery<T> nativeIndex(String indexName, software.amazon.awssdk.enhanced.dynamodb.TableSchema<T> schema,
      Object... partitionValues) {
    return ofNative(NativeCondition.partition(indexName, schema, partitionValues));
  }

  private static <T> KeyQuery<T> ofNative(NativeCondition condition) {
    return new KeyQuery<>(condition.indexName(), String.join(", ", condition.partitionAttributes()),
        List.of(condition.partitionText()), condition.rangeAttribute(), '\u0000', condition.operator(), null, null,
        condition, null);
  }

  /**
   * A native index query narrowed to the items whose next sort attribute equals {@code value}.
   * For generated stages.
   *
   * @throws IllegalStateException when this is no native query, or it has a range or no sort
   *     attribute left
   */
  public KeyQuery<T> withNativeEqual(Object value) {
    return ofNative(requireNative().withEqual(value));
  }

  /**
   * A native index query narrowed to the items whose next sort attribute lies in a range of
   * values; a {@code null} bound is open. For the runtime's {@link Range#ofNative} and {@link NumberRange#ofNative}.
   *
   * @throws IllegalArgumentException when the lower bound sorts after the upper one
   */
  public KeyQuery<T> withNativeRange(Object lower, boolean lowerIncluded, Object upper, boolean upperIncluded) {
    return ofNative(requireNative().withRange(lower, lowerIncluded, upper, upperIncluded));
  }

  /**
   * A native index query narrowed to the items whose next sort attribute, stored as a string,
   * begins with {@code prefix}. For the runtime's {@link TextRangeStep}.
   *
   * @throws IllegalStateException when this is no native query, or it has a range or no sort
   *     attribute left
   */
  public KeyQuery<T> withNativePrefix(String prefix) {
    return ofNative(requireNative().withPrefix(prefix));
  }

  /** The condition of a native index query, or {@code null} for a query of a composed key. */
  public NativeCondition nativeCondition() {
    return nativeCondition;
  }

  private NativeCondition requireNative() {
    if (nativeCondition == null) {
      throw new IllegalStateException("not a query of a native index: " + this);
    }
    return nativeCondition;
  }

  /**
   * A query of the single item with the sort key {@code sortKey} (for records whose sort key is a
   * constant prefix tag).
   */
  public static <T> KeyQuery<T> singleItem(String indexName, String partitionAttribute, String partitionValue,
      String sortAttribute, String sortKey) {
    return new KeyQuery<>(indexName, partitionAttribute, List.of(partitionValue), sortAttribute, '\u0000',
        Operator.EQUAL, sortKey, null);
  }

  /**
   * The same partition, with sort keys that start with {@code prefix} (all when empty). For
   * generated stages, whose prefixes always end at a delimiter: a prefix that does not would
   * also match the keys of longer values ({@code a9} matches {@code a91}).
   *
   * @throws IllegalArgumentException when the prefix is longer than any sort key can be
   */
  public KeyQuery<T> withPrefix(String prefix) {
    if (prefix.isEmpty()) {
      return with(Operator.NONE, null, null);
    }
    checkLength(prefix);
    return with(Operator.BEGINS_WITH, prefix, null);
  }

  /**
   * The sort key text every key of this query starts with: the prefix of a stage (the sort
   * prefix and the equal components so far, each followed by the delimiter), or empty for a whole
   * partition. For generated stages.
   *
   * @throws IllegalStateException when the query is not a whole partition or a prefix
   */
  public String sortPrefix() {
    if (nativeCondition != null) {
      throw new IllegalStateException("a query of a native index has no key prefix: " + this);
    }
    if (operator == Operator.NONE) {
      return "";
    }
    if (operator == Operator.BEGINS_WITH) {
      return first;
    }
    throw new IllegalStateException("a query with " + operator + " on the sort key has no prefix: " + this);
  }

  /**
   * The query {@code stage} stands for: a generated stage's, or the query itself.
   *
   * @throws IllegalArgumentException when {@code stage} is an implementation of another making:
   *     only generated keys classes make stages
   */
  @SuppressWarnings("unchecked")
  public static <T> KeyQuery<T> of(QueryStage<T> stage) {
    if (stage instanceof KeyQuery<T> query) {
      return query;
    }
    if (stage instanceof KeyStage<T> generated) {
      return generated.query;
    }
    throw new IllegalArgumentException(java.util.Objects.requireNonNull(stage, "stage").getClass().getName()
        + " is no query of a generated keys class (RunKeys.query(...))");
  }

  /**
   * The same partition, narrowed to the items whose next sort component equals {@code value}:
   * the prefix so far, the value as {@code codec} writes it and the delimiter (so that no longer
   * value's items match: {@code a9#} never matches {@code a91#}); for the last component, exactly
   * that sort key. For generated stages.
   *
   * @param codec the component's codec
   * @param value the component's value
   * @param last whether the component is the last of the sort key
   * @param <V> the component's type
   * @return the narrowed query
   * @throws KeyFormatException when the value cannot be written in a key, or the key grows past
   *     DynamoDB's 1024-byte sort key limit
   */
  public <V> KeyQuery<T> withEqual(KeyCodec<V> codec, V value, boolean last) {
    String key = sortPrefix() + codec.encode(value);
    if (last) {
      return withSortKey(Utf8.checkLength(key, Utf8.SORT_KEY_LIMIT, codec.record(), "sort key"));
    }
    return withPrefix(Utf8.checkLength(key + delimiter, Utf8.SORT_KEY_LIMIT, codec.record(), "sort key"));
  }

  /** The same partition, with exactly the sort key {@code sortKey}. For generated stages. */
  public KeyQuery<T> withSortKey(String sortKey) {
    return with(Operator.EQUAL, sortKey, null);
  }

  /**
   * The same partition, with the sort keys whose component after this query's
   * {@link #sortPrefix()} lies in {@code range}. For generated stages.
   *
   * @param range the component's bounds, encoded
   * @param last whether the component is the last of the sort key (nothing follows it)
   * @throws IllegalArgumentException when the range holds no value
   */
  public KeyQuery<T> withRange(ComponentRange range, boolean last) {
    String prefix = sortPrefix();
    if (range.isEmpty()) {
      throw new IllegalArgumentException("empty range: " + range.emptyReason());
    }
    String lower = null;
    if (range.lower() != null) {
      if (range.lowerInclusive()) {
        lower = last ? prefix + range.lower() : prefix + range.lower() + delimiter;
      } else {
        // Past every key of that value: the delimiter's successor, or the smallest longer key.
        lower = last ? prefix + range.lower() + '\u0000' : prefix + range.lower() + (char) (delimiter + 1);
      }
    } else if (!prefix.isEmpty()) {
      lower = prefix;
    }
    String upper = null;
    boolean upperInclusive = true;
    if (range.upper() != null) {
      if (last) {
        upper = prefix + range.upper();
        upperInclusive = range.upperInclusive();
      } else {
        // No key of the record ends right after a delimiter or its successor, so an excluded
        // bound there may be included.
        upper = prefix + range.upper() + (char) (range.upperInclusive() ? delimiter + 1 : delimiter);
      }
    } else if (!prefix.isEmpty()) {
      upper = closePrefix(prefix);
    }
    String what = range.label() == null ? "the range" : range.label();
    if (textCannotHoldAValue(range, last)) {
      throw new IllegalArgumentException("empty range: " + what + ": no non-empty value lies in it");
    }
    if (lower != null && lower.isEmpty()) {
      lower = null; // every key is at least the empty string, and DynamoDB rejects empty values
    }
    if (upper != null && upper.isEmpty()) {
      throw new IllegalArgumentException("empty range: " + what + ": no key sorts below the empty string");
    }
    if (range.domain() != null
        && !holdsOneOf(range.domain(), prefix, last, lower, upper, last && upperInclusive)) {
      throw new IllegalArgumentException("empty range: " + what + ": no value of "
          + range.domain() + " lies in it");
    }
    // A bound longer than any key selects what the longest keys on its side of it are: clamp it
    // to the largest key of at most 1024 bytes at or below it, which keeps exactly the same keys.
    if (upper != null && Utf8.length(upper) > Utf8.SORT_KEY_LIMIT) {
      upper = largestKeyUpTo(upper);
      upperInclusive = true; // no key equals the long bound: below it is at or below the clamp
    }
    if (lower != null && Utf8.length(lower) > Utf8.SORT_KEY_LIMIT) {
      lower = smallestKeyAbove(largestKeyUpTo(lower));
      if (lower == null) {
        throw new IllegalArgumentException("empty range: " + what + ": no key of at most "
            + Utf8.SORT_KEY_LIMIT + " UTF-8 bytes sorts at or above its lower bound");
      }
    }
    if (upper != null && !upperInclusive && lower != null) {
      upper = largestKeyBelow(upper);
    }
    checkLength(lower);
    checkLength(upper);
    if (lower != null && upper != null) {
      if (Utf8.compare(lower, upper) > 0) {
        throw new IllegalArgumentException("empty range: " + what + ": the lower bound \""
            + shorten(lower) + "\" sorts after the upper bound \"" + shorten(upper) + "\"");
      }
      return ranged(Operator.BETWEEN, lower, upper, prefix);
    }
    if (lower != null) {
      return ranged(Operator.AT_LEAST, lower, null, prefix);
    }
    if (upper != null) {
      return ranged(upperInclusive ? Operator.AT_MOST : Operator.LESS_THAN, null, upper, prefix);
    }
    return with(Operator.NONE, null, null);
  }

  private KeyQuery<T> ranged(Operator op, String lower, String upper, String prefix) {
    return new KeyQuery<>(indexName, partitionAttribute, partitionValues, sortAttribute, delimiter, op, lower, upper,
        null, prefix);
  }

  /**
   * The sort key text that every key this query selects starts with because of its equalities:
   * the whole key of {@link Operator#EQUAL}, the prefix of {@link Operator#BEGINS_WITH}, the prefix
   * before the ranged component of a range, or empty for a whole partition. What a read of an
   * older layout narrows its own sort condition by (it parses the equal components from it).
   *
   * @throws IllegalStateException for a native index query, whose keys are no text
   */
  public String equalPrefix() {
    if (nativeCondition != null) {
      throw new IllegalStateException("a query of a native index has no key text: " + this);
    }
    switch (operator) {
      case NONE:
        return "";
      case EQUAL:
      case BEGINS_WITH:
        return first;
      default:
        return rangePrefix == null ? "" : rangePrefix;
    }
  }

  /**
   * The place of {@code partitionValue} among this query's partitions (its shard), or -1 when the
   * query reads no such partition.
   */
  public int partitionIndex(String partitionValue) {
    return partitionValues.indexOf(partitionValue);
  }

  /**
   * Whether the sort key {@code sortValue} satisfies this query's sort key condition, as DynamoDB
   * compares it (UTF-8 bytes): what a read of an older layout checks an older item's new keys by.
   * A {@code null} sort value (no sort key) satisfies only a query without a sort condition.
   *
   * @throws IllegalStateException for a native index query
   */
  public boolean sortMatches(String sortValue) {
    if (nativeCondition != null) {
      throw new IllegalStateException("a query of a native index has no key text: " + this);
    }
    if (operator == Operator.NONE) {
      return true;
    }
    if (sortValue == null) {
      return false;
    }
    switch (operator) {
      case EQUAL:
        return sortValue.equals(first);
      case BEGINS_WITH:
        return sortValue.startsWith(first);
      case BETWEEN:
        return Utf8.compare(sortValue, first) >= 0 && Utf8.compare(sortValue, second) <= 0;
      case AT_LEAST:
        return Utf8.compare(sortValue, first) >= 0;
      case AT_MOST:
        return Utf8.compare(sortValue, second) <= 0;
      case LESS_THAN:
        return Utf8.compare(sortValue, second) < 0;
      default:
        throw new AssertionError(operator);
    }
  }

  /**
   * The same query of the partitions {@code partitionValues} and the sort condition
   * {@code operator} on {@code first} and {@code second}, on the same table or index: the query a
   * read sends to the older layout of a record during a layout window.
   */
  public KeyQuery<T> withKeys(List<String> partitionValues, Operator operator, String first, String second) {
    if (nativeCondition != null) {
      throw new IllegalStateException("a query of a native index reads no other keys: " + this);
    }
    if (partitionValues.isEmpty()) {
      throw new IllegalArgumentException("a query reads at least one partition");
    }
    return new KeyQuery<>(indexName, partitionAttribute, List.copyOf(partitionValues), sortAttribute, delimiter,
        operator, first, second);
  }

  /** The index queried, or {@code null} for the table. */
  public String indexName() {
    return indexName;
  }

  /**
   * The encoded partition key of a query of one partition.
   *
   * @throws IllegalStateException when the query reads several partitions (a sharded record's)
   */
  public String partitionValue() {
    if (partitionValues.size() != 1) {
      throw multiplePartitions("partitionValue()");
    }
    return partitionValues.get(0);
  }

  /** The encoded partition keys this query reads: one, or one per shard, in shard order. */
  public List<String> partitionValues() {
    return partitionValues;
  }

  /** The same condition on the partition {@code shard} alone (0 for an unsharded query). */
  public KeyQuery<T> forPartition(int shard) {
    if (nativeCondition != null) {
      return this;
    }
    return new KeyQuery<>(indexName, partitionAttribute, List.of(partitionValues.get(shard)),
        sortAttribute, delimiter, operator, first, second, null, rangePrefix);
  }

  /** The attribute that holds the partition key (of the index, for an index query). */
  public String partitionAttribute() {
    return partitionAttribute;
  }

  /** The attribute that holds the sort key (of the index, for an index query), or {@code null}. */
  public String sortAttribute() {
    return sortAttribute;
  }

  private IllegalStateException multiplePartitions(String call) {
    return new IllegalStateException(call + " stands for one partition, but this query reads "
        + partitionValues.size() + " (the shards of a sharded record): run it with items(table) to"
        + " read them merged in key order, or take forPartition(shard)");
  }

  /** The sort key operator. */
  public Operator operator() {
    return operator;
  }

  /** The first operand: the equal key, the prefix or the lower bound; {@code null} when unused. */
  public String lowerOperand() {
    return first;
  }

  /** The second operand: the upper bound; {@code null} when unused. */
  public String upperOperand() {
    return second;
  }

  /**
   * This query for the enhanced client's {@code DynamoDbTable.query} or {@code DynamoDbIndex.query}.
   * It prints as this query ({@code QueryConditional[pk = "P" AND begins_with(sk, "RUN#")]}), so it
   * can be logged.
   */
  @Override
  public QueryConditional toQueryConditional() {
    if (nativeCondition != null) {
      return new PrintableQueryConditional(nativeCondition.toQueryConditional(), this);
    }
    return new PrintableQueryConditional(conditional(partitionValue("toQueryConditional()")), this);
  }

  private QueryConditional conditional(String partitionValue) {
    switch (operator) {
      case NONE:
        return QueryConditional.keyEqualTo(Key.builder().partitionValue(partitionValue).build());
      case EQUAL:
        return QueryConditional.keyEqualTo(key(first));
      case BEGINS_WITH:
        return QueryConditional.sortBeginsWith(key(first));
      case BETWEEN:
        return QueryConditional.sortBetween(key(first), key(second));
      case AT_LEAST:
        return QueryConditional.sortGreaterThanOrEqualTo(key(first));
      case AT_MOST:
        return QueryConditional.sortLessThanOrEqualTo(key(second));
      case LESS_THAN:
        return QueryConditional.sortLessThan(key(second));
      default:
        throw new AssertionError(operator);
    }
  }

  /** This query for the low-level client: expression, names and values. */
  @Override
  public KeyCondition toKeyCondition() {
    if (nativeCondition != null) {
      return nativeCondition.toKeyCondition();
    }
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#pk", partitionAttribute);
    values.put(":pk", AttributeValue.fromS(partitionValue("toKeyCondition()")));
    String sort;
    switch (operator) {
      case NONE:
        sort = null;
        break;
      case EQUAL:
        sort = "#sk = :sk";
        values.put(":sk", AttributeValue.fromS(first));
        break;
      case BEGINS_WITH:
        sort = "begins_with(#sk, :prefix)";
        values.put(":prefix", AttributeValue.fromS(first));
        break;
      case BETWEEN:
        sort = "#sk BETWEEN :lo AND :hi";
        values.put(":lo", AttributeValue.fromS(first));
        values.put(":hi", AttributeValue.fromS(second));
        break;
      case AT_LEAST:
        sort = "#sk >= :lo";
        values.put(":lo", AttributeValue.fromS(first));
        break;
      case AT_MOST:
        sort = "#sk <= :hi";
        values.put(":hi", AttributeValue.fromS(second));
        break;
      case LESS_THAN:
        sort = "#sk < :hi";
        values.put(":hi", AttributeValue.fromS(second));
        break;
      default:
        throw new AssertionError(operator);
    }
    String expression = "#pk = :pk";
    if (sort != null) {
      names.put("#sk", sortAttribute);
      expression += " AND " + sort;
    }
    return new KeyCondition(expression, names, values, indexName);
  }

  @Override
  public String toString() {
    if (nativeCondition != null) {
      return nativeCondition.toString();
    }
    String where = indexName == null ? "" : " on index " + indexName;
    String pk = partitionValues.size() == 1
        ? partitionAttribute + " = \"" + partitionValues.get(0) + "\""
        : partitionAttribute + " IN " + partitionValues.stream().map(v -> "\"" + v + "\"").toList();
    switch (operator) {
      case NONE:
        return pk + where;
      case EQUAL:
        return pk + " AND " + sortAttribute + " = \"" + first + "\"" + where;
      case BEGINS_WITH:
        return pk + " AND begins_with(" + sortAttribute + ", \"" + first + "\")" + where;
      case BETWEEN:
        return pk + " AND " + sortAttribute + " BETWEEN \"" + shorten(first) + "\" AND \"" + shorten(second) + "\"" + where;
      case AT_LEAST:
        return pk + " AND " + sortAttribute + " >= \"" + shorten(first) + "\"" + where;
      case AT_MOST:
        return pk + " AND " + sortAttribute + " <= \"" + shorten(second) + "\"" + where;
      default:
        return pk + " AND " + sortAttribute + " < \"" + shorten(second) + "\"" + where;
    }
  }

  private String partitionValue(String call) {
    if (partitionValues.size() != 1) {
      throw multiplePartitions(call);
    }
    return partitionValues.get(0);
  }

  private KeyQuery<T> with(Operator op, String lower, String upper) {
    return new KeyQuery<>(indexName, partitionAttribute, partitionValues, sortAttribute, delimiter,
        op, lower, upper);
  }

  private Key key(String sortValue) {
    return Key.builder().partitionValue(partitionValues.get(0)).sortValue(sortValue).build();
  }

  private void checkLength(String bound) {
    if (bound != null && Utf8.length(bound) > Utf8.SORT_KEY_LIMIT) {
      throw new IllegalArgumentException("a range bound is " + Utf8.length(bound)
          + " UTF-8 bytes, over DynamoDB's sort key limit of " + Utf8.SORT_KEY_LIMIT
          + ": no key can be that long, shorten the bound");
    }
  }

  /**
   * Component values are never empty: ranges that hold only the empty string hold nothing. For
   * the last component, only "" sorts at or below "" and below "\u0000"; elsewhere the order is
   * that of the value followed by the delimiter, where "" alone lies between "" and "".
   */
  private static boolean textCannotHoldAValue(ComponentRange range, boolean last) {
    String upper = range.upper();
    if (upper == null) {
      return false;
    }
    if (last) {
      return upper.isEmpty() || (upper.equals("\u0000") && !range.upperInclusive());
    }
    return upper.isEmpty() && "".equals(range.lower()) && range.lowerInclusive() && range.upperInclusive();
  }

  /** Whether some encoding of {@code domain} gives a key within the (included) bounds. */
  private boolean holdsOneOf(java.util.List<String> domain, String prefix, boolean last,
      String lower, String upper, boolean upperIncluded) {
    for (String encoding : domain) {
      // The key text up to the component: for a non-last component it ends with the delimiter,
      // and the upper bound (a delimiter or its successor after the bound value) is excluded.
      String key = last ? prefix + encoding : prefix + encoding + delimiter;
      boolean aboveLower = lower == null || Utf8.compare(key, lower) >= 0;
      int toUpper = upper == null ? -1 : Utf8.compare(key, upper);
      boolean belowUpper = upperIncluded ? toUpper <= 0 : toUpper < 0;
      if (aboveLower && belowUpper) {
        return true;
      }
    }
    return false;
  }

  /**
   * The least string above every string that starts with {@code prefix} (which ends with the
   * delimiter): the prefix with its delimiter replaced by the delimiter's successor.
   */
  static String closePrefix(String prefix) {
    int last = prefix.length() - 1;
    return prefix.substring(0, last) + (char) (prefix.charAt(last) + 1);
  }

  /**
   * The largest string of at most 1024 UTF-8 bytes that sorts below {@code key}: since no sort
   * key is longer than that, {@code sk <= largestKeyBelow(key)} is exactly {@code sk < key}.
   */
  static String largestKeyBelow(String key) {
    int lastCodePoint = key.codePointBefore(key.length());
    String head = key.substring(0, key.length() - Character.charCount(lastCodePoint));
    if (lastCodePoint == 0) {
      return head; // nothing lies between head and head + U+0000
    }
    int below = lastCodePoint - 1;
    if (below >= Character.MIN_SURROGATE && below <= Character.MAX_SURROGATE) {
      below = Character.MIN_SURROGATE - 1; // surrogates are not characters; skip them
    }
    StringBuilder out = new StringBuilder(head).appendCodePoint(below);
    int room = Utf8.SORT_KEY_LIMIT - Utf8.length(out);
    while (room >= 4) {
      out.append(MAX_CHAR);
      room -= 4;
    }
    if (room == 3) {
      out.append('\uffff');
    } else if (room == 2) {
      out.append('\u07ff');
    } else if (room == 1) {
      out.append('\u007f');
    }
    return out.toString();
  }

  /**
   * The largest string of at most 1024 UTF-8 bytes that sorts at or below {@code bound} (which is
   * longer): its longest prefix that ends on a character within the limit, then the largest
   * character that fills the bytes left, which sorts below the cut character because it is shorter.
   * {@code sk <= largestKeyUpTo(b)} is exactly {@code sk <= b} for every key DynamoDB can store.
   */
  static String largestKeyUpTo(String bound) {
    int end = 0;
    int bytes = 0;
    while (end < bound.length()) {
      int codePoint = bound.codePointAt(end);
      int size = Utf8.length(new String(Character.toChars(codePoint)));
      if (bytes + size > Utf8.SORT_KEY_LIMIT) {
        break;
      }
      bytes += size;
      end += Character.charCount(codePoint);
    }
    String head = bound.substring(0, end);
    int room = Utf8.SORT_KEY_LIMIT - bytes;
    return room == 3 ? head + '\uffff' : room == 2 ? head + '\u07ff' : room == 1 ? head + '\u007f' : head;
  }

  /**
   * The smallest string of at most 1024 UTF-8 bytes that sorts above {@code key} (at most that
   * long), or {@code null} when none does: {@code key} followed by U+0000 when there is room,
   * otherwise {@code key} with its last character that can grow within the limit grown by one
   * and what follows it dropped. {@code sk >= smallestKeyAbove(k)} is exactly {@code sk > k}.
   */
  static String smallestKeyAbove(String key) {
    if (Utf8.length(key) < Utf8.SORT_KEY_LIMIT) {
      return key + '\u0000';
    }
    String head = key;
    int room = 0;
    while (!head.isEmpty()) {
      int codePoint = head.codePointBefore(head.length());
      head = head.substring(0, head.length() - Character.charCount(codePoint));
      room += Utf8.length(new String(Character.toChars(codePoint)));
      int next = codePoint + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : codePoint + 1;
      if (next <= Character.MAX_CODE_POINT) {
        String grown = new String(Character.toChars(next));
        if (Utf8.length(grown) <= room) {
          return head + grown;
        }
      }
    }
    return null;
  }

  /** Elides the long run of U+10FFFF (and its last filler char) that {@link #largestKeyBelow} appends. */
  private static String shorten(String bound) {
    int runEnd = bound.length();
    if (runEnd > 0 && "\uffff\u07ff\u007f".indexOf(bound.charAt(runEnd - 1)) >= 0) {
      runEnd--;
    }
    int start = runEnd;
    while (start >= 2 && bound.startsWith(MAX_CHAR, start - 2)) {
      start -= 2;
    }
    if ((runEnd - start) / 2 < 8) {
      return bound;
    }
    return bound.substring(0, start) + "\\u{10FFFF}…";
  }
}
