package io.dynakeys.operations.verify;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.internal.format.TextTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code dynakeys verify} found: per entity the items and the findings of each kind, the
 * live table's differences from the layouts, and a sample of offending keys.
 *
 * <p>The sample keeps, for each entity and kind, the {@code samples} findings with the smallest
 * keys (partition key, then sort key, then attribute), not the first ones met: a parallel scan
 * meets items in no fixed order, and the smallest keys are the same whatever the order, the number
 * of segments or machines, and however the parts are {@link #merge merged}. It counts findings, not
 * items: an item of an old width has a {@code WIDTH} finding in its sort key and one in each index
 * key, and takes as many places.
 *
 * <p>A report is filled by one thread; merge the reports of several.
 */
public final class VerifyReport {
  /** The entity name items matching no schema are counted under. */
  public static final String NO_SCHEMA = "(no schema)";

  private static final Comparator<Sample> ORDER = Comparator
      .comparing(Sample::partitionKey, Comparator.nullsFirst(Comparator.naturalOrder()))
      .thenComparing(Sample::sortKey, Comparator.nullsFirst(Comparator.naturalOrder()))
      .thenComparing(s -> Objects.toString(s.finding().attribute(), ""))
      .thenComparing(s -> Objects.toString(s.finding().component(), ""))
      .thenComparing(s -> s.finding().detail());

  private final int samplesPerKind;
  private final Map<String, Counts> entities = new LinkedHashMap<>();
  private final Map<String, TreeSet<Sample>> samples = new TreeMap<>();
  private List<TableChecker.TableFinding> tableFindings = List.of();
  private String table;
  private int totalSegments;
  private List<Integer> segments = List.of();
  private long elapsedMillis;

  /**
   * Findings of one entity.
   *
   * @param entity the entity, or {@link #NO_SCHEMA}
   * @param items the items matched to it
   * @param itemsWithFindings the items with at least one finding that is a defect
   * @param findings the number of findings of each kind (an item may have several), the
   *     {@link Finding.Kind#NOT_INDEXED} notes included
   */
  public record EntityStats(String entity, long items, long itemsWithFindings, Map<Finding.Kind, Long> findings) {}

  /**
   * One offending item.
   *
   * @param entity the entity it was matched to, or {@link #NO_SCHEMA}
   * @param partitionKey its stored partition key
   * @param sortKey its stored sort key, or {@code null}
   * @param finding what is wrong
   */
  public record Sample(String entity, String partitionKey, String sortKey, Finding finding) {}

  private static final class Counts {
    long items;
    long itemsWithFindings;
    final EnumMap<Finding.Kind, Long> findings = new EnumMap<>(Finding.Kind.class);
  }

  /**
   * An empty report.
   *
   * @param samplesPerKind how many findings to keep per entity and kind
   */
  public VerifyReport(int samplesPerKind) {
    this.samplesPerKind = samplesPerKind;
  }

  /** How many findings the report keeps per entity and kind. */
  public int samplesPerKind() {
    return samplesPerKind;
  }

  /** Counts entities with no items too, so the summary lists every schema. */
  public void declare(List<String> entityNames) {
    entityNames.forEach(n -> entities.computeIfAbsent(n, k -> new Counts()));
  }

  /** Counts one checked item. */
  public void add(ItemCheck check) {
    String entity = check.entity() == null ? NO_SCHEMA : check.entity();
    Counts counts = entities.computeIfAbsent(entity, k -> new Counts());
    counts.items++;
    if (!check.ok()) {
      counts.itemsWithFindings++;
    }
    for (Finding f : check.findings()) {
      counts.findings.merge(f.kind(), 1L, Long::sum);
      sample(new Sample(entity, check.partitionKey(), check.sortKey(), f));
    }
  }

  private void sample(Sample sample) {
    if (samplesPerKind <= 0) {
      return;
    }
    TreeSet<Sample> set = samples.computeIfAbsent(sample.entity() + "\u0000" + sample.finding().kind(),
        k -> new TreeSet<>(ORDER));
    set.add(sample);
    if (set.size() > samplesPerKind) {
      set.pollLast();
    }
  }

  /** Adds the counts and samples of {@code other}, a report of other segments. */
  public void merge(VerifyReport other) {
    other.entities.forEach((name, c) -> {
      Counts mine = entities.computeIfAbsent(name, k -> new Counts());
      mine.items += c.items;
      mine.itemsWithFindings += c.itemsWithFindings;
      c.findings.forEach((kind, n) -> mine.findings.merge(kind, n, Long::sum));
    });
    other.samples.values().forEach(set -> set.forEach(this::sample));
  }

  /**
   * Names what the report covers, for its text and JSON.
   *
   * @param table the table (or an export's directory)
   * @param totalSegments the scan's total number of segments, 0 when there was no scan
   * @param segments the segments this report covers
   */
  public void table(String table, int totalSegments, List<Integer> segments) {
    this.table = table;
    this.totalSegments = totalSegments;
    this.segments = List.copyOf(segments);
  }

  /**
   * Sets the live table's differences from the layouts ({@link TableChecker#check}).
   *
   * @param findings the differences; empty when the table is as the layouts declare
   */
  public void tableFindings(List<TableChecker.TableFinding> findings) {
    this.tableFindings = List.copyOf(findings);
  }

  /**
   * Sets how long the run took, for the text and JSON.
   *
   * @param millis the milliseconds
   */
  public void elapsedMillis(long millis) {
    this.elapsedMillis = millis;
  }

  /** The table verified. */
  public String table() {
    return table;
  }

  /** The items checked. */
  public long items() {
    return entities.values().stream().mapToLong(c -> c.items).sum();
  }

  /** The items with at least one finding. */
  public long itemsWithFindings() {
    return entities.values().stream().mapToLong(c -> c.itemsWithFindings).sum();
  }

  /** The number of findings of {@code kind}, over all entities. */
  public long findings(Finding.Kind kind) {
    return entities.values().stream().mapToLong(c -> c.findings.getOrDefault(kind, 0L)).sum();
  }

  /** The findings per entity, in the order of the schemas, items of no schema last. */
  public List<EntityStats> entities() {
    List<EntityStats> out = new ArrayList<>();
    entities.forEach((name, c) -> {
      if (!name.equals(NO_SCHEMA)) {
        out.add(new EntityStats(name, c.items, c.itemsWithFindings, Map.copyOf(c.findings)));
      }
    });
    Counts none = entities.get(NO_SCHEMA);
    if (none != null) {
      out.add(new EntityStats(NO_SCHEMA, none.items, none.itemsWithFindings, Map.copyOf(none.findings)));
    }
    return out;
  }

  /** The live table's differences from the layouts. */
  public List<TableChecker.TableFinding> tableFindings() {
    return tableFindings;
  }

  /** The sample of findings: per entity and kind, those with the smallest keys. */
  public List<Sample> samples() {
    List<Sample> out = new ArrayList<>();
    samples.values().forEach(out::addAll);
    return out;
  }

  /** The scan segments this report covers. */
  public List<Integer> segments() {
    return segments;
  }

  /** The scan's total number of segments. */
  public int totalSegments() {
    return totalSegments;
  }

  /** Whether nothing is wrong: no item finding and no table finding. */
  public boolean ok() {
    return itemsWithFindings() == 0 && tableFindings.isEmpty();
  }

  /** The report as JSON, for machines: {@code ok}, counts per entity, table findings and samples. */
  public String toJson() {
    return JsonTrees.write(toJsonTree(true));
  }

  /**
   * The counts and samples as one line of compact JSON, without the table's name, segments and
   * findings: the form in which a part of a report travels (a Spark task's to its driver). {@link
   * #fromCompactJson} reads it back.
   */
  public String toCompactJson() {
    return JsonTrees.writeCompact(toJsonTree(false));
  }

  /** The report {@link #toCompactJson} wrote, keeping {@code samplesPerKind} samples per entity and kind. */
  public static VerifyReport fromCompactJson(String json, int samplesPerKind) {
    return fromJsonTree(JsonTrees.parse(json), samplesPerKind);
  }

  /**
   * The report as a tree of maps, lists and values: what {@link #toJson} writes, and what a
   * checkpoint holds of a segment ({@code full = false}), which {@link #fromJsonTree} reads back.
   *
   * @param full with the table's name, segments, findings and the time taken; without, the counts
   *     and samples only
   * @return the tree
   */
  public Map<String, Object> toJsonTree(boolean full) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (full) {
      out.put("table", table);
      out.put("ok", ok());
      out.put("totalSegments", totalSegments);
      out.put("segments", segments);
      out.put("items", items());
      out.put("itemsWithFindings", itemsWithFindings());
      out.put("elapsedMillis", elapsedMillis);
    }
    List<Object> list = new ArrayList<>();
    entities.forEach((name, c) -> {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("entity", name);
      e.put("items", c.items);
      e.put("itemsWithFindings", c.itemsWithFindings);
      Map<String, Object> kinds = new LinkedHashMap<>();
      c.findings.forEach((k, n) -> kinds.put(k.name(), n));
      e.put("findings", kinds);
      list.add(e);
    });
    out.put("entities", list);
    if (full) {
      out.put("tableFindings", tableFindingsJson());
    }
    List<Object> sampleList = new ArrayList<>();
    for (Sample s : samples()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("entity", s.entity());
      j.put("pk", s.partitionKey());
      j.put("sk", s.sortKey());
      j.putAll(s.finding().toJson());
      sampleList.add(j);
    }
    out.put("samples", sampleList);
    return out;
  }

  /**
   * The counts and samples of a tree {@link #toJsonTree} wrote.
   *
   * @param json the tree
   * @param samplesPerKind how many findings to keep per entity and kind
   * @return the report
   */
  @SuppressWarnings("unchecked")
  public static VerifyReport fromJsonTree(Object json, int samplesPerKind) {
    VerifyReport report = new VerifyReport(samplesPerKind);
    Map<String, Object> map = (Map<String, Object>) json;
    for (Object o : (List<Object>) map.get("entities")) {
      Map<String, Object> e = (Map<String, Object>) o;
      Counts c = report.entities.computeIfAbsent((String) e.get("entity"), k -> new Counts());
      c.items += ((Number) e.get("items")).longValue();
      c.itemsWithFindings += ((Number) e.get("itemsWithFindings")).longValue();
      ((Map<String, Object>) e.get("findings")).forEach((k, n) ->
          c.findings.merge(Finding.Kind.valueOf(k), ((Number) n).longValue(), Long::sum));
    }
    for (Object o : (List<Object>) map.get("samples")) {
      Map<String, Object> s = (Map<String, Object>) o;
      report.sample(new Sample((String) s.get("entity"), (String) s.get("pk"), (String) s.get("sk"),
          Finding.fromJson(s)));
    }
    return report;
  }

  /** The report for people: a summary table per entity, the table's findings, the samples. */
  public String toText() {
    StringBuilder out = new StringBuilder();
    out.append("table ").append(table).append(": ").append(String.format("%,d", items())).append(" items");
    if (totalSegments > 0) {
      out.append(", segments ").append(ranges(segments)).append(" of ").append(totalSegments);
    }
    out.append(String.format(", %.1f s%n%n", elapsedMillis / 1000.0));
    List<Finding.Kind> kinds = new ArrayList<>();
    for (Finding.Kind k : Finding.Kind.values()) {
      if (findings(k) > 0) {
        kinds.add(k);
      }
    }
    List<String> header = new ArrayList<>(List.of("entity", "items", "ok", "with findings"));
    kinds.forEach(k -> header.add(k.label()));
    TextTable summary = new TextTable(header);
    summary.alignRight(1, header.size() - 1);
    for (EntityStats e : entities()) {
      List<String> row = new ArrayList<>(List.of(e.entity(), String.format("%,d", e.items()),
          String.format("%,d", e.items() - e.itemsWithFindings()), String.format("%,d", e.itemsWithFindings())));
      kinds.forEach(k -> row.add(String.format("%,d", e.findings().getOrDefault(k, 0L))));
      summary.row(row);
    }
    out.append(summary.render());
    out.append('\n');
    if (tableFindings.isEmpty()) {
      out.append("table keys and indexes: as the layouts declare\n");
    } else {
      out.append("table keys and indexes:\n");
      for (TableChecker.TableFinding f : tableFindings) {
        out.append("  ").append(f.entity()).append(": ").append(f.problem()).append('\n');
      }
    }
    List<Sample> list = samples();
    if (!list.isEmpty()) {
      out.append("\nsample of offending items (at most ").append(samplesPerKind)
          .append(" per entity and kind, smallest keys first):\n");
      TextTable table = new TextTable(List.of("kind", "entity", "pk", "sk", "attribute", "detail"));
      for (Sample s : list) {
        table.row(List.of(s.finding().kind().label(), s.entity(), Objects.toString(s.partitionKey(), ""),
            Objects.toString(s.sortKey(), ""), Objects.toString(s.finding().attribute(), ""),
            TextTable.shorten(s.finding().detail(), 110)));
      }
      out.append(table.render());
    }
    out.append('\n').append(ok() ? "OK: every item is one its layout writes"
        : String.format("NOT OK: %,d item(s) with findings, %d table finding(s)", itemsWithFindings(),
            tableFindings.size())).append('\n');
    return out.toString();
  }

  /**
   * The table findings as JSON values, as {@link #toJson} writes them.
   *
   * @return one map per finding: {@code entity}, {@code index}, {@code problem}
   */
  public List<Object> tableFindingsJson() {
    List<Object> table = new ArrayList<>();
    for (TableChecker.TableFinding f : tableFindings) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("entity", f.entity());
      t.put("index", f.index());
      t.put("problem", f.problem());
      table.add(t);
    }
    return table;
  }

  static String ranges(List<Integer> segments) {
    if (segments.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    int start = segments.get(0);
    int prev = start;
    for (int i = 1; i <= segments.size(); i++) {
      int s = i < segments.size() ? segments.get(i) : Integer.MIN_VALUE;
      if (s != prev + 1) {
        parts.add(start == prev ? Integer.toString(start) : start + "-" + prev);
        start = s;
      }
      prev = s;
    }
    return String.join(",", parts);
  }
}
