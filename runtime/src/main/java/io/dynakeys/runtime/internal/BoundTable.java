package io.dynakeys.runtime.internal;

import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClientExtension;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbVectorIndex;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.DeleteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.DeleteItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.DescribeTableEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.PageIterable;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedResponse;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedResponse;

/**
 * A table of the enhanced client that also knows the client it was made with: what
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
public final class BoundTable<T> implements DynamoDbTable<T> {
  private final DynamoDbEnhancedClient client;
  private final DynamoDbTable<T> delegate;

  BoundTable(DynamoDbEnhancedClient client, DynamoDbTable<T> delegate) {
    this.client = Objects.requireNonNull(client, "client");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The enhanced client the table was made with. */
  public DynamoDbEnhancedClient client() {
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
  public DynamoDbIndex<T> index(String arg0) {
    return delegate.index(arg0);
  }
  @Override
  public DynamoDbVectorIndex<T> vectorIndex(String arg0) {
    return delegate.vectorIndex(arg0);
  }
  @Override
  public void createTable(CreateTableEnhancedRequest arg0) {
    delegate.createTable(arg0);
  }
  @Override
  public void createTable(Consumer<CreateTableEnhancedRequest.Builder> arg0) {
    delegate.createTable(arg0);
  }
  @Override
  public void createTable() {
    delegate.createTable();
  }
  @Override
  public T deleteItem(DeleteItemEnhancedRequest arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public T deleteItem(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public T deleteItem(Key arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public T deleteItem(T arg0) {
    return delegate.deleteItem(arg0);
  }
  @Override
  public DeleteItemEnhancedResponse<T> deleteItemWithResponse(DeleteItemEnhancedRequest arg0) {
    return delegate.deleteItemWithResponse(arg0);
  }
  @Override
  public DeleteItemEnhancedResponse<T> deleteItemWithResponse(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    return delegate.deleteItemWithResponse(arg0);
  }
  @Override
  public T getItem(GetItemEnhancedRequest arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public T getItem(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public T getItem(Key arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public T getItem(T arg0) {
    return delegate.getItem(arg0);
  }
  @Override
  public GetItemEnhancedResponse<T> getItemWithResponse(GetItemEnhancedRequest arg0) {
    return delegate.getItemWithResponse(arg0);
  }
  @Override
  public GetItemEnhancedResponse<T> getItemWithResponse(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    return delegate.getItemWithResponse(arg0);
  }
  @Override
  public PageIterable<T> query(QueryEnhancedRequest arg0) {
    return delegate.query(arg0);
  }
  @Override
  public PageIterable<T> query(Consumer<QueryEnhancedRequest.Builder> arg0) {
    return delegate.query(arg0);
  }
  @Override
  public PageIterable<T> query(QueryConditional arg0) {
    return delegate.query(arg0);
  }
  @Override
  public void putItem(PutItemEnhancedRequest<T> arg0) {
    delegate.putItem(arg0);
  }
  @Override
  public void putItem(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    delegate.putItem(arg0);
  }
  @Override
  public void putItem(T arg0) {
    delegate.putItem(arg0);
  }
  @Override
  public PutItemEnhancedResponse<T> putItemWithResponse(PutItemEnhancedRequest<T> arg0) {
    return delegate.putItemWithResponse(arg0);
  }
  @Override
  public PutItemEnhancedResponse<T> putItemWithResponse(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.putItemWithResponse(arg0);
  }
  @Override
  public PageIterable<T> scan(ScanEnhancedRequest arg0) {
    return delegate.scan(arg0);
  }
  @Override
  public PageIterable<T> scan(Consumer<ScanEnhancedRequest.Builder> arg0) {
    return delegate.scan(arg0);
  }
  @Override
  public PageIterable<T> scan() {
    return delegate.scan();
  }
  @Override
  public T updateItem(UpdateItemEnhancedRequest<T> arg0) {
    return delegate.updateItem(arg0);
  }
  @Override
  public T updateItem(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.updateItem(arg0);
  }
  @Override
  public T updateItem(T arg0) {
    return delegate.updateItem(arg0);
  }
  @Override
  public UpdateItemEnhancedResponse<T> updateItemWithResponse(UpdateItemEnhancedRequest<T> arg0) {
    return delegate.updateItemWithResponse(arg0);
  }
  @Override
  public UpdateItemEnhancedResponse<T> updateItemWithResponse(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    return delegate.updateItemWithResponse(arg0);
  }
  @Override
  public void deleteTable() {
    delegate.deleteTable();
  }
  @Override
  public DescribeTableEnhancedResponse describeTable() {
    return delegate.describeTable();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BoundTable<?> bound && client.equals(bound.client) && delegate.equals(bound.delegate);
  }

  @Override
  public int hashCode() {
    return delegate.hashCode();
  }

  @Override
  public String toString() {
    return "BoundTable[" + delegate.tableName() + "]";
  }
}
