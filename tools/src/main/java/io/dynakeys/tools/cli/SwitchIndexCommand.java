package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.index.IndexSwitch;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakeys switch-index}: from a synthetic index to a native one over the same components. */
@Command(name = "switch-index", mixinStandardHelpOptions = true,
    description = {"Switch a live table from a synthetic index (computed key attributes) to a native index over the"
        + " same components (@SecondaryIndex(nativeKey = true)) without rewriting it: verify every item's native"
        + " key attributes (present, of the index's type, not empty, within the key limits), create the native"
        + " index with UpdateTable when the table lacks it, and wait until DynamoDB has built it (ACTIVE). No item"
        + " is written.",
        "With --drop (and --checkpoint), then drop the synthetic index and remove its key attributes from every"
            + " item, one conditional UpdateItem per item (an item changed since it was read is left alone),"
            + " resumable and capped by --write-rate. Refused while items of other entities hold the synthetic"
            + " attributes (another record's index of that name in the table); only items of --schema are written."
            + " The report counts the requests and item writes of each step.",
        "Exit status 0 when done, 1 when items are in the way, of other entities on the synthetic index, or"
            + " changed during the clean-up."})
public final class SwitchIndexCommand implements Callable<Integer> {
  private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");

  @Mixin
  Connection connection;

  @Mixin
  ScanOptions scan;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--schema", required = true, paramLabel = "CLASS",
      description = "The Keys class (or record) that declares the native index; with --drop, one that no longer"
          + " declares the synthetic index")
  String schema;

  @Option(names = "--index", required = true, paramLabel = "NAME", description = "The native index to switch to")
  String index;

  @Option(names = "--from", required = true, paramLabel = "NAME", description = "The synthetic index to switch from")
  String from;

  @Option(names = "--drop", description = "Also drop the synthetic index and remove its key attributes from the items")
  boolean drop;

  @Option(names = "--dry-run", description = "Verify and print the plan with its costs; change nothing")
  boolean dryRun;

  @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30m",
      description = "How long to wait for the index to become ACTIVE, or to be gone (90s, 30m, 2h); default ${DEFAULT-VALUE}")
  String timeout;

  @Option(names = "--poll", paramLabel = "DURATION", defaultValue = "5s",
      description = "How often to ask for the index's status; default ${DEFAULT-VALUE}")
  String poll;

  @Option(names = "--write-rate", paramLabel = "RATE",
      description = "Cap on the clean-up's writes per second: items (200) or write capacity units (100wcu)")
  String writeRate;

  @Option(names = "--json", description = "Print the report as JSON")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public SwitchIndexCommand() {}

  @Override
  public Integer call() throws Exception {
    EntitySchema entity = EntitySchema.load(schema, connection.loader());
    ScanSettings settings = scan.settings(writeRate);
    IndexSwitch.Options options = IndexSwitch.Options.defaults().scan(settings).drop(drop).dryRun(dryRun)
        .timeout(duration("--timeout", timeout)).poll(duration("--poll", poll));
    IndexSwitch.Report report;
    try (DynamoDbClient client = connection.client(settings.threads(), table)) {
      report = IndexSwitch.run(client, table, entity, index, from, options, settings.progress());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.toJson() : report.toText());
    out.flush();
    return report.ok() ? 0 : DynakeysCommand.FINDINGS;
  }

  /** {@code 90s}, {@code 30m}, {@code 2h}, {@code 500ms}; anything else names its option. */
  static Duration duration(String option, String text) {
    Matcher m = DURATION.matcher(text.trim());
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      throw new ConfigurationException(option + ": not a positive duration such as 90s, 30m or 2h: \"" + text + "\"");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }
}
