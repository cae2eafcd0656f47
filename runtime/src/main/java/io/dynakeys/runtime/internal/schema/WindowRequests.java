package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.UnsupportedOperation;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The low-level requests the writes of a layout window send, through the synchronous or the
 * asynchronous client behind one interface of futures, so that each step of a window write is
 * written once ({@link WindowWrites}); the synchronous form runs each request in the calling
 * thread and hands back a completed future. Also remembers, per client, whether its server has
 * transactions: dynalite answers {@code UnknownOperationException}, after which that client's window
 * writes send their two requests one after the other.
 */
abstract class WindowRequests {
  private static final Map<Object, Boolean> NO_TRANSACTIONS = Collections.synchronizedMap(new WeakHashMap<>());

  /** The item stored under {@code key}, or an empty map. */
  abstract CompletableFuture<Map<String, AttributeValue>> get(GetItemRequest request);

  abstract CompletableFuture<Void> put(PutItemRequest request);

  /** The attributes the delete returned (empty unless asked for). */
  abstract CompletableFuture<Map<String, AttributeValue>> delete(DeleteItemRequest request);

  abstract CompletableFuture<Void> transact(TransactWriteItemsRequest request);

  /** The client, by which the absence of transactions is remembered. */
  abstract Object client();

  /** Whether this client's server is known to have no transactions. */
  boolean transactions() {
    return !NO_TRANSACTIONS.containsKey(client());
  }

  /** Whether {@code failure} says the server has no transactions, which is then remembered for this client. */
  boolean noTransactions(Throwable failure) {
    if (unwrap(failure) instanceof DynamoDbException e && UnsupportedOperation.is(e)) {
      NO_TRANSACTIONS.put(client(), Boolean.TRUE);
      return true;
    }
    return false;
  }

  static Throwable unwrap(Throwable failure) {
    Throwable t = failure;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** The result of a synchronous run: the future's value, or its failure as thrown. */
  static <V> V join(CompletableFuture<V> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      Throwable cause = unwrap(e);
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  static WindowRequests of(DynamoDbClient client) {
    return new WindowRequests() {
      @Override
      CompletableFuture<Map<String, AttributeValue>> get(GetItemRequest request) {
        return now(() -> client.getItem(request).item());
      }

      @Override
      CompletableFuture<Void> put(PutItemRequest request) {
        return now(() -> {
          client.putItem(request);
          return null;
        });
      }

      @Override
      CompletableFuture<Map<String, AttributeValue>> delete(DeleteItemRequest request) {
        return now(() -> client.deleteItem(request).attributes());
      }

      @Override
      CompletableFuture<Void> transact(TransactWriteItemsRequest request) {
        return now(() -> {
          client.transactWriteItems(request);
          return null;
        });
      }

      @Override
      Object client() {
        return client;
      }
    };
  }

  static WindowRequests of(DynamoDbAsyncClient client) {
    return new WindowRequests() {
      @Override
      CompletableFuture<Map<String, AttributeValue>> get(GetItemRequest request) {
        return call(() -> client.getItem(request).thenApply(r -> r.item()));
      }

      @Override
      CompletableFuture<Void> put(PutItemRequest request) {
        return call(() -> client.putItem(request).thenApply(r -> null));
      }

      @Override
      CompletableFuture<Map<String, AttributeValue>> delete(DeleteItemRequest request) {
        return call(() -> client.deleteItem(request).thenApply(r -> r.attributes()));
      }

      @Override
      CompletableFuture<Void> transact(TransactWriteItemsRequest request) {
        return call(() -> client.transactWriteItems(request).thenApply(r -> null));
      }

      @Override
      Object client() {
        return client;
      }
    };
  }

  private static <V> CompletableFuture<V> now(Supplier<V> request) {
    try {
      return CompletableFuture.completedFuture(request.get());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private static <V> CompletableFuture<V> call(Supplier<CompletableFuture<V>> request) {
    try {
      return request.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
