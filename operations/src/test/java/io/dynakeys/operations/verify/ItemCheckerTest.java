package io.dynakeys.operations.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.fixtures.Entry;
import io.dynakeys.operations.fixtures.EntryKeys;
import io.dynakeys.operations.fixtures.InvoiceLine;
import io.dynakeys.operations.fixtures.InvoiceLineKeys;
import io.dynakeys.operations.fixtures.Run;
import io.dynakeys.operations.fixtures.RunKeys;
import io.dynakeys.operations.fixtures.SaleTotal;
import io.dynakeys.operations.fixtures.SaleTotalKeys;
import io.dynakeys.operations.fixtures.Ticket;
import io.dynakeys.operations.fixtures.TicketKeys;
import io.dynakeys.operations.fixtures.v1.RunV1;
import io.dynakeys.operations.fixtures.v1.RunV1Keys;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.TreePath;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The per-item check as a plain function (attribute map in, findings out), one defect at a time:
 * each planted defect gives exactly its one finding, and items the layouts write give none.
 */
class ItemCheckerTest {
  private static final ItemChecker CHECKER = new ItemChecker(List.of(EntitySchema.of(RunKeys.class),
      EntitySchema.of(InvoiceLine.class), EntitySchema.of(EntryKeys.class)));

  private static Map<String, AttributeValue> run(int score) {
    return new LinkedHashMap<>(RunKeys.tableSchema().itemToMap(
        new Run("2026-SPRING", score, 1_719_100_800L, "p_" + score, "Ann", 1), true));
  }

  /** The findings, each once for each time it is reported. */
  private static List<String> findings(ItemCheck check) {
    return check.findings().stream().map(f -> f.kind() + " " + f.attribute()).toList();
  }

  private static Set<String> kinds(ItemCheck check) {
    return check.findings().stream().map(f -> f.kind() + " " + f.attribute()).collect(Collectors.toSet());
  }

  @Test
  void itemsTheLayoutsWriteHaveNoFinding() {
    assertTrue(CHECKER.check(run(1500)).ok());
    assertEquals("Run", CHECKER.check(run(1500)).entity());
    Map<String, AttributeValue> line = InvoiceLineKeys.tableSchema().itemToMap(new InvoiceLine(125656, 7, "pen"), true);
    assertTrue(CHECKER.check(line).ok(), () -> CHECKER.check(line).toString());
    Map<String, AttributeValue> entry = EntryKeys.tableSchema().itemToMap(
        new Entry("a91", TreePath.file("root", "photos", "beach.jpg"), 42, "ann"), true);
    ItemCheck check = CHECKER.check(entry);
    assertTrue(check.ok(), check::toString);
    assertEquals("Entry", check.entity());
  }

