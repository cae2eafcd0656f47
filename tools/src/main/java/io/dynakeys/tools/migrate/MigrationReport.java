package io.dynakeys.tools.migrate;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.internal.format.TextTable;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.Tally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code dynakeys migrate} (or {@code move}) did: how many items had each {@link Outcome},
 * a sample of them (the planned changes of a dry run), the writes it made, and the verify of the
 * new layout it ended with.
 */
public final class MigrationReport {
  private final String command;
  private final String table;
  private final String description;
  private final String title;
  private final boolean dryRun;
  private final Tally tally;
  private final long writes;
  private final long elapsedMillis;
  private final VerifyReport verify;
  private final List<String> problems;
  private final String writePath;

  public MigrationReport(String command, String table, String description, String title, boolean dryRun, Tally tally,
      long writes, long elapsedMillis, VerifyReport verify, List<String> problems) {
    this.command = command;
    this.table = table;
    this.description = description;
    this.title = title;
    this.dryRun = dryRun;
    this.tally = tally;
    this.writes = writes;
    this.elapsedMillis = elapsedMillis;
    this.verify = verify;
    this.problems = List.copyOf(problems);
    this.writePath = null;
  }

  private MigrationReport(MigrationReport report, String writePath) {
    this.command = report.command;
    this.table = report.table;
    this.description = report.description;
    this.title = report.title;
    this.dryRun = report.dryRun;
    this.tally = report.tally;
    this.writes = report.writes;
    this.elapsedMillis = report.elapsedMillis;
    this.verify = report.verify;
    this.problems = report.problems;
    this.writePath = writePath;
  }

  /**
   * This report, saying how its items were written: "one transaction per item", or the two requests
   * and why ({@code null}: no item needed a copy and a delete).
   */
  public MigrationReport writePath(String path) {
    return new MigrationReport(this, path);
  }

  /** How the items were written (see {@link #writePath(String)}), or {@code null}. */
  public String writePath() {
    return writePath;
  }

  /** The number of items with {@code outcome}, over the whole run (resumed runs included). */
  public long count(Outcome outcome) {
    return tally.get(outcome);
  }

  /** The writes (puts and deletes) this process made; 0 for a dry run and a finished rerun. */
  public long writes() {
    return writes;
  }

  /** Whether nothing was written. */
  public boolean dryRun() {
    return dryRun;
  }

  /** The verify the run ended with, or {@code null} (dry run, or verify turned off). */
  public VerifyReport verify() {
    return verify;
  }

  /** Problems of the run as a whole (a move refused because its target exists). */
  public List<String> problems() {
    return problems;
  }

  /** Whether every item reached the new layout and the final verify (if any) is clean. */
  public boolean ok() {
    for (Outcome o : Outcome.values()) {
      if (o.problem() && count(o) > 0) {
        return false;
      }
    }
    return problems.isEmpty() && (verify == null || verify.ok());
  }

  /** The report as JSON. */
  public String toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("command", command);
    out.put("table", table);
    out.put("job", description);
    out.put("dryRun", dryRun);
    out.put("ok", ok());
    Map<String, Object> counts = new LinkedHashMap<>();
    for (Outcome o : Outcome.values()) {
      if (count(o) > 0) {
        counts.put(o.name(), count(o));
      }
    }
    out.put("outcomes", counts);
    out.put("writes", writes);
    out.put("writePath", writePath);
    out.put("elapsedMillis", elapsedMillis);
    out.put("problems", problems);
    List<Object> samples = new ArrayList<>();
    tally.samples().forEach(s -> samples.add(Tally.sampleJson(s)));
    out.put("samples", samples);
    out.put("verify", verify == null ? null : verify.toJsonTree(true));
    return JsonTrees.write(out);
  }

  /** The report for people. */
  public String toText() {
    StringBuilder out = new StringBuilder();
    out.append(command).append(dryRun ? " (dry run, nothing written)" : "").append(" of table ").append(table)
        .append(": ").append(title).append(String.format(", %.1f s%n", elapsedMillis / 1000.0));
    List<String> header = new ArrayList<>();
    List<String> row = new ArrayList<>();
    for (Outcome o : Outcome.values()) {
      if (count(o) > 0) {
        header.add(dryRun && o == Outcome.MIGRATED ? "would re-key" : o.label());
        row.add(String.format("%,d", count(o)));
      }
    }
    header.add("writes");
    row.add(String.format("%,d", writes));
    out.append(new TextTable(header).alignRight(0, header.size() - 1).row(row).render());
    if (writePath != null) {
      out.append("writes: ").append(writePath).append('\n');
    }
    for (String p : problems) {
      out.append("problem: ").append(p).append('\n');
    }
    List<Tally.Sample> samples = tally.samples();
    if (!samples.isEmpty()) {
      out.append('\n').append(dryRun ? "planned changes and other items (a sample, smallest keys first):\n"
          : "sample (smallest keys first):\n");
      TextTable table = new TextTable(List.of("outcome", "pk", "sk", "new pk", "new sk", "detail"));
      for (Tally.Sample s : samples) {
        table.row(List.of(s.outcome().label(), Objects.toString(s.partitionKey(), ""),
            Objects.toString(s.sortKey(), ""), Objects.toString(s.newPartitionKey(), ""),
            Objects.toString(s.newSortKey(), ""), Objects.toString(TextTable.shorten(s.detail(), 100), "")));
      }
      out.append(table.render());
    }
    if (verify != null) {
      out.append(command.equals("move") ? "\ncheck of the entries under the target:\n"
          : "\nverify of the new layout:\n").append(verify.toText());
    }
    out.append('\n').append(ok() ? "OK" : "NOT OK").append('\n');
    return out.toString();
  }
}
