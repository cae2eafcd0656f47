package io.dynakeys.tools.browse;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.format.TextTable;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.Finding;
import io.dynakeys.operations.verify.ItemCheck;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.runtime.TreePath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * {@code dynakeys browse}: one partition in key order, each item's raw keys beside its decoded
 * sort components, so that keys of different widths stand out (an old-width key is shorter, and
 * its components do not decode). Items are checked with {@link ItemChecker}: rows with findings
 * are marked, and components of keys that do not parse are shown raw, in brackets.
 *
 * <pre>{@code
 * BrowseResult page = PartitionBrowser.browse(client, "runs", schemas,
 *     runs.partitionKeysOf(List.of("2026-SPRING")), 1000);
 * System.out.print(page.toText());
 * Files.writeString(Path.of("partition.html"), page.toHtml());
 * }</pre>
 */
public final class PartitionBrowser {
  private PartitionBrowser() {}

  /**
   * One item of the partition.
   *
   * @param partitionKey its partition key (shards differ)
   * @param sortKey its sort key, or {@code null}
   * @param entity the entity it was matched to, or {@code null}
   * @param components the decoded sort components by name; raw segments in brackets when the key
   *     does not parse
   * @param findings what {@link ItemChecker} found
   */
  public record Row(String partitionKey, String sortKey, String entity, Map<String, String> components,
      List<Finding> findings) {}

  /**
   * Which part of a partition to read, in which order: a query stage on the raw sort key. Every
   * shard of a sharded partition is read with the same condition before the shards are merged.
   *
   * <pre>{@code
   * SortRange.all()                                   // the whole partition, ascending
   * SortRange.prefix("ORDER#").inDescendingOrder()           // begins_with(sk, "ORDER#"), newest first
   * SortRange.between("999999990000", "999999999999") // sk BETWEEN the two, both included
   * }</pre>
   *
   * @param prefix the sort keys begin with this, or {@code null}
   * @param from the sort keys are at least this (UTF-8 byte order, as DynamoDB compares), or
   *     {@code null}
   * @param to the sort keys are at most this, or {@code null}
   * @param descending whether the rows come in descending sort key order
   */
  public record SortRange(String prefix, String from, String to, boolean descending) {
    /**
     * Checks that the range is one DynamoDB key condition.
     *
     * @throws ConfigurationException for a prefix with bounds, an empty prefix, or bounds out of order
     */
    public SortRange {
      if (prefix != null && (from != null || to != null)) {
        throw new ConfigurationException("a sort key prefix and sort key bounds cannot be combined: DynamoDB"
            + " takes one condition on the sort key (give the prefix as the bounds instead)");
      }
      if (prefix != null && prefix.isEmpty()) {
        throw new ConfigurationException("the sort key prefix is empty: leave it out to read the whole partition");
      }
      if (from != null && to != null && Utf8.compare(from, to) > 0) {
        throw new ConfigurationException("the sort key range " + from + " .. " + to + " is empty: the lower bound"
            + " sorts after the upper one");
      }
    }

    /** The whole partition, ascending. */
    public static SortRange all() {
      return new SortRange(null, null, null, false);
    }

    /** Sort keys that begin with {@code prefix}. */
    public static SortRange prefix(String prefix) {
      return new SortRange(prefix, null, null, false);
    }

    /** Sort keys from {@code from} to {@code to}, both included; either {@code null} for no bound. */
    public static SortRange between(String from, String to) {
      return new SortRange(null, from, to, false);
    }

    /** The same range, in descending sort key order. */
    public SortRange inDescendingOrder() {
      return new SortRange(prefix, from, to, true);
    }

    /** Whether the range is the whole partition. */
    public boolean whole() {
      return prefix == null && from == null && to == null;
    }

    /** The range in words, for the page's heading: {@code sk begins with "ORDER#", descending}. */
    @Override
    public String toString() {
      String condition = prefix != null ? "sk begins with \"" + prefix + "\""
          : from != null && to != null ? "sk from \"" + from + "\" to \"" + to + "\""
          : from != null ? "sk from \"" + from + "\"" : to != null ? "sk to \"" + to + "\"" : "";
      return descending ? (condition.isEmpty() ? "descending" : condition + ", descending") : condition;
    }
  }

