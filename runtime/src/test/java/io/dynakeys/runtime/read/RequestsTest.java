package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.internal.read.KeyQuery;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What reaches the client: an index query runs on its index (on the table its condition matches
 * nothing), resumes with the index's keys and the table's in its ExclusiveStartKey (the fake
 * refuses any other start key, as DynamoDB does), and direction and consistency reach every
 * request; a query whose keys are not the table's or index's is refused before any request.
 */
class RequestsTest {

  @Test
  void anIndexQueryRunsOnTheIndexAndResumesWithItsKeysAndTheTables() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("index"));
    Scenarios.Scenario scenario = Scenarios.random(random, 4, 20, true);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    ReadOptions options = ReadOptions.defaults().pageSize(2).descending();
    List<Row> expected = scenario.expected(fake, true, -1);
    MergedItems<Row> read = scenario.query().items(fake.table(), options);
    List<Row> firstHalf = read.stream().limit(expected.size() / 2).toList();
    List<Row> resumed = Scenarios.collect(scenario.query().items(fake.asyncTable(), options.startAt(read.cursor())), random);
    assertEquals(expected.subList(0, firstHalf.size()), firstHalf);
    assertEquals(expected.subList(firstHalf.size(), expected.size()), resumed);
    assertTrue(fake.calls().stream().allMatch(c -> Row.INDEX.equals(c.index())), "every request on the index");
    assertTrue(fake.calls().stream().allMatch(c -> !c.forward()), "every request descending");
    long resumedRequests = fake.calls().stream().filter(c -> c.start() != null).count();
    assertTrue(resumedRequests > 4, "several requests started at a key: " + resumedRequests);
    fake.calls().stream().filter(c -> c.start() != null)
        .forEach(c -> assertEquals(Set.of("gpk", "gsk", "pk", "sk"), c.start().keySet()));
  }

  @Test
  void consistencyAndPageSizeReachEveryRequest() {
    Scenarios.Scenario scenario = Scenarios.random(new SplittableRandom(5), 3, 10, false);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    scenario.query().items(fake.table(), ReadOptions.defaults().consistentRead(true).pageSize(3)).toList();
    assertTrue(fake.calls().stream().allMatch(c -> c.consistent() && c.forward() && c.limit() == 3
        && c.index() == null), fake.calls().toString());
    FakeShards plain = new FakeShards("t", scenario.rows(), 1);
    scenario.query().items(plain.table()).toList();
    assertTrue(plain.calls().stream().allMatch(c -> !c.consistent() && c.limit() == null));
  }

  @Test
  void aQueryWhoseKeysAreNotTheTablesIsRefusedBeforeAnyRequest() {
    FakeShards fake = new FakeShards("t", List.of(), 1);
    Map<String, KeyQuery<Row>> wrong = Map.of(
        "partition key is \"pk\"", KeyQuery.<Row>partition(null, "id", "P0", "sk", '#', ""),
        "sort key is \"sk\"", KeyQuery.<Row>partition(null, "pk", "P0", "range", '#', ""),
        "declares no index nope", KeyQuery.<Row>partition("nope", "gpk", "G0", "gsk", '#', ""),
        "partition key is \"gpk\"", KeyQuery.<Row>partition(Row.INDEX, "pk", "G0", "gsk", '#', ""));
    wrong.forEach((message, query) -> {
      IllegalArgumentException sync = assertThrows(IllegalArgumentException.class, () -> query.items(fake.table()));
      assertTrue(sync.getMessage().contains(message), sync.getMessage());
      IllegalArgumentException async = assertThrows(IllegalArgumentException.class, () -> query.items(fake.asyncTable()));
      assertTrue(async.getMessage().contains(message), async.getMessage());
    });
    assertEquals(0, fake.calls().size());
  }

  @Test
  void aCursorPositionHoldsTheKeysOfTheLastItemReturnedNotOfTheLastFetched() {
    List<Row> rows = List.of(new Row("P0", "a", "G", "x", 0), new Row("P0", "b", "G", "y", 0),
        new Row("P0", "c", "G", "z", 0));
    FakeShards fake = new FakeShards("t", rows, 1);
    KeyQuery<Row> query = KeyQuery.<Row>partitions(Row.INDEX, "gpk", List.of("G"), "gsk", '#', "");
    MergedItems<Row> read = query.items(fake.table());
    assertEquals("x", read.iterator().next().rank());
    // The whole partition was fetched in one page; the position is the first item's.
    assertEquals(1, fake.calls().size());
    List<AttributeValue> position = read.cursor().position(0);
    assertEquals(List.of("pk", "sk", "gsk"), ReadPlan.of(query, "t", Row.SCHEMA, false).positionAttributes());
    assertEquals(List.of("P0", "a", "x"), position.stream().map(AttributeValue::s).toList());
  }
}
