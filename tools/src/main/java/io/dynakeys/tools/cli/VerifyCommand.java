package io.dynakeys.tools.cli;

import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.verify.Verifier;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code dynakeys verify}: every item of a table against the key layouts. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Scan a table in parallel and check every item against the key layouts of its entities:"
        + " items of no entity, keys that do not parse, old widths (with the width found), shards outside"
        + " 0..N-1, stored keys that differ from the keys the components give, keys over DynamoDB's byte"
        + " limits, missing and wrong-typed attributes; and the table's keys and indexes against the layouts.",
        "Exit status 0 when nothing is wrong, 1 otherwise."})
public final class VerifyCommand implements Callable<Integer> {
  @Mixin
  Connection connection;

  @Mixin
  ScanOptions scan;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table")
  String table;

  @Option(names = "--schema", required = true, paramLabel = "CLASS",
      description = "A generated Keys class (com.acme.RunKeys) or its record, or an item collection's Keys class"
          + " or sealed interface (every member); repeat for every entity of the table")
  List<String> schemas;

  @Option(names = "--json", description = "Print the report as JSON")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Creates the command; picocli calls this. */
  public VerifyCommand() {}

  @Override
  public Integer call() throws Exception {
    List<EntitySchema> entities = Schemas.load(schemas, connection.loader());
    ScanSettings settings = scan.settings(null);
    VerifyReport report;
    try (DynamoDbClient client = connection.client(settings.threads(), table)) {
      report = Verifier.verify(client, table, entities, settings);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.toJson() + "\n" : report.toText());
    out.flush();
    return report.ok() ? 0 : DynakeysCommand.FINDINGS;
  }
}