  /**
   * A browsed partition.
   *
   * @param table the table
   * @param partitionKeys the partition keys read (one, or every shard)
   * @param range the part of the partition read
   * @param columns the component columns, in order
   * @param rows the items in key order (shards merged by sort key), descending if the range says so
   * @param truncated whether the limit cut the partition short
   */
  public record BrowseResult(String table, List<String> partitionKeys, SortRange range, List<String> columns,
      List<Row> rows, boolean truncated) {

    /** The number of rows with findings (a sparse index's {@code NOT_INDEXED} note is shown, not marked). */
    public long marked() {
      return rows.stream().filter(PartitionBrowser::defective).count();
    }

    /** The partition as a text table. */
    public String toText() {
      boolean manyPartitions = partitionKeys.size() > 1;
      boolean manyEntities = rows.stream().map(Row::entity).distinct().count() > 1;
      List<String> header = new ArrayList<>();
      header.add("");
      if (manyPartitions) {
        header.add("pk");
      }
      header.add("sk");
      if (manyEntities) {
        header.add("entity");
      }
      header.addAll(columns);
      header.add("check");
      TextTable grid = new TextTable(header);
      for (Row r : rows) {
        List<String> cells = new ArrayList<>();
        cells.add(defective(r) ? "!" : "");
        if (manyPartitions) {
          cells.add(r.partitionKey());
        }
        cells.add(r.sortKey() == null ? "" : r.sortKey());
        if (manyEntities) {
          cells.add(r.entity() == null ? "?" : r.entity());
        }
        for (String c : columns) {
          cells.add(r.components().getOrDefault(c, ""));
        }
        cells.add(check(r));
        grid.row(cells);
      }
      StringBuilder out = new StringBuilder();
      out.append("table ").append(table).append(", partition ").append(String.join(", ", partitionKeys))
          .append(range.toString().isEmpty() ? "" : ", " + range).append(": ").append(rows.size()).append(" item(s)").append(truncated ? " (limit reached)" : "")
          .append(", ").append(marked()).append(" marked !\n\n");
      out.append(rows.isEmpty() ? "(no items)\n" : grid.render());
      return out.toString();
    }

    /** The partition as one self-contained HTML page; every value is escaped. */
    public String toHtml() {
      StringBuilder h = new StringBuilder();
      String title = "dynakeys browse: " + table + " / " + String.join(", ", partitionKeys)
          + (range.toString().isEmpty() ? "" : " / " + range);
      h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
          .append(escape(title)).append("</title>\n<style>\n")
          .append("body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\n")
          .append("table{border-collapse:collapse;font-size:13px}\n")
          .append("th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}\n")
          .append("th{background:#f0f0f0}\n")
          .append("td.key,td.c{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:pre}\n")
          .append("tr.bad{background:#fde8e8}\n")
          .append("td.check{max-width:40em}\n")
          .append("</style>\n</head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n<p>")
          .append(rows.size()).append(" item(s)").append(truncated ? " (limit reached)" : "").append(", ")
          .append(marked()).append(" marked. Components of keys that do not parse are shown raw, in brackets.</p>\n");
      h.append("<table>\n<thead><tr>");
      boolean manyPartitions = partitionKeys.size() > 1;
      if (manyPartitions) {
        h.append("<th>pk</th>");
      }
      h.append("<th>sk</th><th>entity</th>");
      for (String c : columns) {
        h.append("<th>").append(escape(c)).append("</th>");
      }
      h.append("<th>check</th></tr></thead>\n<tbody>\n");
      for (Row r : rows) {
        h.append(defective(r) ? "<tr class=\"bad\">" : "<tr>");
        if (manyPartitions) {
          h.append("<td class=\"key\">").append(escape(r.partitionKey())).append("</td>");
        }
        h.append("<td class=\"key\">").append(escape(r.sortKey())).append("</td>");
        h.append("<td>").append(escape(r.entity() == null ? "?" : r.entity())).append("</td>");
        for (String c : columns) {
          h.append("<td class=\"c\">").append(escape(r.components().getOrDefault(c, ""))).append("</td>");
        }
        h.append("<td class=\"check\">").append(escape(check(r))).append("</td></tr>\n");
      }
      h.append("</tbody>\n</table>\n</body>\n</html>\n");
      return h.toString();
    }

    private static String check(Row r) {
      if (r.findings().isEmpty()) {
        return "ok";
      }
      List<String> parts = new ArrayList<>();
      for (Finding f : r.findings()) {
        parts.add(f.kind().name() + (f.attribute() == null ? "" : " " + f.attribute()) + ": "
            + TextTable.shorten(f.detail(), 160));
      }
      return String.join("; ", parts);
    }
  }

  /** Whether a row has a finding that is a defect. */
  static boolean defective(Row r) {
    return r.findings().stream().anyMatch(f -> f.kind().defect());
  }

