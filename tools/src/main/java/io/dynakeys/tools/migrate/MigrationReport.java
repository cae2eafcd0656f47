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
 *
 * <p>A run that resumes from a checkpoint reports two things apart: the outcomes of the whole job
 * ({@link #count}: every run with that checkpoint, the counts it saved included) and those of
 * this run alone ({@link #countThisRun}). Writes are always this run's, those the server carried
 * out ({@link #writes}) apart from the conditional writes it refused ({@link #refusedWrites}),
 * which wrote nothing.
 */
public final class MigrationReport {
  private final String command;
  private final String table;
  private final String description;
  private final String title;
  private final boolean dryRun;
  private final Tally tally;
  private final long writes;
  private final long refusedWrites;
  private final long elapsedMillis;
  private final VerifyReport verify;
  private final List<String> problems;
  private final String writePath;
  /**
   * The outcomes the checkpoint held when this run started (empty for a new one), or {@code null}
   * for a run without a checkpoint file.
   */
  private final Map<Outcome, Long> earlier;
  private final boolean finishedBefore;

  /**
   * A report.
   *
   * @param tally the outcomes of the whole job, those a checkpoint held when the run started
   *     included (see {@link #checkpoint})
   * @param writes the writes this run made that the server carried out
   * @param refusedWrites the conditional writes of this run the server refused (nothing written)
   */
  public MigrationReport(String command, String table, String description, String title, boolean dryRun, Tally tally,
      long writes, long refusedWrites, long elapsedMillis, VerifyReport verify, List<String> problems) {
    this.command = command;
    this.table = table;
    this.description = description;
    this.title = title;
    this.dryRun = dryRun;
    this.tally = tally;
    this.writes = writes;
    this.refusedWrites = refusedWrites;
    this.elapsedMillis = elapsedMillis;
    this.verify = verify;
    this.problems = List.copyOf(problems);
    this.writePath = null;
    this.earlier = null;
    this.finishedBefore = false;
  }

  private MigrationReport(MigrationReport report, String writePath, Map<Outcome, Long> earlier,
      boolean finishedBefore) {
    this.command = report.command;
    this.table = report.table;
    this.description = report.description;
    this.title = report.title;
    this.dryRun = report.dryRun;
    this.tally = report.tally;
    this.writes = report.writes;
    this.refusedWrites = report.refusedWrites;
    this.elapsedMillis = report.elapsedMillis;
    this.verify = report.verify;
    this.problems = report.problems;
    this.writePath = writePath;
    this.earlier = earlier;
    this.finishedBefore = finishedBefore;
  }

  /**
   * This report, saying how its items were written: "one transaction per item", or the two requests
   * and why ({@code null}: no item needed a copy and a delete).
   */
  public MigrationReport writePath(String path) {
    return new MigrationReport(this, path, earlier, finishedBefore);
  }

  /**
   * This report of a run with a checkpoint file: {@code earlier} are the outcomes the checkpoint
   * held when the run started (empty for a new file; included in the job's counts), and
   * {@code finished} says whether it was finished then, so that this run had nothing left to do.
   */
  public MigrationReport checkpoint(Map<Outcome, Long> earlier, boolean finished) {
    return new MigrationReport(this, writePath, Map.copyOf(earlier), finished);
  }

  /** How the items were written (see {@link #writePath(String)}), or {@code null}. */
  public String writePath() {
    return writePath;
  }

  /**
   * The number of items with {@code outcome} over the whole job: this run and the earlier runs
   * whose results the checkpoint held.
   */
  public long count(Outcome outcome) {
    return tally.get(outcome);
  }

  /** The number of items with {@code outcome} this run met; 0 for every outcome when the checkpoint was finished. */
  public long countThisRun(Outcome outcome) {
    return tally.get(outcome) - (earlier == null ? 0 : earlier.getOrDefault(outcome, 0L));
  }

  /**
   * The writes this run made that the server carried out (puts and deletes; a transaction counts
   * its two); 0 for a dry run and for a rerun of a finished checkpoint.
   */
  public long writes() {
    return writes;
  }

  /**
   * The conditional writes this run sent that the server refused, which wrote nothing (and cost
   * write capacity all the same): on the two-request path, each {@link Outcome#CONFLICT} met costs
   * two refused puts ("absent", then "absent or exactly this").
   */
  public long refusedWrites() {
    return refusedWrites;
  }

  /** Whether this run resumed from a checkpoint that held results of earlier runs. */
  public boolean resumed() {
    return earlier != null && (finishedBefore || !earlier.isEmpty());
  }

  /**
   * Whether the checkpoint was finished when this run started: it re-keyed nothing, wrote nothing,
   * and its counts are the earlier runs'.
   */
  public boolean finishedBefore() {
    return finishedBefore;
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
    Map<String, Object> mine = new LinkedHashMap<>();
    for (Outcome o : Outcome.values()) {
      if (count(o) > 0) {
        counts.put(o.name(), count(o));
      }
      if (countThisRun(o) > 0) {
        mine.put(o.name(), countThisRun(o));
      }
    }
    out.put("outcomes", counts);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("resumed", resumed());
    run.put("finishedBefore", finishedBefore);
    run.put("outcomes", mine);
    run.put("writes", writes);
    run.put("refusedWrites", refusedWrites);
    out.put("thisRun", run);
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
    if (finishedBefore) {
      out.append("the checkpoint was finished when this run started: it re-keyed nothing and wrote nothing; the"
          + " counts of all runs are the checkpoint's\n");
    }
    out.append(outcomeTable());
    if (writePath != null) {
      out.append("writes: ").append(writePath).append('\n');
    }
    for (String p : problems) {
      out.append("problem: ").append(p).append('\n');
    }
    List<Tally.Sample> samples = tally.samples();
    if (!samples.isEmpty()) {
      out.append('\n').append(dryRun ? "planned changes and other items (a sample, smallest keys first):\n"
          : resumed() ? "sample of all runs (smallest keys first):\n" : "sample (smallest keys first):\n");
      TextTable table = new TextTable(List.of("outcome", "pk", "sk", "new pk", "new sk", "detail"));
      for (Tally.Sample s : samples) {
        table.row(List.of(s.outcome().label(), Objects.toString(s.partitionKey(), ""),
            Objects.toString(s.sortKey(), ""), Objects.toString(s.newPartitionKey(), ""),
            Objects.toString(s.newSortKey(), ""), Objects.toString(TextTable.shorten(s.detail(), 100), "")));
      }
      out.append(table.render());
    }
    String left = leftInTheOldLayout();
    if (left != null) {
      out.append('\n').append(left).append('\n');
    }
    if (verify != null) {
      out.append(command.equals("move") ? "\ncheck of the entries under the target:\n"
          : "\nverify of the new layout:\n").append(verify.toText());
    }
    out.append('\n').append(ok() ? "OK" : "NOT OK").append('\n');
    return out.toString();
  }

  /**
   * One row of counts and writes for this run; when it resumed, a second row with the counts of
   * all runs (writes are not kept across runs).
   */
  private String outcomeTable() {
    List<Outcome> shown = new ArrayList<>();
    for (Outcome o : Outcome.values()) {
      if (count(o) > 0) {
        shown.add(o);
      }
    }
    List<String> header = new ArrayList<>();
    if (resumed()) {
      header.add("");
    }
    shown.forEach(o -> header.add(dryRun && o == Outcome.MIGRATED ? "would re-key" : o.label()));
    header.add("writes");
    if (refusedWrites > 0) {
      header.add("refused writes");
    }
    TextTable table = new TextTable(header).alignRight(resumed() ? 1 : 0, header.size() - 1);
    List<String> row = new ArrayList<>();
    if (resumed()) {
      row.add("this run");
    }
    shown.forEach(o -> row.add(String.format("%,d", countThisRun(o))));
    row.add(String.format("%,d", writes));
    if (refusedWrites > 0) {
      row.add(String.format("%,d", refusedWrites));
    }
    table.row(row);
    if (resumed()) {
      List<String> all = new ArrayList<>();
      all.add("all runs");
      shown.forEach(o -> all.add(String.format("%,d", count(o))));
      table.row(all);
    }
    return table.render();
  }

  /**
   * For a migration with a checkpoint, what to do about the items its runs left in the old layout:
   * the checkpoint is finished, so the same command with it meets them no more.
   */
  private String leftInTheOldLayout() {
    if (!command.equals("migrate") || dryRun || earlier == null) {
      return null;
    }
    long changed = count(Outcome.CHANGED);
    long conflicts = count(Outcome.CONFLICT);
    long failed = count(Outcome.FAILED);
    if (changed + conflicts + failed == 0) {
      return null;
    }
    List<String> kinds = new ArrayList<>();
    if (changed > 0) {
      kinds.add(String.format("%,d changed", changed));
    }
    if (conflicts > 0) {
      kinds.add(String.format("%,d in conflict", conflicts));
    }
    if (failed > 0) {
      kinds.add(String.format("%,d failed", failed));
    }
    return String.join(", ", kinds) + " item(s) still in the old layout. The checkpoint holds every segment of this"
        + " run done, so the same command with it scans nothing again: run it without --checkpoint, or with a new"
        + " file, to meet them again (a changed item is migrated with its new content; a conflict is reported again"
        + " while another item holds its new key)";
  }
}