  /** A time to live that is no number of epoch seconds is reported, with what it costs. */
  @Test
  void aTimeToLiveThatIsNoNumberIsReported() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(io.dynakeys.operations.fixtures.LeaseKeys.class)));
    Map<String, AttributeValue> good = new LinkedHashMap<>(io.dynakeys.operations.fixtures.LeaseKeys.tableSchema()
        .itemToMap(new io.dynakeys.operations.fixtures.Lease("l1", "ann", java.time.Instant.ofEpochSecond(1_764_615_600L)),
            true));
    assertEquals(AttributeValue.fromN("1764615600"), good.get("ttl"));
    assertTrue(checker.check(good).ok(), () -> checker.check(good).toString());

    for (AttributeValue bad : List.of(AttributeValue.fromS("2026-12-01T19:00:00Z"), AttributeValue.fromN("1.5"),
        AttributeValue.fromBool(true))) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(good);
      item.put("ttl", bad);
      ItemCheck check = checker.check(item);
      assertEquals(List.of("WRONG_TYPE ttl"), findings(check), check::toString);
      assertTrue(check.findings().get(0).detail().endsWith("; it is the table's time to live, and DynamoDB never"
          + " expires an item whose time to live is not a number"), check::toString);
    }
    Map<String, AttributeValue> none = new LinkedHashMap<>(good);
    none.remove("ttl");
    assertTrue(checker.check(none).ok(), "an item without a time to live never expires, which is no defect");
  }

  private static Map<String, AttributeValue> match(Optional<String> coach) {
    return new LinkedHashMap<>(io.dynakeys.operations.fixtures.MatchKeys.tableSchema().itemToMap(
        new io.dynakeys.operations.fixtures.Match("c1", "m1", "red", -5, coach), true));
  }

  /**
   * Native index keys are checked as DynamoDB indexes them: present (an empty Optional of a sparse
   * index is a NOT_INDEXED note, no defect), of the index's type, not empty, within the key limits;
   * each defect once.
   */
  @Test
  void nativeIndexKeysAreCheckedAsDynamoDbIndexesThem() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(io.dynakeys.operations.fixtures.MatchKeys.class)));
    ItemCheck good = checker.check(match(Optional.of("ann")));
    assertTrue(good.ok(), good::toString);
    assertEquals(List.of(), good.findings());

    ItemCheck sparse = checker.check(match(Optional.empty()));
    assertTrue(sparse.ok(), "a sparse index leaving an item out is by design: " + sparse);
    assertEquals(List.of("NOT_INDEXED coach"), findings(sparse));
    assertEquals("the native index byCoach will not hold the item: its coach is empty (a sparse index)",
        sparse.findings().get(0).detail());

    Map<String, AttributeValue> noTeam = match(Optional.of("ann"));
    noTeam.remove("team");
    ItemCheck missing = checker.check(noTeam);
    assertFalse(missing.ok());
    assertTrue(findings(missing).contains("MISSING_ATTRIBUTE team"), missing::toString);
    assertEquals(1, findings(missing).stream().filter(f -> f.endsWith(" team")).count(), missing::toString);
    assertTrue(missing.findings().stream().anyMatch(f -> f.detail().equals(
        "the key attribute of the native index byTeamNative is absent, so the index will not hold the item")), missing::toString);

    Map<String, AttributeValue> emptyTeam = match(Optional.of("ann"));
    emptyTeam.put("team", AttributeValue.fromS(""));
    ItemCheck empty = checker.check(emptyTeam);
    assertTrue(empty.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.INVALID_VALUE && "team".equals(f.attribute())
        && f.detail().equals("an empty value, which the native index byTeamNative cannot key, so the index will not hold the item")),
        empty::toString);

    Map<String, AttributeValue> longCoach = match(Optional.of("x".repeat(2049)));
    ItemCheck tooLong = checker.check(longCoach);
    assertTrue(tooLong.findings().stream().anyMatch(f -> f.kind() == Finding.Kind.KEY_TOO_LONG && "coach".equals(f.attribute())
        && f.detail().equals("the value is 2049 bytes, over DynamoDB's limit of 2048 for a key attribute of the native"
            + " index byCoach")), tooLong::toString);

    Map<String, AttributeValue> textPoints = match(Optional.of("ann"));
    textPoints.put("points", AttributeValue.fromS("-5"));
    ItemCheck wrong = checker.check(textPoints);
    assertEquals(1, wrong.findings().stream().filter(f -> f.kind() == Finding.Kind.WRONG_TYPE).count(), wrong::toString);
    assertEquals("points", wrong.findings().stream().filter(f -> f.kind() == Finding.Kind.WRONG_TYPE).findFirst()
        .orElseThrow().attribute());

    // NOT_INDEXED is counted and sampled like a finding, but a report of only that is ok.
    VerifyReport report = new VerifyReport(5);
    report.add(sparse);
    report.add(good);
    assertTrue(report.ok());
    assertEquals(0, report.itemsWithFindings());
    assertEquals(1, report.findings(Finding.Kind.NOT_INDEXED));
    assertEquals(1, report.samples().size());
  }

  /** Components stored under other names are looked up, and reported, under those names. */
  @Test
  void renamedAttributesAreReadUnderTheirStoredNames() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(io.dynakeys.operations.fixtures.AccountKeys.class)));
    Map<String, AttributeValue> good = new LinkedHashMap<>(io.dynakeys.operations.fixtures.AccountKeys.tableSchema()
        .itemToMap(new io.dynakeys.operations.fixtures.Account("a91", 3, "Ann"), true));
    assertEquals(Set.of("acct", "n", "display_name", "pk"), good.keySet());
    assertTrue(checker.check(good).ok(), () -> checker.check(good).toString());

    Map<String, AttributeValue> noVisits = new LinkedHashMap<>(good);
    noVisits.remove("n");
    ItemCheck missing = checker.check(noVisits);
    assertEquals(Set.of("MISSING_ATTRIBUTE n"), kinds(missing), missing::toString);
    assertTrue(missing.findings().get(0).detail().contains("the component visits is absent, and a primitive cannot be"),
        missing::toString);

    Map<String, AttributeValue> wrongType = new LinkedHashMap<>(good);
    wrongType.put("n", AttributeValue.fromS("three"));
    assertEquals(Set.of("WRONG_TYPE n"), kinds(checker.check(wrongType)), () -> checker.check(wrongType).toString());
  }

  @Test
  void anOldWidthIsReportedWithTheWidthFoundInTheTableKeyAndTheIndexKey() {
    Map<String, AttributeValue> old = RunV1Keys.tableSchema().itemToMap(
        new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann", 3), true);
    ItemCheck check = CHECKER.check(old);
    assertEquals("Run", check.entity());
    assertEquals(Set.of("WIDTH sk", "WIDTH byPlayer_sk"), kinds(check), check::toString);
    Finding width = check.findings().get(0);
    assertEquals("score", width.component());
    assertEquals(12, width.declaredWidth());
    assertEquals(10, width.foundWidth());
  }

  @Test
  void anOldWidthWhoseValueAlsoDiffersIsAlsoAMismatch() {
    Map<String, AttributeValue> old = new LinkedHashMap<>(RunV1Keys.tableSchema().itemToMap(
        new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann", 3), true));
    old.put("score", AttributeValue.fromN("1400"));
    old.remove("byPlayer_sk");
    assertEquals(Set.of("WIDTH sk", "KEY_MISMATCH sk", "MISSING_ATTRIBUTE byPlayer_sk"), kinds(CHECKER.check(old)));
  }

  @Test
  void eachDefectIsOneFinding() {
    Map<String, AttributeValue> unparsable = run(10);
    unparsable.put("sk", AttributeValue.fromS("garbage#x"));
    assertEquals(Set.of("UNPARSABLE sk"), kinds(CHECKER.check(unparsable)));

    Map<String, AttributeValue> foreign = run(10);
    foreign.put("pk", AttributeValue.fromS("OTHER#1"));
    ItemCheck f = CHECKER.check(foreign);
    assertNull(f.entity());
    assertEquals(Set.of("FOREIGN null"), kinds(f));

    Map<String, AttributeValue> mismatch = run(10);
    mismatch.put("sk", run(20).get("sk"));
    assertEquals(Set.of("KEY_MISMATCH sk"), kinds(CHECKER.check(mismatch)));

    Map<String, AttributeValue> wrongType = run(10);
    wrongType.put("score", AttributeValue.fromS("10"));
    assertEquals(List.of("WRONG_TYPE score"), findings(CHECKER.check(wrongType)), "exactly one finding");
    Map<String, AttributeValue> wrongName = run(10);
    wrongName.put("name", AttributeValue.fromN("42"));
    assertEquals(List.of("WRONG_TYPE name"), findings(CHECKER.check(wrongName)), "exactly one finding");

    Map<String, AttributeValue> missing = run(10);
    missing.remove("version");
    assertEquals(Set.of("MISSING_ATTRIBUTE version"), kinds(CHECKER.check(missing)));

    Map<String, AttributeValue> missingKeyComponent = run(10);
    missingKeyComponent.remove("playerId");
    assertEquals(Set.of("MISSING_ATTRIBUTE playerId"), kinds(CHECKER.check(missingKeyComponent)));

    Map<String, AttributeValue> storedTooLong = run(10);
    storedTooLong.put("sk", AttributeValue.fromS("9".repeat(1100)));
    assertEquals(Set.of("KEY_TOO_LONG sk"), kinds(CHECKER.check(storedTooLong)));

    Map<String, AttributeValue> computedTooLong = run(10);
    computedTooLong.put("playerId", AttributeValue.fromS("p".repeat(1020)));
    computedTooLong.put("byPlayer_pk", AttributeValue.fromS("PLAYER#" + "p".repeat(1020)));
    assertEquals(Set.of("KEY_TOO_LONG sk"), kinds(CHECKER.check(computedTooLong)), () -> CHECKER.check(computedTooLong).toString());
  }

  @Test
  void shardsOutsideTheCountAreShardFindingsAndAWrongShardIsAMismatch() {
    Map<String, AttributeValue> line = new LinkedHashMap<>(
        InvoiceLineKeys.tableSchema().itemToMap(new InvoiceLine(125656, 7, "pen"), true));
    String pk = line.get("pk").s();
    int shard = InvoiceLineKeys.shard(new InvoiceLine(125656, 7, "pen"));

    Map<String, AttributeValue> outside = new LinkedHashMap<>(line);
    outside.put("pk", AttributeValue.fromS("INVOICE#125656#12"));
    assertEquals(Set.of("SHARD pk"), kinds(CHECKER.check(outside)), () -> CHECKER.check(outside).toString());

    Map<String, AttributeValue> wide = new LinkedHashMap<>(line);
    wide.put("pk", AttributeValue.fromS("INVOICE#125656#0" + shard));
    assertEquals(Set.of("SHARD pk"), kinds(CHECKER.check(wide)), () -> CHECKER.check(wide).toString());

    Map<String, AttributeValue> wrong = new LinkedHashMap<>(line);
    wrong.put("pk", AttributeValue.fromS("INVOICE#125656#" + (shard + 1) % 10));
    ItemCheck check = CHECKER.check(wrong);
    assertEquals(Set.of("KEY_MISMATCH pk"), kinds(check));
    assertTrue(check.findings().get(0).detail().contains("stored in shard"), check::toString);
    assertTrue(pk.endsWith("#" + shard));
  }

  /** The re-padding rule itself is the codecs' ({@code PaddedRepadTest}); this is its use on whole keys. */
  @Test
  void aKeyShapeReEncodesInvertedDigitsAtTheDeclaredWidth() {
    EntityLayout.Key sort = EntityLayout.key("sk", "", '#',
        io.dynakeys.codecs.internal.PaddedCodec.of(Long.class, "R", "score", 12, 0, 999_999_999_999L, true),
        io.dynakeys.codecs.internal.PaddedCodec.of(Long.class, "R", "at", 12, 0, 999_999_999_999L, false),
        io.dynakeys.codecs.internal.TextCodec.of(String.class, "R", "id", '#'));
    KeyShape grown = KeyShape.analyze(sort, 0, "9999998499#0000001500#p_1");
    assertEquals("999999998499#000000001500#p_1", grown.normalized());
    assertEquals(List.of(new KeyShape.Width("score", 12, 10), new KeyShape.Width("at", 12, 10)), grown.widths());
    KeyShape tooWide = KeyShape.analyze(EntityLayout.key("sk", "", '#',
        io.dynakeys.codecs.internal.PaddedCodec.of(Long.class, "R", "at", 10, 0, 9_999_999_999L, false)), 0, "123456789012");
    assertTrue(tooWide.fits());
    assertNull(tooWide.normalized());

    EntityLayout.Key partition = EntityLayout.key("pk", "INVOICE", '#', io.dynakeys.codecs.internal.TextCodec.of(Long.class, "R", "number", '#'));
    KeyShape shard = KeyShape.analyze(partition, 16, "INVOICE#125656#7");
    assertEquals("INVOICE#125656#07", shard.normalized());
    assertTrue(shard.shardProblem().contains("1 digit(s), the layout 2"), shard::toString);
    assertEquals("INVOICE#125656#03", KeyShape.analyze(partition, 16, "INVOICE#125656#" + "0".repeat(30) + "3")
        .normalized());
    KeyShape outside = KeyShape.analyze(partition, 16, "INVOICE#125656#0016");
    assertEquals("shard 16 is outside 0…15 (@Sharded(count = 16))", outside.shardProblem());
    assertNull(outside.normalized());
    assertEquals("shard 123456789012345678901 is outside 0…15 (@Sharded(count = 16))",
        KeyShape.analyze(partition, 16, "INVOICE#125656#00123456789012345678901").shardProblem());
  }

  /**
   * A sparse index: an item whose Optional component is empty is in no such index, so its index
   * keys are absent and that is no finding; the component without its index key, or the index key
   * without its component, is one.
   */
  @Test
  void anItemOutOfASparseIndexHasNoFindingAndOneHalfInIsOne() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(TicketKeys.class)));
    Map<String, AttributeValue> unassigned = new LinkedHashMap<>(TicketKeys.tableSchema().itemToMap(
        new Ticket("apollo", 7, "crash on start", Optional.empty()), true));
    assertFalse(unassigned.containsKey("byAssignee_pk"));
    ItemCheck out = checker.check(unassigned);
    assertTrue(out.ok(), out::toString);
    assertEquals("Ticket", out.entity());

    Map<String, AttributeValue> assigned = new LinkedHashMap<>(TicketKeys.tableSchema().itemToMap(
        new Ticket("apollo", 8, "slow query", Optional.of("ann")), true));
    assertTrue(checker.check(assigned).ok(), () -> checker.check(assigned).toString());
    Map<String, AttributeValue> withoutIndexKeys = new LinkedHashMap<>(assigned);
    withoutIndexKeys.remove("byAssignee_pk");
    withoutIndexKeys.remove("byAssignee_sk");
    assertEquals(Set.of("MISSING_ATTRIBUTE byAssignee_pk", "MISSING_ATTRIBUTE byAssignee_sk"),
        kinds(checker.check(withoutIndexKeys)));

    Map<String, AttributeValue> strayKey = new LinkedHashMap<>(unassigned);
    strayKey.put("byAssignee_pk", AttributeValue.fromS("ASSIGNEE#ann"));
    assertEquals(Set.of("KEY_MISMATCH byAssignee_pk"), kinds(checker.check(strayKey)));
  }

  /**
   * A write-sharded aggregate's shard items: any of its shards is the right one (each write chose one
   * at random), so a shard item has no finding; a shard that does not exist, or a key of another
   * aggregate than the item's components, does.
   */
  @Test
  void aShardItemOfAWriteShardedAggregateIsRightInAnyShard() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(SaleTotal.class)));
    for (int shard : new int[] {0, 7, 9}) {
      Map<String, AttributeValue> item = shardItem(SaleTotalKeys.partitionKey("flash", shard), "flash");
      ItemCheck check = checker.check(item);
      assertTrue(check.ok(), check::toString);
      assertEquals("SaleTotal", check.entity());
    }
    ItemCheck noSuchShard = checker.check(shardItem("SALE#flash#12", "flash"));
    assertFalse(noSuchShard.ok(), noSuchShard::toString);
    ItemCheck otherSale = checker.check(shardItem(SaleTotalKeys.partitionKey("other", 3), "flash"));
    assertEquals(List.of("KEY_MISMATCH pk"), findings(otherSale), otherSale::toString);
  }

  private static Map<String, AttributeValue> shardItem(String pk, String sale) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS(pk));
    item.put("sale", AttributeValue.fromS(sale));
    item.put("units", AttributeValue.fromN("12"));
    item.put("buyers", AttributeValue.fromSs(List.of("ann")));
    return item;
  }
}
