package io.dynakeys.tools.cli;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.move.SubtreeMove;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakeys move}: moves a subtree of a hierarchy. */
@Command(name = "move", mixinStandardHelpOptions = true,
    description = {"Move a subtree of a record with a @PathSegment TreePath (--from root/photos/ --to"
        + " root/archive/photos/): every entry is copied to its new path, then deleted if unchanged. Refused when"
        + " the target exists or lies inside the source. Needs --checkpoint, from which a stopped move resumes.",
        "Exit status 0 when every entry moved and checks clean, 1 otherwise."})
public final class MoveCommand implements Callable<Integer> {
  @Mixin
  Connection connection;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--schema", required = true, paramLabel = "CLASS", description = "The Keys class of the record")
  String schema;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Partition partition;

  static final class Partition {
    @Option(names = "--partition", arity = "1..*", paramLabel = "VALUE",
        description = "The partition components, in declaration order")
    List<String> values;

    @Option(names = "--pk", paramLabel = "KEY", description = "A raw partition key")
    String raw;
  }

  @Option(names = "--from", required = true, paramLabel = "PATH",
      description = "The folder to move, with its trailing delimiter (root/photos/), or a file")
  String from;

  @Option(names = "--to", required = true, paramLabel = "PATH", description = "Its new path (root/archive/photos/)")
  String to;

  @Option(names = "--component", paramLabel = "NAME", description = "The path component (default: the only one)")
  String component;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "8",
      description = "Entries written at once; default ${DEFAULT-VALUE}")
  int threads;

  @Option(names = "--page-size", paramLabel = "N", defaultValue = "200",
      description = "Entries per query page; default ${DEFAULT-VALUE}")
  int pageSize;

  @Option(names = "--write-rate", paramLabel = "RATE", description = "Cap on writes per second: items or wcu")
  String writeRate;

  @Option(names = "--checkpoint", paramLabel = "FILE",
      description = "Save progress to FILE, resume from it; required unless --dry-run (a move stopped halfway"
          + " without one could neither resume nor start again)")
  Path checkpoint;

  @Option(names = "--version-attribute", paramLabel = "NAME",
      description = "An attribute every writer increases on every write: delete an entry only if it is as read"
          + " (default: only if every attribute is). Needed for entries too wide for an exact condition")
  String versionAttribute;

  @Option(names = "--no-transactions",
      description = "Move in two phases (copy every entry, then delete the sources) even where the server runs"
          + " transactions (by default each entry's copy and delete are one transaction there)")
  boolean noTransactions;

  @Option(names = "--dry-run", description = "Print what would move; write nothing")
  boolean dryRun;

  @Option(names = "--samples", paramLabel = "K", defaultValue = "10", description = "Entries shown per outcome")
  int samples;

  @Option(names = "--no-progress", description = "Print no progress line")
  boolean noProgress;

  @Option(names = "--json", description = "Print the report as JSON")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public MoveCommand() {}

  @Override
  public Integer call() throws Exception {
    if (checkpoint == null && !dryRun) {
      throw new CommandLine.ParameterException(spec.commandLine(), "a move needs --checkpoint FILE (or --dry-run):"
          + " a move stopped halfway without one could neither resume nor start again");
    }
    EntitySchema entity = EntitySchema.load(schema, connection.loader());
    EntityLayout.Segment path = EntityModel.of(entity.keysClass()).pathSegment(component);
    if (path == null) {
      throw new ConfigurationException(entity.name() + " has no @PathSegment sort component"
          + (component == null ? "" : " named " + component));
    }
    TreePath source = EntityModel.parsePath(from, path.pathDelimiter());
    TreePath target = EntityModel.parsePath(to, path.pathDelimiter());
    if (source.equals(target) || source.isAncestorOf(target)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "the target " + to + " lies inside the source "
          + from);
    }
    List<String> keys = partition.raw != null ? List.of(partition.raw) : entity.partitionKeysOf(partition.values);
    ScanSettings settings = SubtreeMove.Options.defaults().settings();
    settings = checked("--threads", settings::threads, threads);
    settings = checked("--page-size", settings::pageSize, pageSize);
    if (samples < 0) {
      throw new ConfigurationException("--samples: must be 0 or more, not " + samples);
    }
    settings = settings.samples(samples).checkpoint(checkpoint).progress(noProgress ? null : System.err);
    if (writeRate != null) {
      try {
        settings = settings.writeRate(Rate.parse(writeRate));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("--write-rate: " + e.getMessage(), e);
      }
    }
    SubtreeMove.Options options = SubtreeMove.Options.defaults().settings(settings).component(path.component())
        .dryRun(dryRun).versionAttribute(versionAttribute).transactions(!noTransactions);
    MigrationReport report;
    try (DynamoDbClient client = connection.client(threads, table)) {
      report = SubtreeMove.move(client, table, entity, keys, source, target, options);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.toJson() + "\n" : report.toText());
    out.flush();
    return report.ok() ? 0 : DynakeysCommand.FINDINGS;
  }

  /** {@code set} applied to {@code value}; a value it refuses is an error that names {@code option}. */
  private static ScanSettings checked(String option, java.util.function.IntFunction<ScanSettings> set, int value) {
    try {
      return set.apply(value);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(option + ": " + e.getMessage(), e);
    }
  }
}
