package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.tools.browse.NativeIndexBrowser;
import io.dynakeys.tools.browse.PartitionBrowser;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakeys browse}: a partition in key order, keys decoded. */
@Command(name = "browse", mixinStandardHelpOptions = true,
    description = {"Print one partition in key order: the raw keys beside the decoded sort components, so keys of"
        + " different widths stand out. Items with findings are marked '!', components of keys that do not"
        + " parse are shown raw in [brackets]. A @Sharded record's shards are read and merged.",
        "--sk-prefix, or --sk-from and --sk-to, narrow it to a query stage on the raw sort key (each shard alike);"
            + " --descending reverses the order."})
public final class BrowseCommand implements Callable<Integer> {
  @Mixin
  Connection connection;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--schema", required = true, paramLabel = "CLASS",
      description = "The Keys class (or an item collection's Keys class or interface) whose partition components"
          + " --partition gives; repeat for the other entities the partition holds")
  List<String> schemas;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Partition partition;

  static final class Partition {
    @Option(names = "--partition", arity = "1..*", paramLabel = "VALUE",
        description = "The partition components of the first --schema, in declaration order (2026-SPRING)")
    List<String> values;

    @Option(names = "--pk", paramLabel = "KEY", description = "A raw partition key (SEASON#2026-SPRING)")
    String raw;
  }

  @Option(names = "--index", paramLabel = "NAME",
      description = "Read a native index of the first --schema (@SecondaryIndex(nativeKey = true)): --partition"
          + " gives its partition attributes' values (a number in decimal, binary in base64), and --sk-prefix,"
          + " --sk-from and --sk-to narrow its first sort attribute")
  String index;

  @Option(names = "--sk-prefix", paramLabel = "RAW",
      description = "Only sort keys that begin with RAW (begins_with), e.g. 'ORDER#'")
  String skPrefix;

  @Option(names = "--sk-from", paramLabel = "RAW",
      description = "Only sort keys from RAW on (included; with --sk-to, BETWEEN)")
  String skFrom;

  @Option(names = "--sk-to", paramLabel = "RAW", description = "Only sort keys up to RAW (included)")
  String skTo;

  @Option(names = "--descending", description = "In descending sort key order (ScanIndexForward false)")
  boolean descending;

  @Option(names = "--limit", paramLabel = "N", defaultValue = "1000",
      description = "Rows at most (0 for all); default ${DEFAULT-VALUE}")
  int limit;

  @Option(names = "--html", paramLabel = "FILE",
      description = "Also write the partition as one self-contained HTML page")
  Path html;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public BrowseCommand() {}

  @Override
  public Integer call() throws Exception {
    List<EntitySchema> entities = Schemas.load(schemas, connection.loader());
    if (index != null && partition.raw != null) {
      throw new ConfigurationException("--pk is a raw table partition key; a native index's partition is given"
          + " by --partition, one value per attribute");
    }
    List<String> keys = partition.raw != null ? List.of(partition.raw)
        : index != null ? List.of() : entities.get(0).partitionKeysOf(partition.values);
    if (limit < 0) {
      throw new ConfigurationException("--limit must be 0 (all) or more, not " + limit);
    }
    PartitionBrowser.BrowseResult result;
    try (DynamoDbClient client = connection.client(1, table)) {
      // Refused, with the reason, when the options are not one key condition.
      result = index != null
          ? NativeIndexBrowser.browse(client, table, entities, index, partition.values,
              new NativeIndexBrowser.Range(skPrefix, skFrom, skTo, descending), limit)
          : PartitionBrowser.browse(client, table, entities, keys,
              new PartitionBrowser.SortRange(skPrefix, skFrom, skTo, descending), limit);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(result.toText());
    if (html != null) {
      Files.writeString(html, result.toHtml(), StandardCharsets.UTF_8);
      out.println("wrote " + html);
    }
    out.flush();
    return 0;
  }
}
