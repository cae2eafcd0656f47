package io.dynakeys.spark;

import io.dynakeys.operations.verify.Finding;
import io.dynakeys.operations.verify.ItemCheck;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.operations.verify.VerifyReport;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * {@code verify} over an export: every exported item checked by {@link ItemChecker}, the command
 * line's own per-item check, in the executors, one task per data file; the findings as a Dataset,
 * and the tasks' {@link VerifyReport}s merged into what {@code dynakeys verify} reports for the same
 * items (the same counts per entity and kind, the same sample: the smallest keys, whatever the
 * order). An export has no live table, so the report has no table findings.
 */
public final class ExportVerify {
  private ExportVerify() {}

  /** The result of a verify: the merged report, the findings, the export's problems. */
  public static final class Result {
    private final VerifyReport report;
    private final Dataset<FindingRow> rows;
    private final Dataset<FindingRow> findings;
    private final long exportProblems;
    private final Work work;

    Result(VerifyReport report, Dataset<FindingRow> rows, Dataset<FindingRow> findings, long exportProblems,
        Work work) {
      this.report = report;
      this.rows = rows;
      this.findings = findings;
      this.exportProblems = exportProblems;
      this.work = work;
    }

    /** The merged report, as the command line's verify reports the same items (no table findings). */
    public VerifyReport report() {
      return report;
    }

    /**
     * Every finding, with its file and line, and every export problem ({@link FindingRow#CORRUPT_LINE},
     * {@link FindingRow#ITEM_COUNT}); read from the rows the report was merged from, cached until
     * {@link #unpersist}.
     */
    public Dataset<FindingRow> findings() {
      return findings;
    }

    /** The number of export problems (corrupt lines, files whose line count differs from the manifest). */
    public long exportProblems() {
      return exportProblems;
    }

    /** The non-blank lines read. */
    public long lines() {
      return work.items();
    }

    /** The lines the tasks read, from the first task's start to the last task's end. */
    public Work work() {
      return work;
    }

    /** Whether every line was an item and every item is one its layout writes. */
    public boolean ok() {
      return exportProblems == 0 && report.ok();
    }

    /** Drops the cached rows. */
    public void unpersist() {
      rows.unpersist();
    }
  }

  /**
   * Verifies the items of an export.
   *
   * @param spark the session
   * @param export the export ({@link Export#open})
   * @param layouts the {@code Keys} classes to check against
   * @param samples the findings kept per entity and kind, smallest keys first, as {@code --samples}
   * @return the report, the findings and the export's problems
   */
  public static Result run(SparkSession spark, Export export, Layouts layouts, int samples) {
    // Fail on the driver, with the operations' message, when a layout does not load.
    List<String> names = ItemChecker.reportedNames(layouts.load());
    byte[] conf = Export.serialize(spark.sparkContext().hadoopConfiguration());
    Export.Format format = export.format();
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    JavaRDD<Export.DataFile> files = jsc.parallelize(export.files(), Math.max(1, export.files().size()));
    JavaRDD<FindingRow> rows = files.mapPartitions(part -> check(part, layouts, samples, conf, format));
    Dataset<FindingRow> all = spark.createDataset(rows.rdd(), Encoders.bean(FindingRow.class))
        .persist(StorageLevel.MEMORY_AND_DISK());
    VerifyReport report = new VerifyReport(samples);
    report.declare(names);
    long problems = 0;
    Work work = Work.NONE;
    for (FindingRow r : all.filter((FilterFunction<FindingRow>) r -> FindingRow.REPORT.equals(r.getKind()))
        .collectAsList()) {
      // A task's report row: its lines, and in its detail its export problems, when it started and
      // ended, and its report's JSON, a line each.
      String[] detail = r.getDetail().split("\n", 4);
      problems += Long.parseLong(detail[0]);
      work = work.plus(new Work(r.getLine(), Long.parseLong(detail[1]), Long.parseLong(detail[2])));
      report.merge(VerifyReport.fromCompactJson(detail[3], samples));
    }
    Dataset<FindingRow> findings = all.filter((FilterFunction<FindingRow>) r -> !FindingRow.REPORT.equals(r.getKind()));
    return new Result(report, all, findings, problems, work);
  }

  private static Iterator<FindingRow> check(Iterator<Export.DataFile> part, Layouts layouts, int samples,
      byte[] confBytes, Export.Format format) {
    return new Checking(part, layouts.checker(), new VerifyReport(samples), Export.configuration(confBytes), format);
  }

  /**
   * One task's rows, produced as Spark consumes them (a task holds one item's findings at a time,
   * however many the file has): each finding and export problem, then the task's report row.
   */
  private static final class Checking implements Iterator<FindingRow> {
    private final Iterator<Export.DataFile> files;
    private final ItemChecker checker;
    private final VerifyReport report;
    private final Configuration conf;
    private final Export.Format format;
    private final long start = System.currentTimeMillis();
    private final ArrayDeque<FindingRow> ready = new ArrayDeque<>();
    private Export.DataFile file;
    private Iterator<Export.Line> lines;
    private long inFile;
    private long total;
    private long problems;
    private boolean done;

    Checking(Iterator<Export.DataFile> files, ItemChecker checker, VerifyReport report, Configuration conf,
        Export.Format format) {
      this.files = files;
      this.checker = checker;
      this.report = report;
      this.conf = conf;
      this.format = format;
    }

    @Override
    public boolean hasNext() {
      while (ready.isEmpty() && !done) {
        step();
      }
      return !ready.isEmpty();
    }

    @Override
    public FindingRow next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return ready.poll();
    }

    private void step() {
      if (lines == null) {
        if (!files.hasNext()) {
          ready.add(new FindingRow(null, total, null, null, null, FindingRow.REPORT, null, null, null, null,
              problems + "\n" + start + "\n" + System.currentTimeMillis() + "\n" + report.toCompactJson()));
          done = true;
          return;
        }
        file = files.next();
        lines = Export.lines(file, conf, format);
        inFile = 0;
      }
      if (!lines.hasNext()) {
        total += inFile;
        if (file.itemCount() >= 0 && file.itemCount() != inFile) {
          ready.add(new FindingRow(file.path(), 0, null, null, null, FindingRow.ITEM_COUNT, null, null, null, null,
              "the manifest lists " + file.itemCount() + " items, the file has " + inFile + " lines"));
          problems++;
        }
        lines = null;
        return;
      }
      Export.Line line = lines.next();
      if (line.item() == null) {
        ready.add(problem(line));
        problems++;
        if (line.line() > 0) {
          inFile++;
        }
        return;
      }
      inFile++;
      ItemCheck check = checker.check(line.item());
      report.add(check);
      String entity = check.entity() == null ? VerifyReport.NO_SCHEMA : check.entity();
      for (Finding f : check.findings()) {
        ready.add(new FindingRow(line.file(), line.line(), entity, check.partitionKey(), check.sortKey(),
            f.kind().name(), f.attribute(), f.component(), f.declaredWidth(), f.foundWidth(), f.detail()));
      }
    }
  }

  static FindingRow problem(Export.Line line) {
    return new FindingRow(line.file(), line.line(), null, null, null, FindingRow.CORRUPT_LINE, null, null, null,
        null, line.problem());
  }
}
