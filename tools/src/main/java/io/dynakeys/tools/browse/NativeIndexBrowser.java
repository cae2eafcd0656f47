package io.dynakeys.tools.browse;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.ItemCheck;
import io.dynakeys.operations.verify.ItemChecker;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * {@code dynakeys browse --index}: one partition of a native index (keyed by the components' own
 * attributes, {@code @SecondaryIndex(nativeKey = true)}) in the index's order, each item's native
 * sort attributes beside its table keys and its check. The partition is given as the values of
 * the index's partition attributes, as text read by each attribute's stored type (a string as it
 * is, a number in decimal, binary in base64); a {@link PartitionBrowser.SortRange} narrows the
 * <em>first</em> sort attribute, as the first query stage does: a prefix ({@code begins_with}, a
 * string attribute only) or bounds in its stored type's order.
 *
 * <pre>{@code
 * BrowseResult page = NativeIndexBrowser.browse(client, "scores", List.of(scores), "byTeam",
 *     List.of("red", "3"), PartitionBrowser.SortRange.all(), 1000);
 * }</pre>
 */
public final class NativeIndexBrowser {
  private NativeIndexBrowser() {}

  /**
   * Reads one partition of the native index {@code indexName} of the first schema.
   *
   * @param schemas the entities the index may hold; the first declares the index
   * @param partitionValues the values of the index's partition attributes, in key order, as text
   * @param range the range of the first sort attribute, and the order ({@code null}: all, ascending)
   * @param limit the most rows to read, 0 for all
   * @throws ConfigurationException when the first schema declares no such native index, the values
   *     are not one per partition attribute or not of the attributes' types, or the range does not
   *     fit the first sort attribute
   */
  public static PartitionBrowser.BrowseResult browse(DynamoDbClient client, String table, List<EntitySchema> schemas,
      String indexName, List<String> partitionValues, Range range, int limit) {
    EntityModel first = EntityModel.of(schemas.get(0).keysClass());
    EntityLayout.NativeIndex index = first.nativeIndex(indexName);
    if (range == null) {
      range = Range.ALL;
    }
    if (partitionValues.size() != index.partition().size()) {
      throw new ConfigurationException("--partition: native index " + indexName + " has the partition attributes "
          + names(index.partition()) + ", but " + partitionValues.size() + " value(s) were given");
    }
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> terms = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < index.partition().size(); i++) {
      EntityLayout.NativeKey key = index.partition().get(i);
      names.put("#p" + i, key.attribute());
      values.put(":p" + i, value(first, key, partitionValues.get(i), "--partition"));
      terms.add("#p" + i + " = :p" + i);
      shown.add(key.attribute() + " = " + show(values.get(":p" + i)));
    }
    if (!range.whole()) {
      shown.add(range.toString());
      if (index.sort().isEmpty()) {
        throw new ConfigurationException("native index " + indexName + " has no sort attribute to narrow the partition by");
      }
      EntityLayout.NativeKey key = index.sort().get(0);
      names.put("#s0", key.attribute());
      if (range.prefix() != null) {
        if (!first.nativeType(key).equals("S")) {
          throw new ConfigurationException("--sk-prefix: " + key.attribute() + " of native index " + indexName
              + " is stored as " + first.nativeType(key) + "; begins_with takes a string attribute");
        }
        values.put(":prefix", AttributeValue.fromS(range.prefix()));
        terms.add("begins_with(#s0, :prefix)");
      } else {
        if (range.from() != null) {
          values.put(":from", value(first, key, range.from(), "--sk-from"));
        }
        if (range.to() != null) {
          values.put(":to", value(first, key, range.to(), "--sk-to"));
        }
        if (range.from() != null && range.to() != null) {
          if (compare(values.get(":from"), values.get(":to")) > 0) {
            throw new ConfigurationException("the range " + range.from() + " .. " + range.to() + " of " + key.attribute()
                + " is empty: the lower bound sorts after the upper one");
          }
          terms.add("#s0 BETWEEN :from AND :to");
        } else {
          terms.add(range.from() != null ? "#s0 >= :from" : "#s0 <= :to");
        }
      }
    }
    ItemChecker checker = new ItemChecker(schemas);
    List<PartitionBrowser.Row> rows = new ArrayList<>();
    boolean truncated = false;
    Map<String, AttributeValue> start = null;
    int read = 0;
    do {
      QueryRequest.Builder request = QueryRequest.builder().tableName(table).indexName(indexName)
          .keyConditionExpression(String.join(" AND ", terms)).expressionAttributeNames(names)
          .expressionAttributeValues(values).scanIndexForward(!range.descending());
      if (limit > 0) {
        request.limit(Math.min(1000, limit - read + 1));
      }
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      QueryResponse page = client.query(request.build());
      for (Map<String, AttributeValue> item : page.items()) {
        if (limit > 0 && read >= limit) {
          truncated = true;
          break;
        }
        ItemCheck check = checker.check(item);
        Map<String, String> columns = new LinkedHashMap<>();
        for (EntityLayout.NativeKey key : index.sort()) {
          AttributeValue v = item.get(key.attribute());
          columns.put(key.attribute(), v == null ? "" : show(v));
        }
        rows.add(new PartitionBrowser.Row(check.partitionKey(), check.sortKey(), check.entity(), columns, check.findings()));
        read++;
      }
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null && (limit == 0 || read < limit));
    List<String> columns = index.sort().stream().map(EntityLayout.NativeKey::attribute).toList();
    return new PartitionBrowser.BrowseResult(table, List.of("index " + indexName + ": " + String.join(", ", shown)),
        range.descending() ? PartitionBrowser.SortRange.all().inDescendingOrder() : PartitionBrowser.SortRange.all(),
        columns, List.copyOf(rows), truncated);
  }

  /**
   * A range of a native index's first sort attribute: a prefix, or bounds in the attribute's
   * stored type's order (so {@code 9 .. 10} is a range of numbers), and the order.
   *
   * @param prefix the attribute begins with this, or {@code null}
   * @param from the attribute is at least this, or {@code null}
   * @param to the attribute is at most this, or {@code null}
   * @param descending whether the rows come in descending order
   */
  public record Range(String prefix, String from, String to, boolean descending) {
    static final Range ALL = new Range(null, null, null, false);

    /**
     * Checks the range is one condition.
     *
     * @throws ConfigurationException for a prefix with bounds, or an empty prefix
     */
    public Range {
      if (prefix != null && (from != null || to != null)) {
        throw new ConfigurationException("a prefix and bounds cannot be combined: DynamoDB takes one condition on"
            + " a sort attribute");
      }
      if (prefix != null && prefix.isEmpty()) {
        throw new ConfigurationException("the prefix is empty: leave it out to read the whole partition");
      }
    }

    boolean whole() {
      return prefix == null && from == null && to == null;
    }

    @Override
    public String toString() {
      return prefix != null ? "begins with \"" + prefix + "\"" : from != null && to != null ? "from " + from + " to " + to
          : from != null ? "from " + from : "to " + to;
    }
  }

  /** A value typed in by a user, as the attribute stores it. */
  private static AttributeValue value(EntityModel schema, EntityLayout.NativeKey key, String text, String option) {
    String type = schema.nativeType(key);
    switch (type) {
      case "S" -> {
        if (text.isEmpty()) {
          throw new ConfigurationException(option + ": " + key.attribute() + " is a key attribute, which cannot be empty");
        }
        return AttributeValue.fromS(text);
      }
      case "N" -> {
        try {
          new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
          throw new ConfigurationException(option + ": " + key.attribute() + " is stored as a number, not \"" + text + "\"", e);
        }
        return AttributeValue.fromN(text.trim());
      }
      default -> {
        try {
          byte[] bytes = Base64.getDecoder().decode(text.trim());
          return AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(bytes));
        } catch (IllegalArgumentException e) {
          throw new ConfigurationException(option + ": " + key.attribute() + " is stored as binary; give it in base64, not \""
              + text + "\"", e);
        }
      }
    }
  }

  private static int compare(AttributeValue a, AttributeValue b) {
    if (a.s() != null) {
      return io.dynakeys.codecs.internal.Utf8.compare(a.s(), b.s());
    }
    if (a.n() != null) {
      return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
    }
    return java.util.Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
  }

  /** A stored key value as a cell: text as it is, a number in decimal, binary in base64. */
  static String show(AttributeValue v) {
    if (v.s() != null) {
      return v.s();
    }
    if (v.n() != null) {
      return v.n();
    }
    if (v.b() != null) {
      return Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe());
    }
    return v.toString();
  }

  private static String names(List<EntityLayout.NativeKey> keys) {
    return String.join(", ", keys.stream().map(EntityLayout.NativeKey::attribute).toList());
  }
}
