package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * {@code createTable} returns only once DynamoDB reports the table ACTIVE: a put right after it
 * finds the table. Checked against a fake DynamoDB that creates tables slowly.
 */
class TableCreationTest {

  /** Answers to DescribeTable, in order (the last one repeats): a status, or an exception to throw. */
  static final class Answers {
    final Deque<Object> answers;
    final List<String> calls = new ArrayList<>();
    CreateTableRequest created;

    Answers(Object... answers) {
      this.answers = new ArrayDeque<>(List.of(answers));
    }

    synchronized CreateTableResponse create(CreateTableRequest request) {
      calls.add("create " + request.tableName());
      created = request;
      return CreateTableResponse.builder().tableDescription(description(request.tableName(), TableStatus.CREATING)).build();
    }

    synchronized DescribeTableResponse describe(DescribeTableRequest request) {
      Object next = answers.size() > 1 ? answers.poll() : answers.peek();
      calls.add("describe " + next);
      if (next instanceof RuntimeException e) {
        throw e;
      }
      return DescribeTableResponse.builder().table(description(request.tableName(), (TableStatus) next)).build();
    }

    private static TableDescription description(String name, TableStatus status) {
      return TableDescription.builder().tableName(name).tableStatus(status).build();
    }
  }

  static DynamoDbClient sync(Answers answers) {
    return new DynamoDbClient() {
      @Override
      public CreateTableResponse createTable(CreateTableRequest request) {
        return answers.create(request);
      }

      @Override
      public DescribeTableResponse describeTable(DescribeTableRequest request) {
        return answers.describe(request);
      }

      @Override
      public String serviceName() {
        return "dynamodb";
      }

      @Override
      public void close() {}
    };
  }

  static DynamoDbAsyncClient async(Answers answers) {
    return new DynamoDbAsyncClient() {
      @Override
      public CompletableFuture<CreateTableResponse> createTable(CreateTableRequest request) {
        return CompletableFuture.supplyAsync(() -> answers.create(request));
      }

      @Override
      public CompletableFuture<DescribeTableResponse> describeTable(DescribeTableRequest request) {
        return CompletableFuture.supplyAsync(() -> answers.describe(request));
      }

      @Override
      public String serviceName() {
        return "dynamodb";
      }

      @Override
      public void close() {}
    };
  }

  private static ResourceNotFoundException notFound() {
    return ResourceNotFoundException.builder().message("Requested resource not found").build();
  }

  @Test
  void createTableWaitsUntilTheTableIsActive() {
    Answers answers = new Answers(notFound(), TableStatus.CREATING, TableStatus.CREATING, TableStatus.ACTIVE);
    DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(sync(answers)).build();
    DynamoDbTable<Run> table = RunKeys.tableSchema().createTable(client, "runs");
    assertEquals("runs", table.tableName());
    assertEquals(List.of("create runs", "describe " + notFound(), "describe CREATING", "describe CREATING",
        "describe ACTIVE"), answers.calls);
    assertEquals("runs", answers.created.tableName());
    assertEquals(1, answers.created.globalSecondaryIndexes().size());
  }

  @Test
  void aTableThatIsActiveAtOnceIsDescribedOnce() {
    Answers answers = new Answers(TableStatus.ACTIVE);
    DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(sync(answers)).build();
    RunKeys.tableSchema().createTable(client, "runs");
    assertEquals(List.of("create runs", "describe ACTIVE"), answers.calls);
  }

  /** Only "not found yet" is waited out; any other failure of DescribeTable ends the wait. */
  @Test
  void anotherFailureWhileWaitingIsNotWaitedOut() {
    DynamoDbException denied = (DynamoDbException) DynamoDbException.builder().message("access denied").statusCode(400).build();
    Answers answers = new Answers(TableStatus.CREATING, denied, TableStatus.ACTIVE);
    DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(sync(answers)).build();
    RuntimeException e = assertThrows(RuntimeException.class, () -> RunKeys.tableSchema().createTable(client, "runs"));
    assertTrue(causes(e).contains(denied), String.valueOf(e));
    assertEquals(List.of("create runs", "describe CREATING", "describe " + denied), answers.calls);
  }

  @Test
  void theAsynchronousCreateTableCompletesOnceTheTableIsActive() throws Exception {
    Answers answers = new Answers(notFound(), TableStatus.CREATING, TableStatus.ACTIVE);
    DynamoDbEnhancedAsyncClient client = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(async(answers)).build();
    CompletableFuture<DynamoDbAsyncTable<Run>> created = RunKeys.tableSchema().createTable(client, "runs");
    DynamoDbAsyncTable<Run> table = created.get(30, TimeUnit.SECONDS);
    assertEquals("runs", table.tableName());
    assertEquals(List.of("create runs", "describe " + notFound(), "describe CREATING", "describe ACTIVE"), answers.calls);
  }

  @Test
  void theAsynchronousCreateTableFailsOnAnotherFailure() {
    DynamoDbException denied = (DynamoDbException) DynamoDbException.builder().message("access denied").statusCode(400).build();
    Answers answers = new Answers(denied);
    DynamoDbEnhancedAsyncClient client = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(async(answers)).build();
    CompletableFuture<DynamoDbAsyncTable<Run>> created = RunKeys.tableSchema().createTable(client, "runs");
    Exception e = assertThrows(Exception.class, () -> created.get(30, TimeUnit.SECONDS));
    assertTrue(causes(e).contains(denied), String.valueOf(e));
    assertEquals(List.of("create runs", "describe " + denied), answers.calls);
  }

  private static List<Throwable> causes(Throwable t) {
    List<Throwable> out = new ArrayList<>();
    for (; t != null && !out.contains(t); t = t.getCause()) {
      out.add(t);
    }
    return out;
  }
}
