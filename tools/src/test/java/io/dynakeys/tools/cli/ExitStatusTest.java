package io.dynakeys.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Main;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.Fragile;
import io.dynakeys.tools.fixtures.FragileKeys;
import io.dynakeys.tools.fixtures.RunKeys;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The exit statuses of the command line, through {@link Main#run}: 2 only when the command is
 * wrong (a {@link ConfigurationException}, a usage error, a table that does not exist), 3 for
 * every failure of the run, exceptions and errors alike, with the resume hint.
 */
@ExtendWith(DynaliteExtension.class)
class ExitStatusTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private String table;

  ExitStatusTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "exit-" + UUID.randomUUID();
    RunKeys.createTable(endpoint.enhancedClient(), table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  /** {@link Main#run} with the endpoint of the test's dynalite. */
  private int run(String... args) {
    if (endpoint.isDynalite()) {
      System.setProperty("aws.accessKeyId", "dummy");
      System.setProperty("aws.secretAccessKey", "dummy");
    }
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.get(0).equals("report")) {
      all.add(1, "--endpoint");
      all.add(2, endpoint.endpoint().toString());
    }
    return Main.run(all.toArray(String[]::new));
  }

  @Test
  void theCommandIsWrong(@TempDir Path dir) throws Exception {
    String run = RunKeys.class.getName();
    assertEquals(2, run("verify", "--table", table, "--schema", "com.acme.NoSuchKeys", "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", String.class.getName(), "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--segment-range", "4:2", "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--segment-range", "0-4", "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--segments", "0", "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--read-rate", "fast", "--no-progress"));
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--nonsense"));
    assertEquals(2, run("verify", "--table", "no-such-table-" + UUID.randomUUID(), "--schema", run, "--no-progress"));
    assertEquals(2, run("browse", "--table", table, "--schema", run, "--partition", "a", "b"));
    assertEquals(2, run("browse", "--table", table, "--schema", run, "--partition", "a", "--sk-prefix", "9",
        "--sk-from", "1"));
    assertEquals(2, run("browse", "--table", table, "--schema", run, "--partition", "a", "--sk-from", "9",
        "--sk-to", "1"));
    assertEquals(2, run("report", dir.resolve("missing.json").toString()));
    Path notCheckpoint = dir.resolve("notes.json");
    Files.writeString(notCheckpoint, "{\"a\": 1}");
    assertEquals(2, run("verify", "--table", table, "--schema", run, "--checkpoint", notCheckpoint.toString(),
        "--no-progress"));
    assertEquals("{\"a\": 1}", Files.readString(notCheckpoint), "a file that is no checkpoint is left alone");
  }

  @Test
  void theRunFailsInItsMiddle(@TempDir Path dir) {
    client.putItem(r -> r.tableName(table).item(FragileKeys.tableSchema().itemToMap(new Fragile("b1", "s1", "ok"),
        true)));
    // An Error (here an assertion in the user's record) while a segment reads its page.
    var boom = new java.util.HashMap<>(FragileKeys.tableSchema().itemToMap(new Fragile("b1", "s2", "ok"), true));
    boom.put("note", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("boom"));
    client.putItem(r -> r.tableName(table).item(boom));
    Tables.Result failed = Tables.cli(endpoint, "verify", "--table", table, "--schema", FragileKeys.class.getName(),
        "--no-progress", "--checkpoint", dir.resolve("v.json").toString());
    assertEquals(3, failed.exit(), failed.out() + failed.err());
    assertTrue(failed.err().contains("failed: AssertionError: a Fragile with the note boom"), failed.err());
    assertTrue(failed.err().contains("(run the same command again to resume from the checkpoint "
        + dir.resolve("v.json") + ")"), failed.err());
    Tables.Result noCheckpoint = Tables.cli(endpoint, "verify", "--table", table, "--schema",
        FragileKeys.class.getName(), "--no-progress");
    assertEquals(3, noCheckpoint.exit(), noCheckpoint.out() + noCheckpoint.err());
    assertFalse(noCheckpoint.err().contains("resume"), "nothing resumes without a checkpoint: " + noCheckpoint.err());
  }

  @Test
  void anOptionValueThatIsRefusedNamesItsOption() {
    String run = RunKeys.class.getName();
    Tables.Result rate = Tables.cli(endpoint, "verify", "--table", table, "--schema", run, "--read-rate", "fast",
        "--no-progress");
    assertEquals(2, rate.exit(), rate.err());
    assertTrue(rate.err().contains("dynakeys verify: --read-rate: not a rate: \"fast\""), rate.err());
    Tables.Result segments = Tables.cli(endpoint, "verify", "--table", table, "--schema", run, "--segments", "0",
        "--no-progress");
    assertTrue(segments.err().contains("dynakeys verify: --segments: segments must be from 1 to 1000000, not 0"),
        segments.err());
    Tables.Result range = Tables.cli(endpoint, "verify", "--table", table, "--schema", run, "--segment-range", "4:2",
        "--no-progress");
    assertTrue(range.err().contains("dynakeys verify: --segment-range: "), range.err());
    Tables.Result pages = Tables.cli(endpoint, "verify", "--table", table, "--schema", run, "--page-size", "0",
        "--no-progress");
    assertTrue(pages.err().contains("dynakeys verify: --page-size: the page size must be at least 1"), pages.err());
    Tables.Result writers = Tables.cli(endpoint, "migrate", "--table", table, "--migration",
        io.dynakeys.tools.fixtures.RunV1ToRun.class.getName(), "--writers", "0", "--no-progress");
    assertEquals(2, writers.exit(), writers.err());
    assertTrue(writers.err().contains("dynakeys migrate: --writers: must be at least 1, not 0"), writers.err());
    for (String option : List.of("--threads", "--page-size")) {
      Tables.Result move = Tables.cli(endpoint, "move", "--table", table, "--schema",
          io.dynakeys.tools.fixtures.EntryKeys.class.getName(), "--partition", "a91", "--from", "root/a/", "--to",
          "root/b/", "--dry-run", option, "0", "--no-progress");
      assertEquals(2, move.exit(), move.err());
      assertTrue(move.err().contains("dynakeys move: " + option + ": "), move.err());
    }
  }

  @Test
  void anUnreachableEndpointIsAConfigurationErrorThatNamesTheEndpoint() throws Exception {
    int port;
    // A port that was just free: nothing listens there, so every connection is refused.
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String unreachable = "http://127.0.0.1:" + port;
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
    StringWriter err = new StringWriter();
    CommandLine cl = DynakeysCommand.commandLine();
    cl.setErr(new PrintWriter(err, true));
    cl.setOut(new PrintWriter(new StringWriter(), true));
    long start = System.nanoTime();
    int exit = cl.execute("verify", "--endpoint", unreachable, "--region", "us-east-1", "--table", table,
        "--schema", RunKeys.class.getName(), "--no-progress", "--checkpoint", "unused.json");
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(2, exit, err.toString());
    // A refused connection is known at once: the check does not wait out its 10 s, and says why.
    assertTrue(seconds < 9, "took " + seconds + " s: " + err);
    assertTrue(err.toString().contains("Connection refused"), err.toString());
    assertTrue(err.toString().startsWith("dynakeys verify: cannot reach DynamoDB at " + unreachable + " within 10 s: "),
        err.toString());
    assertFalse(err.toString().contains("resume"), "nothing ran, so nothing resumes: " + err);
    assertFalse(Files.exists(Path.of("unused.json")), "no checkpoint is written before the endpoint answers");
  }

  /** A command that throws what it is given, run by the tools' command line. */
  @CommandLine.Command(name = "throwing")
  static final class Throwing implements Callable<Integer> {
    private final Throwable thrown;

    Throwing(Throwable thrown) {
      this.thrown = thrown;
    }

    @Override
    public Integer call() throws Exception {
      if (thrown instanceof Exception e) {
        throw e;
      }
      throw (Error) thrown;
    }
  }

  private static int status(Throwable thrown, StringWriter err) {
    CommandLine cl = DynakeysCommand.commandLine();
    cl.addSubcommand("throwing", new Throwing(thrown));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute("throwing");
  }

  @Test
  void onlyAConfigurationExceptionIsAConfigurationError() {
    StringWriter err = new StringWriter();
    assertEquals(3, status(new IllegalStateException(new OutOfMemoryError("heap")), err));
    assertTrue(err.toString().contains("failed: IllegalStateException: java.lang.OutOfMemoryError: heap"), err.toString());
    assertEquals(3, status(new IllegalArgumentException("a bug"), new StringWriter()));
    assertEquals(3, status(new StackOverflowError(), new StringWriter()));
    assertEquals(3, status(new java.util.concurrent.ExecutionException(new IllegalStateException("x")),
        new StringWriter()));
    StringWriter config = new StringWriter();
    assertEquals(2, status(new ConfigurationException("give --table"), config));
    assertEquals("dynakeys throwing: give --table", config.toString().trim());
    assertEquals(2, status(new java.util.concurrent.ExecutionException(new ConfigurationException("wrong")),
        new StringWriter()));
  }
}
