package io.dynakeys.runtime.internal;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncVectorIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClientExtension;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.DeleteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.DeleteItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.DescribeTableEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.PagePublisher;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * A asynchronous table of the enhanced client that also knows the client it was made with: what
 * {@code RecordTableSchema.table(client, name)} and {@code createTable} return. The dynakeys
 * operations that send requests of their own (a typed update, a write-sharded aggregate, a
 * projected read, a read that skips bad items) need the table's client, and the enhanced client's
 * public API gives no table's client; the SDK's own table classes, which have it, are internal to
 * the SDK. So the client is handed over once, when the table is made, and {@link Tables} reads it
 * back. Every method of the table interface is the SDK table's own ({@code TablesTest} fails when
 * the interface gains one this class does not pass on).
 *
 * @param <T> the items
 */
public final class BoundAsyncTable<T> implements DynamoDbAsyncTable<T> {
  private final DynamoDbEnhancedAsyncClient client;
  private final DynamoDbAsyncTable<T> delegate;
  /** The layout window of the table's records, or {@code null}: then every method is the SDK table's own. */
  private final LayoutWindow<T> window;

  BoundAsyncTable(DynamoDbEnhancedAsyncClient client, DynamoDbAsyncTable<T> delegate) {
    this.client = Objects.requireNonNull(client, "client");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.window = LayoutWindow.of(delegate.tableSchema());
  }

  private DynamoDbAsyncClient lowLevel() {
    return Tables.lowLevel(client, "a write during a layout window");
  }

  /** {@code write} after the older copy of the item of {@code key} was moved to the current layout. */
  private <R> CompletableFuture<R> afterMove(Key key, java.util.function.Supplier<CompletableFuture<R>> write) {
    CompletableFuture<Void> moved;
    try {
      moved = window.beforeWriteAsync(lowLevel(), delegate.tableName(), key);
    } catch (RuntimeException e) {
      moved = CompletableFuture.failedFuture(e);
    }
    return moved.thenCompose(done -> write.get());
  }

  /** The delete of the item of {@code key}, after its older copy was deleted (or moved, for {@code conditional}). */
  private CompletableFuture<T> afterDelete(Key key, boolean conditional,
      java.util.function.Supplier<CompletableFuture<T>> delete) {
    CompletableFuture<T> older;
    try {
      older = window.beforeDeleteAsync(lowLevel(), delegate.tableName(), key, conditional);
    } catch (RuntimeException e) {
      older = CompletableFuture.failedFuture(e);
    }
    return older.thenCompose(old -> delete.get().thenApply(current -> current != null ? current : old));
  }

  private CompletableFuture<T> orOlder(CompletableFuture<T> found, Key key, Boolean consistentRead) {
    return found.thenCompose(item -> item != null ? CompletableFuture.completedFuture(item)
        : window.getOlderAsync(lowLevel(), delegate.tableName(), key, Boolean.TRUE.equals(consistentRead)));
  }

  /** The enhanced client the table was made with. */
  public DynamoDbEnhancedAsyncClient client() {
    return client;
  }

  @Override
  public DynamoDbEnhancedClientExtension mapperExtension() {
    return delegate.mapperExtension();
  }

  @Override
  public TableSchema<T> tableSchema() {
    return delegate.tableSchema();
  }

  @Override
  public String tableName() {
    return delegate.tableName();
  }

  @Override
  public Key keyFrom(T item) {
    return delegate.keyFrom(item);
  }

