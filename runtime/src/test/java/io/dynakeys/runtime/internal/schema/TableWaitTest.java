package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** The wait for a table to become active or to be gone, over a scripted DescribeTable. */
class TableWaitTest {
  private static TableDescription table(TableStatus status) {
    return TableDescription.builder().tableName("t").tableStatus(status).build();
  }

  /** Answers the scripted descriptions in turn ({@code null}: no such table), then the last one again. */
  private static Supplier<TableDescription> script(TableDescription... answers) {
    Queue<TableDescription> queue = new ArrayDeque<>();
    for (TableDescription a : answers) {
      queue.add(a == null ? TableDescription.builder().tableName("<none>").build() : a);
    }
    TableDescription[] last = {null};
    return () -> {
      TableDescription next = queue.isEmpty() ? last[0] : queue.poll();
      last[0] = next;
      if (next.tableStatus() == null) {
        throw ResourceNotFoundException.builder().message("no table").build();
      }
      return next;
    };
  }

  @Test
  void aTableNotFoundYetThenCreatingIsWaitedForUntilActive() {
    TableDescription active = table(TableStatus.ACTIVE);
    assertSame(active, TableWait.untilActive("t", script(null, table(TableStatus.CREATING), active)));
  }

  @Test
  void aTableGoneWhileBeingDeletedEndsTheWaitForItToGo() {
    TableWait.untilGone("t", script(table(TableStatus.DELETING), null));
  }

  @Test
  void aTimeoutNamesTheTableWhatItWaitedForAndTheStateItWasLastSeenIn() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> TableWait.untilActive("runs", script(table(TableStatus.CREATING)), Duration.ofMillis(300)));
    assertEquals("table runs did not become active within 300 ms of polling DescribeTable every 250 ms;"
        + " it was last seen with status CREATING", e.getMessage());
  }

  @Test
  void theAsynchronousWaitPollsWithoutBlockingAndFailsWithTheSameMessage() {
    Supplier<TableDescription> scripted = script(null, table(TableStatus.UPDATING), table(TableStatus.ACTIVE));
    Supplier<CompletableFuture<TableDescription>> describe = () -> {
      try {
        return CompletableFuture.completedFuture(scripted.get());
      } catch (ResourceNotFoundException e) {
        return CompletableFuture.failedFuture(new CompletionException(e));
      }
    };
    assertEquals(TableStatus.ACTIVE, TableWait.untilActiveAsync("t", describe).join().tableStatus());
    Supplier<TableDescription> gone = script(table(TableStatus.DELETING), null);
    TableWait.untilGoneAsync("t", () -> {
      try {
        return CompletableFuture.completedFuture(gone.get());
      } catch (ResourceNotFoundException e) {
        return CompletableFuture.failedFuture(e);
      }
    }).join();
  }
}
