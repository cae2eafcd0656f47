package io.dynakeys.runtime.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.fixtures.ScriptedClient;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/** The state of a batch run: chunks, order, retries and their bound, backoff, and what is reported. */
class RetriesTest {
  private static final DynamoDbEnhancedClient CLIENT = DynamoDbEnhancedClient.builder()
      .dynamoDbClient(new ScriptedClient()).build();
  private static final DynamoDbTable<Task> TASKS = TaskKeys.tableSchema().table(CLIENT, "shared");
  private static final DynamoDbTable<User> USERS = UserKeys.tableSchema().table(CLIENT, "shared");

  private static List<BatchEntry> deletes(int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> new BatchEntry(BatchEntry.Operation.DELETE, TASKS, TaskKeys.key("p", i), null, i)).toList();
  }

  @Test
  void entriesGoInChunksInTheOrderAdded() {
    List<BatchEntry> entries = deletes(30);
    Retries run = new Retries(entries, 25, BatchOptions.defaults());
    assertEquals(entries.subList(0, 25), run.next());
    run.returned(Set.of());
    assertEquals(entries.subList(25, 30), run.next());
    run.returned(Set.of());
    assertFalse(run.hasNext());
    assertEquals(2, run.requests());
    assertEquals(30, run.done());
    assertNull(run.incomplete("delete"));
  }

  @Test
  void twoResourcesOfOneTableNameNeverShareARequest() {
    List<BatchEntry> entries = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      entries.add(new BatchEntry(BatchEntry.Operation.DELETE, i % 2 == 0 ? TASKS : USERS,
          i % 2 == 0 ? TaskKeys.key("p", i) : UserKeys.key("u" + i), null, i));
    }
    Retries run = new Retries(entries, 25, BatchOptions.defaults());
    assertEquals(List.of(entries.get(0), entries.get(2)), run.next());
    run.returned(Set.of());
    assertEquals(List.of(entries.get(1), entries.get(3)), run.next(), "the other schema's entries, in their order");
  }

  @Test
  void unprocessedEntriesGoBackToTheFrontUntilTheirLastAttempt() {
    List<BatchEntry> entries = deletes(4);
    Retries run = new Retries(entries, 3, BatchOptions.defaults().maxAttempts(2));
    assertEquals(entries.subList(0, 3), run.next());
    run.returned(Set.of(entries.get(1), entries.get(2)));
    assertEquals(List.of(entries.get(1), entries.get(2), entries.get(3)), run.next(), "back in front, in order");
    run.returned(Set.of(entries.get(2)));
    assertFalse(run.hasNext(), "entry 2 was sent twice: its last attempt");
    assertEquals(2, run.resent());
    assertEquals(3, run.done());
    BatchIncompleteException e = run.incomplete("delete");
    assertEquals(List.of(entries.get(2).notProcessed("still unprocessed after 2 attempt(s)")), e.notProcessed());
    assertEquals(3, e.processed());
    assertEquals("batch delete: 1 item(s) not processed, 3 processed: delete shared {pk = \"TASK#p\", sk = \"000002\"}:"
        + " still unprocessed after 2 attempt(s)", e.getMessage());
  }

  @Test
  void aFailedRequestReportsItsEntriesAsUnknownAndTheRestAsNotSent() {
    List<BatchEntry> entries = deletes(5);
    Retries run = new Retries(entries, 2, BatchOptions.defaults());
    run.next();
    run.returned(Set.of());
    run.next();
    BatchIncompleteException e = run.failed("delete", new IllegalStateException("boom"));
    assertEquals(List.of("its request failed (IllegalStateException): whether it was written is unknown",
        "its request failed (IllegalStateException): whether it was written is unknown",
        "not sent: an earlier request failed"), e.notProcessed().stream().map(BatchIncompleteException.NotProcessed::reason).toList());
    assertEquals(List.of(2, 3, 4), e.notProcessed().stream().map(BatchIncompleteException.NotProcessed::index).toList());
    assertEquals(2, e.processed());
    assertTrue(e.getMessage().startsWith("batch delete: 3 item(s) not processed, 2 processed (a request failed: boom): "),
        e.getMessage());
  }

  @Test
  void theBackoffGrowsWithEachResponseThatLeftSomethingAndEndsWithOneThatLeftNothing() {
    List<BatchEntry> entries = deletes(1);
    Retries run = new Retries(entries, 1, BatchOptions.defaults().maxAttempts(10)
        .backoff(Duration.ofNanos(100), Duration.ofNanos(350)));
    assertEquals(0, run.delayNanos(), "no wait before the first request");
    long[] bounds = {100, 200, 350, 350};
    for (long bound : bounds) {
      run.next();
      run.returned(Set.of(entries.get(0)));
      for (int draw = 0; draw < 50; draw++) {
        long delay = run.delayNanos();
        assertTrue(delay >= 0 && delay <= bound, delay + " within [0, " + bound + "]");
      }
    }
    run.next();
    run.returned(Set.of());
    assertEquals(0, run.delayNanos());
  }
}
