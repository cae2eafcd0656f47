package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.Migration;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.migrate.Migrator;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code dynakeys migrate}: re-keys a table from an old layout to a new one, or a record's items from
 * its live older layout version to its current one ({@code --to-version}).
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
    description = {"Re-key every item of an old layout to a new one: a parallel scan reads each old item (strictly,"
        + " with the old Keys class), maps it with the --migration, puts the new item (unless another item holds"
        + " its key) and deletes the old one under the condition that it is unchanged. Resumable with"
        + " --checkpoint; a rerun of a finished migration does nothing. Ends with a verify of the new layout.",
        "With --to-version N and --to the record's Keys class (@LayoutVersion(value = N, live = M)), the items of"
        + " version M are re-keyed to version N as the record's own reads and writes see them: no --migration"
        + " (the record's LayoutMigration, if it names one, is used), and an item the application wrote under the"
        + " current key meanwhile is kept (--on-conflict keep-new by default).",
        "Exit status 0 when every item is in the new layout and the verify is clean, 1 otherwise."})
public final class MigrateCommand implements Callable<Integer> {
  @Mixin
  Connection connection;

  @Mixin
  ScanOptions scan;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--migration", paramLabel = "CLASS",
      description = "A class implementing io.dynakeys.operations.Migration<OLD, NEW> with a no-argument constructor"
          + " (not with --to-version)")
  String migration;

  @Option(names = "--to-version", paramLabel = "N",
      description = "Re-key the items of the live older layout version of the record --to names to its current"
          + " version N")
  Integer toVersion;

  @Option(names = "--from", paramLabel = "CLASS",
      description = "The old layout's Keys class (default: from the migration's OLD type argument)")
  String from;

  @Option(names = "--to", paramLabel = "CLASS",
      description = "The new layout's Keys class (default: from the migration's NEW type argument)")
  String to;

  @Option(names = "--schema", paramLabel = "CLASS",
      description = "The table's other entities, for the final verify; repeatable")
  List<String> others;

  @Option(names = "--write-rate", paramLabel = "RATE",
      description = "Cap on writes per second: items (200) or write capacity units (100wcu)")
  String writeRate;

  @Option(names = "--writers", paramLabel = "N", defaultValue = "16",
      description = "Items migrated at once, over all segments (a parallel scan splits by partition key, so a"
          + " few large partitions make a few busy segments); default ${DEFAULT-VALUE}")
  int writers;

  @Option(names = "--dry-run", description = "Scan and print what would change; write nothing")
  boolean dryRun;

  @Option(names = "--version-attribute", paramLabel = "NAME",
      description = "An attribute every writer increases on every write: delete an old item only if it is as read"
          + " (default: only if every attribute is). Needed for items too wide for an exact condition")
  String versionAttribute;

  @Option(names = "--on-conflict", paramLabel = "POLICY",
      description = "When another item holds the new key: skip (leave both, fail) or keep-new (keep it, delete the"
          + " old item; for writers that already write the new layout; with --version-attribute only when its"
          + " version is not older, and every kept item is listed in the report); default skip, keep-new with"
          + " --to-version")
  String onConflict;

  @Option(names = "--no-transactions",
      description = "Copy and delete each item in two requests even where the server runs transactions (by default"
          + " each item's copy and delete are one transaction there, so no reader sees both)")
  boolean noTransactions;

  @Option(names = "--drop-unknown-attributes",
      description = "Do not carry over attributes the old record does not declare")
  boolean dropUnknown;

  @Option(names = "--no-verify", description = "Do not verify the table afterwards")
  boolean noVerify;

  @Option(names = "--json", description = "Print the report as JSON")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public MigrateCommand() {}

  @Override
  public Integer call() throws Exception {
    ClassLoader loader = connection.loader();
    if (toVersion != null && (migration != null || from != null || to == null)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--to-version takes --to (the record's Keys"
          + " class), and neither --migration nor --from: the record's keys class holds both versions");
    }
    if (toVersion == null && migration == null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give --migration (a re-key from one Keys class"
          + " to another) or --to-version with --to (a record's live older layout version to its current one)");
    }
    Migration<Object, Object> fn = toVersion != null ? null : Migrator.load(migration, loader);
    Class<?>[] types = toVersion != null || from != null && to != null ? null : Migrator.recordTypes(fn.getClass());
    EntitySchema old = toVersion != null ? null : from != null ? EntitySchema.load(from, loader) : EntitySchema.of(types[0]);
    EntitySchema next = to != null ? EntitySchema.load(to, loader) : EntitySchema.of(types[1]);
    String conflicts = onConflict != null ? onConflict : toVersion != null ? "keep-new" : "skip";
    Migrator.OnConflict policy = switch (conflicts) {
      case "skip" -> Migrator.OnConflict.SKIP;
      case "keep-new" -> Migrator.OnConflict.KEEP_NEW;
      default -> throw new CommandLine.ParameterException(spec.commandLine(),
          "--on-conflict is skip or keep-new, not " + onConflict);
    };
    if (writers < 1) {
      throw new ConfigurationException("--writers: must be at least 1, not " + writers);
    }
    ScanSettings settings = scan.settings(writeRate);
    Migrator.Options options = Migrator.Options.defaults().scan(settings).dryRun(dryRun)
        .versionAttribute(versionAttribute).onConflict(policy).keepUnknownAttributes(!dropUnknown)
        .verifyAfter(!noVerify).otherSchemas(Schemas.load(others, loader)).writers(writers)
        .transactions(!noTransactions);
    MigrationReport report;
    try (DynamoDbClient client = connection.client(settings.threads() + writers, table)) {
      report = toVersion != null ? Migrator.migrateToVersion(client, table, next, toVersion, options)
          : Migrator.migrate(client, table, old, next, fn, options);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.toJson() + "\n" : report.toText());
    out.flush();
    return report.ok() ? 0 : DynakeysCommand.FINDINGS;
  }
}
