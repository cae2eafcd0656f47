package io.dynakeys.tools.cli;

import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.index.IndexBackfill;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakeys backfill-index}: writes a new synthetic index's keys into the items written before it. */
@Command(name = "backfill-index", mixinStandardHelpOptions = true,
    description = {"Write the keys of a record's new synthetic global index into the items written before the"
        + " record declared it (a layout version that adds an index and keeps the table's keys): a parallel scan"
        + " reads each item of the record without the index's partition key, and sets the index's key attributes"
        + " under the condition that the item is still there, still has no index key, and still holds the values"
        + " the keys are computed from, so a newer write is never overwritten. Resumable with --checkpoint.",
        "Create the index on the table first (its attributes are the record's index key attributes); until the"
        + " backfill is done, the index misses the older items.",
        "Exit status 0 when every item met was written or already keyed, 1 when some changed meanwhile (run"
        + " again with a new checkpoint)."})
public final class BackfillIndexCommand implements Callable<Integer> {
  @Mixin
  Connection connection;

  @Mixin
  ScanOptions scan;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--schema", required = true, paramLabel = "CLASS",
      description = "The record's generated Keys class (com.acme.RunKeys) or the record")
  String schema;

  @Option(names = "--index", required = true, paramLabel = "NAME", description = "The index to backfill")
  String index;

  @Option(names = "--write-rate", paramLabel = "RATE",
      description = "Cap on writes per second: items (200) or write capacity units (100wcu)")
  String writeRate;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public BackfillIndexCommand() {}

  @Override
  public Integer call() throws Exception {
    EntitySchema entity = EntitySchema.load(schema, connection.loader());
    ScanSettings settings = scan.settings(writeRate);
    IndexBackfill.Report report;
    try (DynamoDbClient client = connection.client(settings.threads(), table)) {
      report = IndexBackfill.backfill(client, table, entity, index, settings);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(entity.name() + " " + index + ": " + report.toText());
    out.flush();
    // Items a writer changed between the scan and the update were left as that writer wrote them:
    // a run with a new checkpoint writes their keys.
    return report.changed() > 0 ? DynakeysCommand.FINDINGS : 0;
  }
}
