package io.dynakeys.tools.core;

import io.dynakeys.operations.internal.format.JsonTrees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checkpoint files: a save round-trips and leaves no temporary file; an empty or cut file (a power
 * loss before the save reached the disk) is refused with a {@link ConfigurationException} that
 * says what to do, a stale temporary file beside a good checkpoint is harmless; a finished
 * verify's checkpoint is not passed off as a new verify.
 */
@ExtendWith(DynaliteExtension.class)
class CheckpointTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private String table;

  CheckpointTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "checkpoint-" + UUID.randomUUID();
    RunKeys.createTable(endpoint.enhancedClient(), table);
    for (int i = 0; i < 30; i++) {
      Run run = new Run("2026-S" + (i % 3), 100 * i, 1_719_000_000L + i, "p_" + i, "n" + i, 1);
      client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(run, true)));
    }
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  @Test
  void aSaveRoundTripsAndLeavesNoTemporaryFile(@TempDir Path dir) {
    Path file = dir.resolve("sub").resolve("cp.json");
    Checkpoint cp = Checkpoint.open(file, "verify", "t", "job", 4);
    cp.update(1, new Checkpoint.SegmentState(true, 7, null, Map.of("items", 12L)));
    cp.update(3, new Checkpoint.SegmentState(false, 2, Map.of("pk", AttributeValue.fromS("SEASON#é"),
        "sk", AttributeValue.fromS("0001")), List.of("a", 1L)));
    cp.putExtra("phase", "copy");
    assertFalse(Files.exists(Checkpoint.temp(file)));
    Checkpoint again = Checkpoint.open(file, "verify", "t", "job", 4);
    assertEquals(new Checkpoint.SegmentState(true, 7, null, Map.of("items", 12L)), again.segment(1));
    assertEquals(Map.of("pk", AttributeValue.fromS("SEASON#é"), "sk", AttributeValue.fromS("0001")),
        again.segment(3).lastEvaluatedKey());
    assertEquals(List.of("a", 1L), again.segment(3).state());
    assertEquals("copy", again.extra("phase"));
    assertTrue(again.finished(1, 2));
    assertFalse(again.finished(0, 4));
  }

  /** A file with a checkpoint's header and values of other shapes is refused, never a crash of the run. */
  @Test
  void aCheckpointOfOtherShapesIsRefusedAsNoCheckpoint(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("odd.json");
    Files.writeString(file, "{\"dynakeys\": \"checkpoint\", \"format\": 1, \"command\": \"verify\", \"table\": \"t\","
        + " \"job\": \"job\", \"totalSegments\": 2, \"segments\": {\"0\": [1, 2]}, \"extra\": {\"samples\": \"ten\"}}");
    ConfigurationException open = assertThrows(ConfigurationException.class,
        () -> Checkpoint.open(file, "verify", "t", "job", 2));
    assertTrue(open.getMessage().contains("is not a dynakeys checkpoint"), open::getMessage);
    ConfigurationException report = assertThrows(ConfigurationException.class,
        () -> io.dynakeys.tools.verify.VerifyCheckpoints.combine(List.of(file)));
    assertTrue(report.getMessage().contains("not all dynakeys checkpoints of a verify run"), report::getMessage);
  }

  /** A move's positions are the scan's position type: a page being worked on, its successor, done. */
  @Test
  void namedPositionsRoundTripWithTheirPendingPage(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("move.json");
    Checkpoint cp = Checkpoint.open(file, "move", "t", "job", 1);
    assertEquals(Checkpoint.Position.START, cp.position("delete 0"));
    List<Map<String, AttributeValue>> page = List.of(
        Map.of("pk", AttributeValue.fromS("DRIVE#a"), "sk", AttributeValue.fromS("root/é/")),
        Map.of("pk", AttributeValue.fromS("DRIVE#a"), "sk", AttributeValue.fromS("root/x")));
    Map<String, AttributeValue> next = Map.of("pk", AttributeValue.fromS("DRIVE#a"), "sk", AttributeValue.fromS("z"));
    Checkpoint.Position working = Checkpoint.Position.after(3, null).working(page, next);
    cp.update("delete 0", working, Map.of("tally", Map.of("MIGRATED", 5L)));
    cp.update("copy 0", Checkpoint.Position.after(9, null), Map.of());
    Checkpoint again = Checkpoint.open(file, "move", "t", "job", 1);
    assertTrue(again.resumed());
    assertEquals(working, again.position("delete 0"));
    assertFalse(again.position("delete 0").done());
    assertEquals(3, again.position("delete 0").pages());
    assertEquals(page, again.position("delete 0").pending());
    assertEquals(next, again.position("delete 0").next());
    assertEquals(new Checkpoint.Position(true, 9, null, List.of()), again.position("copy 0"));
    assertEquals(Map.of("MIGRATED", 5L), again.extra("tally"));
    // The positions are typed in the file, not free-form values of the job's own.
    Map<String, Object> json = Checkpoint.read(file);
    assertEquals(Map.of("tally", Map.of("MIGRATED", 5L)), json.get("extra"));
    assertEquals(Set.of("copy 0", "delete 0"), ((Map<?, ?>) json.get("positions")).keySet());
  }

  @Test
  void anEmptyOrCutCheckpointIsRefusedWithWhatToDo(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cp.json");
    Files.writeString(file, "");
    ConfigurationException empty = assertThrows(ConfigurationException.class,
        () -> Checkpoint.open(file, "verify", "t", "job", 4));
    assertTrue(empty.getMessage().contains("is empty") && empty.getMessage().contains("delete it"), empty.getMessage());

    // The file a save was writing when the power went: named in the message.
    Files.writeString(Checkpoint.temp(file), "{\"dynakeys\": \"checkpoint\", \"segm");
    ConfigurationException withTemp = assertThrows(ConfigurationException.class,
        () -> Checkpoint.open(file, "verify", "t", "job", 4));
    assertTrue(withTemp.getMessage().contains(Checkpoint.temp(file) + " is a save that did not complete"),
        withTemp.getMessage());

    Files.writeString(file, "{\"dynakeys\": \"checkpoint\", \"command\": \"verify\", \"segm");
    ConfigurationException cut = assertThrows(ConfigurationException.class,
        () -> Checkpoint.open(file, "verify", "t", "job", 4));
    assertTrue(cut.getMessage().contains("is not a dynakeys checkpoint"), cut.getMessage());

    Tables.Result cli = Tables.cli(endpoint, "verify", "--table", table, "--schema", RunKeys.class.getName(),
        "--checkpoint", file.toString(), "--no-progress");
    assertEquals(2, cli.exit(), cli.err());
    assertTrue(cli.err().contains("is not a dynakeys checkpoint"), cli.err());

    // A good checkpoint beside a stale temporary file: resumed, and the next save replaces both.
    Checkpoint good = Checkpoint.open(dir.resolve("good.json"), "verify", "t", "job", 4);
    good.update(0, new Checkpoint.SegmentState(false, 1, Map.of("pk", AttributeValue.fromS("x")), null));
    good.save();
    Files.writeString(Checkpoint.temp(dir.resolve("good.json")), "{\"dynakeys\"");
    Checkpoint resumed = Checkpoint.open(dir.resolve("good.json"), "verify", "t", "job", 4);
    assertEquals(1, resumed.segment(0).pages());
    resumed.save();
    assertFalse(Files.exists(Checkpoint.temp(dir.resolve("good.json"))));
    assertEquals(1, Checkpoint.open(dir.resolve("good.json"), "verify", "t", "job", 4).segment(0).pages());
  }

  @Test
  void aFinishedVerifyIsNotReusedForANewOne(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("verify.json");
    String[] verify = {"verify", "--table", table, "--schema", RunKeys.class.getName(), "--segments", "2",
        "--checkpoint", file.toString(), "--no-progress", "--json"};
    Tables.Result first = Tables.cli(endpoint, verify);
    assertEquals(0, first.exit(), first.err());
    assertEquals(30L, ((Map<?, ?>) JsonTrees.parse(first.out())).get("items"));

    // The table changes (an old-width item appears); the checkpoint still says "clean".
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(
        new RunV1("2026-S0", 1500, 1_719_100_800L, "p_old", "Ada", 1), true)));
    Tables.Result again = Tables.cli(endpoint, verify);
    assertEquals(2, again.exit(), again.out() + again.err());
    assertEquals("", again.out());
    assertTrue(again.err().contains("is of a finished verify") && again.err().contains("dynakeys report " + file)
        && again.err().contains("delete it"), again.err());

    // Its results are still there, through report.
    Tables.Result report = Tables.cli(endpoint, "report", file.toString(), "--json");
    assertEquals(0, report.exit(), report.err());
    assertEquals(30L, ((Map<?, ?>) JsonTrees.parse(report.out())).get("items"));

    // Deleted, the verify runs anew and sees the table as it is now.
    Files.delete(file);
    Tables.Result fresh = Tables.cli(endpoint, verify);
    assertEquals(1, fresh.exit(), fresh.err());
    assertEquals(31L, ((Map<?, ?>) JsonTrees.parse(fresh.out())).get("items"));
    assertTrue(new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains("\"done\": true"));
  }

  @Test
  void jsonIsWrittenInPrintableAsciiAndReadBackExactly() {
    String text = "caf\u00e9 \ud83d\ude00 \u2028 tab\t \u007f";
    String written = JsonTrees.write(Map.of("key", text));
    assertTrue(written.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7f)), written);
    assertTrue(written.contains("caf\\u00e9 \\ud83d\\ude00 \\u2028 tab\\t \\u007f"), written);
    assertEquals(Map.of("key", text), JsonTrees.parse(written));
  }
}
