package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The {@code spark-submit} entry point: {@code verify}, {@code rekey}, {@code load} and
 * {@code backfill-index} over a DynamoDB export, and {@code catch-up} over an incremental one. The user's records (and their generated {@code Keys} classes, and the
 * migration) come in their own jar, given to {@code spark-submit --jars}.
 *
 * <pre>
 * spark-submit --class io.dynakeys.spark.SparkMain --jars records.jar dynakeys-spark-job.jar \
 *     verify --export s3a://bucket/exports/AWSDynamoDB/01234-abcd --schema com.acme.RunKeys
 * </pre>
 *
 * Exit status as the command line's: 0 everything as the layouts say, 1 findings or problems
 * (corrupt lines, conflicts), 2 the command is wrong, 3 the job failed.
 */
@Command(name = "dynakeys-spark", mixinStandardHelpOptions = true,
    subcommands = {SparkMain.Verify.class, SparkMain.RekeyCommand.class, SparkMain.Load.class,
        SparkMain.CatchUp.class, SparkMain.BackfillIndex.class},
    description = "Verify and re-key a DynamoDB export on Spark.")
public final class SparkMain implements Callable<Integer> {
  static final int PRINTED_PROBLEMS = 50;

  @Override
  public Integer call() {
    CommandLine.usage(this, System.err);
    return 2;
  }

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    int status = run(null, args);
    System.exit(status);
  }

  /**
   * Runs the command line in this JVM.
   *
   * @param spark the session to use, or {@code null} for {@code SparkSession.builder().getOrCreate()}
   * @return the exit status
   */
  public static int run(SparkSession spark, String... args) {
    CommandLine cli = new CommandLine(new SparkMain());
    cli.setExecutionExceptionHandler((e, line, parsed) -> {
      if (e instanceof ConfigurationException) {
        line.getErr().println("error: " + e.getMessage());
        return 2;
      }
      line.getErr().println("failed: " + e);
      e.printStackTrace(line.getErr());
      return 3;
    });
    Base.session = spark;
    Base.started = System.currentTimeMillis();
    return cli.execute(args);
  }

  abstract static class Base implements Callable<Integer> {
    static SparkSession session;
    /** When the command started, before the session: the work's line says how long all of it took. */
    static long started;

    @Option(names = "--export", required = true, description = "the export's directory (s3a://bucket/prefix/AWSDynamoDB/<ExportId>, or a path)")
    String export;

    @Option(names = "--master", description = "the Spark master when not run by spark-submit (local[4])")
    String master;

    SparkSession spark() {
      if (session != null) {
        return session;
      }
      SparkSession.Builder b = SparkSession.builder().appName("dynakeys-spark");
      if (master != null) {
        b.master(master);
      }
      return b.getOrCreate();
    }

    static void printProblems(PrintWriter out, List<?> problems, long total) {
      if (total == 0) {
        return;
      }
      out.printf("%nproblems (%,d; the first %d):%n", total, Math.min(total, PRINTED_PROBLEMS));
      problems.stream().limit(PRINTED_PROBLEMS).forEach(p -> out.println("  " + p));
    }
  }

  @Command(name = "verify", mixinStandardHelpOptions = true,
      description = "Check every exported item against its layout, as dynakeys verify does on a live table.")
  static final class Verify extends Base {
    @Option(names = "--schema", required = true, description = "a Keys class, its record or an item collection; repeat for every entity")
    List<String> schemas;

    @Option(names = "--samples", defaultValue = "10", description = "findings kept per entity and kind, smallest keys"
        + " first (an item with one kind of finding in two attributes, its sort key and an index key, takes two)")
    int samples;

    @Option(names = "--json", description = "print the report as JSON")
    boolean json;

    @Option(names = "--findings", description = "write every finding and export problem here, as JSON lines (Spark's json writer)")
    String findingsOut;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      SparkSession s = spark();
      Export e = Export.open(export, s.sparkContext().hadoopConfiguration());
      ExportVerify.Result r = ExportVerify.run(s, e, new Layouts(schemas), samples);
      r.report().table(e.directory(), 0, List.of());
      PrintWriter out = spec.commandLine().getOut();
      out.print(json ? r.report().toJson() + "\n" : r.report().toText());
      // The work's throughput, apart from the start; with --json on stderr, so stdout stays one JSON value.
      (json ? spec.commandLine().getErr() : out).println(r.work().describe("items", System.currentTimeMillis() - started));
      if (findingsOut != null) {
        r.findings().coalesce(Math.max(1, Math.min(16, e.files().size()))).write().json(findingsOut);
      }
      if (r.exportProblems() > 0) {
        List<FindingRow> problems = r.findings().filter((org.apache.spark.api.java.function.FilterFunction<FindingRow>)
            f -> FindingRow.CORRUPT_LINE.equals(f.getKind()) || FindingRow.ITEM_COUNT.equals(f.getKind()))
            .limit(PRINTED_PROBLEMS).collectAsList();
        printProblems(spec.commandLine().getErr(), problems, r.exportProblems());
      }
      out.flush();
      return r.ok() ? 0 : 1;
    }
  }

  @Command(name = "rekey", mixinStandardHelpOptions = true,
      description = "Re-key every exported item with a Migration: to a new export (--output) for ImportTable, or back"
          + " into the live table (--table) with dynakeys migrate's conditions.")
  static final class RekeyCommand extends Base {
    @CommandLine.Mixin
    MigrationOptions migration;

    @Option(names = "--output", description = "write the re-keyed export here (a new directory)")
    String output;

    @CommandLine.Mixin
    TableOptions table;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if ((output == null) == (table.table == null)) {
        throw new ConfigurationException("--output or --table: give exactly one");
      }
      migration.check();
      SparkSession s = spark();
      Export e = Export.open(export, s.sparkContext().hadoopConfiguration());
      ExportRekey.Result r;
      if (migration.toVersion != null) {
        r = output != null
            ? ExportRekey.toFilesAtVersion(s, e, migration.to, migration.toVersion, !migration.drop, output)
            : ExportRekey.toTableAtVersion(s, e, migration.to, migration.toVersion, !migration.drop, table.live());
      } else {
        r = output != null
            ? ExportRekey.toFiles(s, e, migration.migration, migration.from, migration.to, !migration.drop, output)
            : ExportRekey.toTable(s, e, migration.migration, migration.from, migration.to, !migration.drop,
                table.live());
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println("export " + e.directory() + ": " + r.outcomes().values().stream().mapToLong(Long::longValue).sum()
          + " items");
      for (Map.Entry<String, Long> o : r.outcomes().entrySet()) {
        out.printf("  %-10s %,d%n", o.getKey(), o.getValue());
      }
      out.printf("written: %,d items%s%n", r.written(), output != null ? " to " + output : " to " + table.table);
      out.println(r.work().describe("items", System.currentTimeMillis() - started));
      printProblems(out, r.problems(), r.problems().size());
      out.println(r.ok() ? "OK" : "NOT OK: " + r.problems().size() + " problem(s)");
      out.flush();
      return r.ok() ? 0 : 1;
    }
  }

  @Command(name = "load", mixinStandardHelpOptions = true,
      description = "Load an export into an empty table by batch writes (for servers without ImportTable).")
  static final class Load extends Base {
    @CommandLine.Mixin
    TableOptions table;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (table.table == null) {
        throw new ConfigurationException("--table is required");
      }
      SparkSession s = spark();
      Export e = Export.open(export, s.sparkContext().hadoopConfiguration());
      ExportLoader.Result r = ExportLoader.load(s, e, table.live());
      PrintWriter out = spec.commandLine().getOut();
      out.printf("loaded %,d items into %s%n", r.written(), table.table);
      printProblems(out, r.problems(), r.problems().size());
      out.flush();
      return r.problems().isEmpty() ? 0 : 1;
    }
  }

  @Command(name = "catch-up", mixinStandardHelpOptions = true,
      description = "Apply an incremental export of the old table (NEW_AND_OLD_IMAGES, over the re-key's window) to"
          + " the new table the re-keyed export was imported into, re-keyed, never over another writer's item.")
  static final class CatchUp extends Base {
    @CommandLine.Mixin
    MigrationOptions migration;

    @CommandLine.Mixin
    TableOptions table;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (table.table == null) {
        throw new ConfigurationException("--table (the new table) is required");
      }
      migration.check();
      SparkSession s = spark();
      ExportRekey.Result r = migration.toVersion != null
          ? ExportCatchUp.applyAtVersion(s, export, migration.to, migration.toVersion, !migration.drop, table.live())
          : ExportCatchUp.apply(s, export, migration.migration, migration.from, migration.to, !migration.drop,
              table.live());
      PrintWriter out = spec.commandLine().getOut();
      out.println("incremental export " + export + ": " + r.outcomes().values().stream().mapToLong(Long::longValue)
          .sum() + " changes");
      for (Map.Entry<String, Long> o : r.outcomes().entrySet()) {
        out.printf("  %-15s %,d%n", o.getKey(), o.getValue());
      }
      out.printf("written: %,d requests to %s%n", r.written(), table.table);
      out.println(r.work().describe("changes", System.currentTimeMillis() - started));
      printProblems(out, r.problems(), r.problems().size());
      out.println(r.ok() ? "OK" : "NOT OK: " + r.problems().size() + " problem(s)");
      out.flush();
      return r.ok() ? 0 : 1;
    }
  }

  @Command(name = "backfill-index", mixinStandardHelpOptions = true,
      description = "Write the keys of a record's new synthetic global index into the items of the live table the"
          + " export was taken of that lack them, as dynakeys backfill-index does: only the index's key attributes,"
          + " under the condition that the item is still there, still has no index key and still holds the exported"
          + " values the keys are computed from, so a newer write is never overwritten.")
  static final class BackfillIndex extends Base {
    @Option(names = "--schema", required = true, description = "the record's Keys class (com.acme.TaskKeys) or the record")
    String schema;

    @Option(names = "--index", required = true, description = "the index to backfill")
    String index;

    @CommandLine.Mixin
    TableOptions table;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (table.table == null) {
        throw new ConfigurationException("--table (the table the export was taken of) is required");
      }
      if (table.versionAttribute != null) {
        throw new ConfigurationException("--version-attribute: the backfill compares the attributes the index keys"
            + " are computed from, not a version");
      }
      SparkSession s = spark();
      Export e = Export.open(export, s.sparkContext().hadoopConfiguration());
      ExportRekey.Result r = ExportIndexBackfill.run(s, e, schema, index, table.live());
      PrintWriter out = spec.commandLine().getOut();
      out.println("export " + e.directory() + ": " + r.outcomes().values().stream().mapToLong(Long::longValue).sum()
          + " items");
      for (Map.Entry<String, Long> o : r.outcomes().entrySet()) {
        out.printf("  %-13s %,d%n", o.getKey(), o.getValue());
      }
      out.printf("written: the %s keys of %,d items in %s%n", index, r.written(), table.table);
      out.println(r.work().describe("items", System.currentTimeMillis() - started));
      printProblems(out, r.problems(), r.problems().size());
      out.println(r.ok() ? "OK" : "NOT OK: " + r.problems().size() + " problem(s)");
      out.flush();
      return r.ok() ? 0 : 1;
    }
  }

  /** The migration a re-key runs and a catch-up repeats, and the layouts it goes between. */
  static final class MigrationOptions {
    @Option(names = "--migration",
        description = "the io.dynakeys.operations.Migration class (for catch-up: the one the re-key used)")
    String migration;

    @Option(names = "--to-version", description = "re-key the items of the live older layout version of the record"
        + " --to names to its current version N, with no --migration (for catch-up: the version the re-key went to)")
    Integer toVersion;

    @Option(names = "--from", description = "the old layout's Keys class (default: the migration's first type argument)")
    String from;

    @Option(names = "--to", description = "the new layout's Keys class (default: its second)")
    String to;

    @Option(names = "--drop-unknown-attributes", description = "drop attributes the old record does not declare")
    boolean drop;

    /** Refuses a combination the job cannot run: --to-version with --to and alone, else --migration. */
    void check() {
      if (toVersion != null) {
        if (toVersion < 1) {
          throw new ConfigurationException("--to-version " + toVersion + ": a layout version is 1 or more");
        }
        if (migration != null || from != null || to == null) {
          throw new ConfigurationException("--to-version takes --to (the record's Keys class), and neither"
              + " --migration nor --from");
        }
      } else if (migration == null) {
        throw new ConfigurationException("--migration is required (or --to-version with --to)");
      }
    }
  }

  static final class TableOptions {
    @Option(names = "--table", description = "the live table")
    String table;

    @Option(names = "--endpoint", description = "the DynamoDB endpoint (default: AWS_ENDPOINT_URL_DYNAMODB, else the region's)")
    String endpoint;

    @Option(names = "--region", description = "the region (default: the SDK's chain)")
    String region;

    @Option(names = "--write-rate", defaultValue = "0", description = "items written per second by the whole job (0: no cap)")
    double writeRate;

    @Option(names = "--version-attribute", description = "an attribute every writer increases, compared instead of the whole item")
    String versionAttribute;

    LiveTable live() {
      return new LiveTable(table, endpoint, region, writeRate, versionAttribute);
    }
  }
}