  /** HTML-escapes text, control characters included. */
  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> {
          if (c < 0x20 && c != '\n' && c != '\t' || c == 0x7f) {
            out.append("&#").append((int) c).append(';');
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /**
   * Reads the partitions {@code partitionKeys} (a partition's shards) in key order.
   *
   * @param schemas the entities the partition may hold; the first one's keys name the attributes
   * @param limit the most rows to read, 0 for all
   */
  public static BrowseResult browse(DynamoDbClient client, String table, List<EntitySchema> schemas,
      List<String> partitionKeys, int limit) {
    return browse(client, table, schemas, partitionKeys, SortRange.all(), limit);
  }

  /**
   * Reads a range of the partitions {@code partitionKeys} (a partition's shards) in key order: a
   * query stage. Each shard is queried with the same sort key condition and order, then the shards
   * are merged.
   *
   * @param schemas the entities the partition may hold; the first one's keys name the attributes
   * @param range the sort keys to read, and the order
   * @param limit the most rows to read, 0 for all
   * @throws ConfigurationException when the range narrows the sort key of a record that has none
   */
  public static BrowseResult browse(DynamoDbClient client, String table, List<EntitySchema> schemas,
      List<String> partitionKeys, SortRange range, int limit) {
    ItemChecker checker = new ItemChecker(schemas);
    EntitySchema first = schemas.get(0);
    Set<String> columns = new LinkedHashSet<>();
    for (EntitySchema s : schemas) {
      EntityLayout layout = EntityModel.of(s.keysClass()).layout();
      if (layout.sort() != null) {
        layout.sort().segments().forEach(seg -> columns.add(seg.component()));
      }
    }
    List<Row> rows = new ArrayList<>();
    boolean truncated = false;
    for (String pk : partitionKeys) {
      Map<String, AttributeValue> start = null;
      int read = 0;
      do {
        QueryRequest.Builder request = query(table, first, pk, range);
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
          rows.add(row(checker, item));
          read++;
        }
        start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
      } while (start != null && (limit == 0 || read < limit));
    }
    // Shards are read one after another; merged, the rows are in the partition's sort key order
    // (DynamoDB orders by the UTF-8 bytes of the key).
    if (partitionKeys.size() > 1) {
      Comparator<Row> order = Comparator.comparing(Row::sortKey, Comparator.nullsFirst(Utf8::compare));
      rows.sort(range.descending() ? order.reversed() : order);
      if (limit > 0 && rows.size() > limit) {
        rows = new ArrayList<>(rows.subList(0, limit));
        truncated = true;
      }
    }
    return new BrowseResult(table, List.copyOf(partitionKeys), range, List.copyOf(columns), List.copyOf(rows),
        truncated);
  }

  /** The query of one partition key with the range's condition on the sort key. */
  private static QueryRequest.Builder query(String table, EntitySchema first, String pk, SortRange range) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#pk", first.partitionKeyAttribute());
    values.put(":pk", AttributeValue.fromS(pk));
    String condition = "#pk = :pk";
    if (!range.whole()) {
      if (first.sortKeyAttribute() == null) {
        throw new ConfigurationException(first.name() + " has no sort key to narrow the partition by");
      }
      names.put("#sk", first.sortKeyAttribute());
      if (range.prefix() != null) {
        condition += " AND begins_with(#sk, :prefix)";
        values.put(":prefix", AttributeValue.fromS(range.prefix()));
      } else if (range.from() != null && range.to() != null) {
        condition += " AND #sk BETWEEN :from AND :to";
        values.put(":from", AttributeValue.fromS(range.from()));
        values.put(":to", AttributeValue.fromS(range.to()));
      } else if (range.from() != null) {
        condition += " AND #sk >= :from";
        values.put(":from", AttributeValue.fromS(range.from()));
      } else {
        condition += " AND #sk <= :to";
        values.put(":to", AttributeValue.fromS(range.to()));
      }
    }
    return QueryRequest.builder().tableName(table).keyConditionExpression(condition)
        .expressionAttributeNames(names).expressionAttributeValues(values).scanIndexForward(!range.descending());
  }

  private static Row row(ItemChecker checker, Map<String, AttributeValue> item) {
    ItemCheck check = checker.check(item);
    Map<String, String> components = new LinkedHashMap<>();
    EntitySchema schema = null;
    for (EntitySchema s : checker.schemas()) {
      if (checker.entityName(s).equals(check.entity())) {
        schema = s;
      }
    }
    EntityLayout.Key sort = schema == null ? null : EntityModel.of(schema.keysClass()).layout().sort();
    if (sort != null && check.sortKey() != null) {
      try {
        schema.parseSortKey(check.sortKey()).forEach((name, value) ->
            components.put(name, display(value)));
      } catch (IllegalArgumentException notParsed) {
        raw(sort, check.sortKey(), components);
      }
    }
    return new Row(check.partitionKey(), check.sortKey(), check.entity(), components, check.findings());
  }

  /** The raw segments of a key that does not parse, in brackets, by position. */
  private static void raw(EntityLayout.Key layout, String key, Map<String, String> components) {
    String rest = key.startsWith(layout.head()) ? key.substring(layout.head().length()) : key;
    String[] parts = rest.split(java.util.regex.Pattern.quote(String.valueOf(layout.delimiter())), -1);
    List<EntityLayout.Segment> segments = layout.segments();
    for (int i = 0; i < segments.size() && i < parts.length; i++) {
      String text = i == segments.size() - 1 && parts.length > segments.size()
          ? String.join(String.valueOf(layout.delimiter()), java.util.Arrays.copyOfRange(parts, i, parts.length))
          : parts[i];
      components.put(segments.get(i).component(), "[" + text + "]");
    }
  }

  private static String display(Object value) {
    if (value instanceof TreePath path) {
      return path.toString();
    }
    return String.valueOf(value);
  }
}
