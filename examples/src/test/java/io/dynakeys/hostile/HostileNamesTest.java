package io.dynakeys.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.TestTables;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The hostile-names fixture, compiled by the real processor: every generated class compiles (or
 * this test would not), and encodes, parses, queries and stores what its record says, against a
 * real server. A wrong name resolution (a parameter shadowing a codec, a stage method resolving to
 * an inherited one, an index constant shadowing a component's codec) shows up as a wrong key here.
 */
@ExtendWith(DynaliteExtension.class)
class HostileNamesTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;

  HostileNamesTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  private static final Scores SCORES = new Scores("p1", 12, 345, 6, "q", "pre", "bw", "eq", "ix");

  @Test
  void componentsNamedLikeCodecConstantsAndStageMembersEncodeEachTheirOwnValue() {
    assertEquals("S#p1", ScoresKeys.partitionKey(SCORES));
    assertEquals("0012#0345#006#q#pre#bw#eq", ScoresKeys.sortKey(SCORES));
    assertEquals(new ScoresKeys.SortParts(12, 345, 6, "q", "pre", "bw", "eq"),
        ScoresKeys.parseSortKey("0012#0345#006#q#pre#bw#eq"));
    assertEquals("0012#0345", ScoresKeys.ByIndexName.sortKey(SCORES));
    assertEquals("ix", ScoresKeys.ByIndexName.parsePartitionKey(ScoresKeys.ByIndexName.partitionKey(SCORES)).indexName());
    assertEquals("byIndexName", ScoresKeys.ByIndexName.INDEX_NAME);
    // Each constant checks its own domain: SCORE and score are 4 digits, 分数 is 3.
    KeyFormatException e = assertThrows(KeyFormatException.class,
        () -> ScoresKeys.sortKey(12, 345, 1000, "q", "pre", "bw", "eq"));
    assertEquals("分数", e.component());
  }

  @Test
  void stageMethodsNamedLikeTheOldInheritedOnesNarrowTheQuery() {
    KeyQuery query = KeyQuery.of(ScoresKeys.query("p1").SCORE(12).score(345).分数(6).query("q").prefix("pre")
        .beginsWith("bw").equalTo("eq"));
    assertEquals(KeyQuery.Operator.EQUAL, query.operator());
    assertEquals("0012#0345#006#q#pre#bw#eq", query.lowerOperand());
    KeyQuery range = KeyQuery.of(ScoresKeys.query("p1").SCORE(12).score().between(300, 400));
    assertEquals("0012#0300#", range.lowerOperand());
    assertEquals("0012#0400$", range.upperOperand());
    assertEquals("0012#0345#006#q#pre#", KeyQuery.of(ScoresKeys.query("p1").SCORE(12).score(345).分数(6).query("q")
        .prefix("pre")).lowerOperand());
  }

  @Test
  void parametersNamedLikeTypesAndLocalsAreRenamedWithoutChangingTheKeys() {
    Shadows s = new Shadows("u", "k", "i", "it", "rd", "va", "ix", "pk", "st", "tk", "tq", "ts", "tc");
    assertEquals("SH#u#k#i", ShadowsKeys.partitionKey(s));
    assertEquals("SH#u#k#i", ShadowsKeys.partitionKey("u", "k", "i"));
    assertEquals("it#rd#va#ix#pk#st#tk#tq", ShadowsKeys.sortKey(s));
    assertEquals(new ShadowsKeys.PartitionParts("u", "k", "i"), ShadowsKeys.parsePartitionKey("SH#u#k#i"));
    assertEquals("it#rd#va#ix#pk#st#tk#tq", KeyQuery.of(ShadowsKeys.query("u", "k", "i").item("it").reader("rd")
        .values("va").index("ix").PrimaryKey("pk").String("st").toKeyQuery("tk").toQueryConditional("tq"))
        .lowerOperand());
    // A range step takes no argument, so the components named like QueryStage's own methods
    // without arguments have their steps renamed; the inherited methods keep their meaning.
    var st = ShadowsKeys.query("u", "k", "i").item("it").reader("rd").values("va").index("ix").PrimaryKey("pk").String("st");
    assertEquals("SH#u#k#i", KeyQuery.of(st).partitionValue());
    assertEquals("it#rd#va#ix#pk#st#tk#", KeyQuery.of(st.toKeyQueryRange().atLeast("tk")).lowerOperand());
    assertEquals("it#rd#va#ix#pk#st#tk#tq",
        KeyQuery.of(st.toKeyQuery("tk").toQueryConditionalRange().atLeast("tq")).lowerOperand());
  }

  @Test
  void recordsNamedLikeGeneratedAndSdkTypesGetWorkingKeysClasses() {
    assertEquals("Q#a", QueryKeys.partitionKey(new Query("a", "b")));
    assertEquals("b", QueryKeys.parseSortKey(QueryKeys.sortKey(new Query("a", "b"))).Query());
    assertEquals("K#x", KeyKeys.partitionKey(new Key("x", "s", "p")));
    assertEquals("K#x", KeyKeys.key(new Key("x", "s", "p")).partitionKeyValue().s());
  }

  @Test
  void hostileRecordsAreStoredAndQueriedThroughTheirTableSchemas() {
    String name = TestTables.NAME_PREFIX + "hostile-" + UUID.randomUUID();
    try {
      DynamoDbTable<Scores> scores = ScoresKeys.createTable(enhanced, name);
      Scores other = new Scores("p1", 12, 400, 1, "q", "pre", "bw", "eq", "iy");
      scores.putItem(SCORES);
      scores.putItem(other);
      assertEquals(SCORES, scores.getItem(ScoresKeys.key(SCORES)));
      List<Scores> found = scores.query(QueryEnhancedRequest.builder()
          .queryConditional(ScoresKeys.query("p1").SCORE(12).score().atLeast(346).toQueryConditional()).build())
          .items().stream().toList();
      assertEquals(List.of(other), found);
      List<Scores> byIndex = scores.index(ScoresKeys.ByIndexName.INDEX_NAME).query(QueryEnhancedRequest.builder()
          .queryConditional(ScoresKeys.queryByIndexName("ix").toQueryConditional()).build())
          .stream().flatMap(p -> p.items().stream()).toList();
      assertEquals(List.of(SCORES), byIndex); // the other is in partition "iy" of the index
    } finally {
      TestTables.deleteTable(client, name);
    }
  }
}