  @Override
  public DynamoDbAsyncIndex<T> index(String arg0) {
    return delegate.index(arg0);
  }
  @Override
  public DynamoDbAsyncVectorIndex<T> vectorIndex(String arg0) {
    return delegate.vectorIndex(arg0);
  }
  @Override
  public CompletableFuture<Void> createTable(CreateTableEnhancedRequest arg0) {
    return delegate.createTable(arg0);
  }
  @Override
  public CompletableFuture<Void> createTable(Consumer<CreateTableEnhancedRequest.Builder> arg0) {
    return delegate.createTable(arg0);
  }
  @Override
  public CompletableFuture<Void> createTable() {
    return delegate.createTable();
  }
  @Override
  public CompletableFuture<T> deleteItem(DeleteItemEnhancedRequest arg0) {
    return window == null ? delegate.deleteItem(arg0)
        : afterDelete(arg0.key(), arg0.conditionExpression() != null, () -> delegate.deleteItem(arg0));
  }

  @Override
  public CompletableFuture<T> deleteItem(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.deleteItem(arg0);
    }
    DeleteItemEnhancedRequest.Builder request = DeleteItemEnhancedRequest.builder();
    arg0.accept(request);
    return deleteItem(request.build());
  }

  @Override
  public CompletableFuture<T> deleteItem(Key arg0) {
    return window == null ? delegate.deleteItem(arg0) : afterDelete(arg0, false, () -> delegate.deleteItem(arg0));
  }

  @Override
  public CompletableFuture<T> deleteItem(T arg0) {
    return window == null ? delegate.deleteItem(arg0)
        : afterDelete(delegate.keyFrom(arg0), false, () -> delegate.deleteItem(arg0));
  }

  @Override
  public CompletableFuture<DeleteItemEnhancedResponse<T>> deleteItemWithResponse(DeleteItemEnhancedRequest arg0) {
    return window == null ? delegate.deleteItemWithResponse(arg0)
        : afterMove(arg0.key(), () -> delegate.deleteItemWithResponse(arg0));
  }

  @Override
  public CompletableFuture<DeleteItemEnhancedResponse<T>> deleteItemWithResponse(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.deleteItemWithResponse(arg0);
    }
    DeleteItemEnhancedRequest.Builder request = DeleteItemEnhancedRequest.builder();
    arg0.accept(request);
    return deleteItemWithResponse(request.build());
  }

  @Override
  public CompletableFuture<T> getItem(GetItemEnhancedRequest arg0) {
    return window == null ? delegate.getItem(arg0) : orOlder(delegate.getItem(arg0), arg0.key(), arg0.consistentRead());
  }

  @Override
  public CompletableFuture<T> getItem(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.getItem(arg0);
    }
    GetItemEnhancedRequest.Builder request = GetItemEnhancedRequest.builder();
    arg0.accept(request);
    return getItem(request.build());
  }

  @Override
  public CompletableFuture<T> getItem(Key arg0) {
    return window == null ? delegate.getItem(arg0) : orOlder(delegate.getItem(arg0), arg0, false);
  }

  @Override
  public CompletableFuture<T> getItem(T arg0) {
    return window == null ? delegate.getItem(arg0) : orOlder(delegate.getItem(arg0), delegate.keyFrom(arg0), false);
  }

  @Override
  public CompletableFuture<GetItemEnhancedResponse<T>> getItemWithResponse(GetItemEnhancedRequest arg0) {
    if (window == null) {
      return delegate.getItemWithResponse(arg0);
    }
    return delegate.getItemWithResponse(arg0).thenCompose(found -> found.attributes() != null
        ? CompletableFuture.completedFuture(found)
        : orOlder(CompletableFuture.completedFuture(null), arg0.key(), arg0.consistentRead()).thenApply(older ->
            older == null ? found : GetItemEnhancedResponse.<T>builder().attributes(older).build()));
  }

  @Override
  public CompletableFuture<GetItemEnhancedResponse<T>> getItemWithResponse(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.getItemWithResponse(arg0);
    }
    GetItemEnhancedRequest.Builder request = GetItemEnhancedRequest.builder();
    arg0.accept(request);
    return getItemWithResponse(request.build());
  }

  @Override
  public PagePublisher<T> query(QueryEnhancedRequest arg0) {
    return delegate.query(arg0);
  }
  @Override
  public PagePublisher<T> query(Consumer<QueryEnhancedRequest.Builder> arg0) {
    return delegate.query(arg0);
  }
  @Override
  public PagePublisher<T> query(QueryConditional arg0) {
    return delegate.query(arg0);
  }
  @Override
  public CompletableFuture<Void> putItem(PutItemEnhancedRequest<T> arg0) {
    if (window == null) {
      return delegate.putItem(arg0);
    }
    if (arg0.conditionExpression() == null) {
      return window.putAsync(lowLevel(), delegate, arg0.item());
    }
    return afterMove(delegate.keyFrom(arg0.item()), () -> delegate.putItem(arg0));
  }

  @Override
  public CompletableFuture<Void> putItem(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.putItem(arg0);
    }
    PutItemEnhancedRequest.Builder<T> request = PutItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return putItem(request.build());
  }

  @Override
  public CompletableFuture<Void> putItem(T arg0) {
    return window == null ? delegate.putItem(arg0) : window.putAsync(lowLevel(), delegate, arg0);
  }

  @Override
  public CompletableFuture<PutItemEnhancedResponse<T>> putItemWithResponse(PutItemEnhancedRequest<T> arg0) {
    return window == null ? delegate.putItemWithResponse(arg0)
        : afterMove(delegate.keyFrom(arg0.item()), () -> delegate.putItemWithResponse(arg0));
  }

  @Override
  public CompletableFuture<PutItemEnhancedResponse<T>> putItemWithResponse(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.putItemWithResponse(arg0);
    }
    PutItemEnhancedRequest.Builder<T> request = PutItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return putItemWithResponse(request.build());
  }

  @Override
  public PagePublisher<T> scan(ScanEnhancedRequest arg0) {
    return delegate.scan(arg0);
  }
  @Override
  public PagePublisher<T> scan(Consumer<ScanEnhancedRequest.Builder> arg0) {
    return delegate.scan(arg0);
  }
  @Override
  public PagePublisher<T> scan() {
    return delegate.scan();
  }
  @Override
  public CompletableFuture<T> updateItem(UpdateItemEnhancedRequest<T> arg0) {
    return window == null ? delegate.updateItem(arg0)
        : afterMove(delegate.keyFrom(arg0.item()), () -> delegate.updateItem(arg0));
  }

  @Override
  public CompletableFuture<T> updateItem(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.updateItem(arg0);
    }
    UpdateItemEnhancedRequest.Builder<T> request = UpdateItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return updateItem(request.build());
  }

  @Override
  public CompletableFuture<T> updateItem(T arg0) {
    return window == null ? delegate.updateItem(arg0)
        : afterMove(delegate.keyFrom(arg0), () -> delegate.updateItem(arg0));
  }

  @Override
  public CompletableFuture<UpdateItemEnhancedResponse<T>> updateItemWithResponse(UpdateItemEnhancedRequest<T> arg0) {
    return window == null ? delegate.updateItemWithResponse(arg0)
        : afterMove(delegate.keyFrom(arg0.item()), () -> delegate.updateItemWithResponse(arg0));
  }

  @Override
  public CompletableFuture<UpdateItemEnhancedResponse<T>> updateItemWithResponse(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.updateItemWithResponse(arg0);
    }
    UpdateItemEnhancedRequest.Builder<T> request = UpdateItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return updateItemWithResponse(request.build());
  }

  @Override
  public CompletableFuture<Void> deleteTable() {
    return delegate.deleteTable();
  }
  @Override
  public CompletableFuture<DescribeTableEnhancedResponse> describeTable() {
    return delegate.describeTable();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BoundAsyncTable<?> bound && client.equals(bound.client) && delegate.equals(bound.delegate);
  }

  @Override
  public int hashCode() {
    return delegate.hashCode();
  }

  @Override
  public String toString() {
    return "BoundAsyncTable[" + delegate.tableName() + "]";
  }
}
