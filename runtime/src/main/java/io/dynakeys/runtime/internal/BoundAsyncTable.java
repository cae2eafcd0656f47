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

  BoundAsyncTable(DynamoDbEnhancedAsyncClient client, DynamoDbAsyncTable<T> delegate) {
    this.client = Objects.requireNonNull(client, "client");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
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
    return delegate.deleteItem(arg0);
  }
  @Override
  public CompletableFuture<T> deleteItem(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public CompletableFuture<T> deleteItem(Key arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public CompletableFuture<T> deleteItem(T arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public CompletableFuture<DeleteItemEnhancedResponse<T>> deleteItemWithResponse(DeleteItemEnhancedRequest arg0) {
    return delegate.deleteItemWithResponse(arg0);
  }
  @Override
  public CompletableFuture<DeleteItemEnhancedResponse<T>> deleteItemWithResponse(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    return delegate.deleteItemWithResponse(arg0);
  }
  @Override
  public CompletableFuture<T> getItem(GetItemEnhancedRequest arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public CompletableFuture<T> getItem(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public CompletableFuture<T> getItem(Key arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public CompletableFuture<T> getItem(T arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public CompletableFuture<GetItemEnhancedResponse<T>> getItemWithResponse(GetItemEnhancedRequest arg0) {
    return delegate.getItemWithResponse(arg0);
  }
  @Override
  public CompletableFuture<GetItemEnhancedResponse<T>> getItemWithResponse(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    return delegate.getItemWithResponse(arg0);
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
    return delegate.putItem(arg0);
  }
  @Override
  public CompletableFuture<Void> putItem(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.putItem(arg0);
  }
  @Override
  public CompletableFuture<Void> putItem(T arg0) {
    return delegate.putItem(arg0);
  }
  @Override
  public CompletableFuture<PutItemEnhancedResponse<T>> putItemWithResponse(PutItemEnhancedRequest<T> arg0) {
    return delegate.putItemWithResponse(arg0);
  }
  @Override
  public CompletableFuture<PutItemEnhancedResponse<T>> putItemWithResponse(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.putItemWithResponse(arg0);
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
    return delegate.updateItem(arg0);
  }
  @Override
  public CompletableFuture<T> updateItem(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.updateItem(arg0);
  }
  @Override
  public CompletableFuture<T> updateItem(T arg0) {
    return delegate.updateItem(arg0);
  }
  @Override
  public CompletableFuture<UpdateItemEnhancedResponse<T>> updateItemWithResponse(UpdateItemEnhancedRequest<T> arg0) {
    return delegate.updateItemWithResponse(arg0);
  }
  @Override
  public CompletableFuture<UpdateItemEnhancedResponse<T>> updateItemWithResponse(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.updateItemWithResponse(arg0);
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
