package io.dynakeys.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.runtime.transact.TransactGet;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A transaction on a server without transactions (dynalite, the README's default server) is an
 * {@code UnsupportedOperationException} that names the request, the server's answer and the
 * servers that have transactions, sync and async, writes and reads; nothing is written. On a
 * server with transactions the same calls succeed.
 */
@OnEachServer
class TransactionsOnEachServerTest {
  private static final String REFUSED = "the server does not implement %s (it answered UnknownOperationException):"
      + " DynamoDB and moto have transactions, dynalite has none. Run this against DynamoDB, or test it on moto";

  private final DynamoEndpoint endpoint;
  private TransactTables tables;

  TransactionsOnEachServerTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @BeforeEach
  void createTables() {
    tables = new TransactTables(endpoint);
  }

  @AfterEach
  void deleteTables() {
    tables.delete();
  }

  private static Run run(int score) {
    return new Run("2026-SPRING", score, 1_719_100_800L, "p_" + score, "Ann");
  }

  @Test
  void aTransactionOnAServerWithoutTransactionsSaysSoAndWritesNothing() {
    TransactWrite write = TransactWrite.create().put(tables.runs, run(1500)).put(tables.runs, run(640));
    TransactGet get = TransactGet.create();
    TransactGet.Handle<Run> first = get.add(tables.runs, RunKeys.key(run(1500)));
    if (!endpoint.has(Capability.TRANSACTIONS)) {
      UnsupportedOperationException sync = assertThrows(UnsupportedOperationException.class,
          () -> write.execute(endpoint.enhancedClient()));
      assertEquals(String.format(REFUSED, "TransactWriteItems"), sync.getMessage());
      assertInstanceOf(DynamoDbException.class, sync.getCause());
      CompletionException async = assertThrows(CompletionException.class,
          () -> write.executeAsync(endpoint.asyncClient()).join());
      assertEquals(String.format(REFUSED, "TransactWriteItems"), async.getCause().getMessage());
      assertTrue(tables.storedRuns().isEmpty(), "nothing was written");

      UnsupportedOperationException read = assertThrows(UnsupportedOperationException.class,
          () -> get.execute(endpoint.enhancedClient()));
      assertEquals(String.format(REFUSED, "TransactGetItems"), read.getMessage());
      CompletionException readAsync = assertThrows(CompletionException.class,
          () -> get.executeAsync(endpoint.enhancedAsyncClient()).join());
      assertInstanceOf(UnsupportedOperationException.class, readAsync.getCause());
    } else {
      write.execute(endpoint.enhancedClient());
      assertEquals(2, tables.storedRuns().size());
      assertEquals(run(1500), get.execute(endpoint.enhancedClient()).item(first).orElseThrow());
    }
  }
}
