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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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
  /** The layout window of the table's records, or {@code null}: then every method is the SDK table's own. */
  private final LayoutWindow<T> window;

  BoundTable(DynamoDbEnhancedClient client, DynamoDbTable<T> delegate) {
    this.client = Objects.requireNonNull(client, "client");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.window = LayoutWindow.of(delegate.tableSchema());
  }

  private DynamoDbClient lowLevel() {
    return Tables.lowLevel(client, "a write during a layout window");
  }

  private void beforeWrite(Key key) {
    window.beforeWrite(lowLevel(), delegate.tableName(), key);
  }

  /** The item a delete returns: the current copy it deleted, else the older copy deleted before it. */
  private static <T> T deleted(T current, T older) {
    return current != null ? current : older;
  }

  private T getOlder(T found, Key key, Boolean consistentRead) {
    return found != null ? found
        : window.getOlder(lowLevel(), delegate.tableName(), key, Boolean.TRUE.equals(consistentRead));
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
    if (window == null) {
      return delegate.deleteItem(arg0);
    }
    T older = window.beforeDelete(lowLevel(), delegate.tableName(), arg0.key(), arg0.conditionExpression() != null);
    return deleted(delegate.deleteItem(arg0), older);
  }

  @Override
  public T deleteItem(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.deleteItem(arg0);
    }
    DeleteItemEnhancedRequest.Builder request = DeleteItemEnhancedRequest.builder();
    arg0.accept(request);
    return deleteItem(request.build());
  }

  @Override
  public T deleteItem(Key arg0) {
    if (window == null) {
      return delegate.deleteItem(arg0);
    }
    T older = window.beforeDelete(lowLevel(), delegate.tableName(), arg0, false);
    return deleted(delegate.deleteItem(arg0), older);
  }

  @Override
  public T deleteItem(T arg0) {
    if (window == null) {
      return delegate.deleteItem(arg0);
    }
    T older = window.beforeDelete(lowLevel(), delegate.tableName(), delegate.keyFrom(arg0), false);
    return deleted(delegate.deleteItem(arg0), older);
  }

  @Override
  public DeleteItemEnhancedResponse<T> deleteItemWithResponse(DeleteItemEnhancedRequest arg0) {
    if (window == null) {
      return delegate.deleteItemWithResponse(arg0);
    }
    // What the response carries (the old item, capacity, metrics) is the current copy's delete's:
    // the older copy is moved to the current key first, so that delete meets it.
    beforeWrite(arg0.key());
    return delegate.deleteItemWithResponse(arg0);
  }

  @Override
  public DeleteItemEnhancedResponse<T> deleteItemWithResponse(Consumer<DeleteItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.deleteItemWithResponse(arg0);
    }
    DeleteItemEnhancedRequest.Builder request = DeleteItemEnhancedRequest.builder();
    arg0.accept(request);
    return deleteItemWithResponse(request.build());
  }

  @Override
  public T getItem(GetItemEnhancedRequest arg0) {
    T found = delegate.getItem(arg0);
    return window == null ? found : getOlder(found, arg0.key(), arg0.consistentRead());
  }

  @Override
  public T getItem(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.getItem(arg0);
    }
    GetItemEnhancedRequest.Builder request = GetItemEnhancedRequest.builder();
    arg0.accept(request);
    return getItem(request.build());
  }

  @Override
  public T getItem(Key arg0) {
    T found = delegate.getItem(arg0);
    return window == null ? found : getOlder(found, arg0, false);
  }

  @Override
  public T getItem(T arg0) {
    T found = delegate.getItem(arg0);
    return window == null ? found : getOlder(found, delegate.keyFrom(arg0), false);
  }

  @Override
  public GetItemEnhancedResponse<T> getItemWithResponse(GetItemEnhancedRequest arg0) {
    GetItemEnhancedResponse<T> found = delegate.getItemWithResponse(arg0);
    if (window == null || found.attributes() != null) {
      return found;
    }
    T older = getOlder(null, arg0.key(), arg0.consistentRead());
    return older == null ? found : GetItemEnhancedResponse.<T>builder().attributes(older).build();
  }

  @Override
  public GetItemEnhancedResponse<T> getItemWithResponse(Consumer<GetItemEnhancedRequest.Builder> arg0) {
    if (window == null) {
      return delegate.getItemWithResponse(arg0);
    }
    GetItemEnhancedRequest.Builder request = GetItemEnhancedRequest.builder();
    arg0.accept(request);
    return getItemWithResponse(request.build());
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
    if (window == null) {
      delegate.putItem(arg0);
    } else if (arg0.conditionExpression() == null) {
      window.put(lowLevel(), delegate, arg0.item());
    } else {
      beforeWrite(delegate.keyFrom(arg0.item()));
      delegate.putItem(arg0);
    }
  }

  @Override
  public void putItem(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      delegate.putItem(arg0);
      return;
    }
    PutItemEnhancedRequest.Builder<T> request = PutItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    putItem(request.build());
  }

  @Override
  public void putItem(T arg0) {
    if (window == null) {
      delegate.putItem(arg0);
    } else {
      window.put(lowLevel(), delegate, arg0);
    }
  }

  @Override
  public PutItemEnhancedResponse<T> putItemWithResponse(PutItemEnhancedRequest<T> arg0) {
    if (window != null) {
      beforeWrite(delegate.keyFrom(arg0.item())); // what the response returns is the current copy's put's
    }
    return delegate.putItemWithResponse(arg0);
  }

  @Override
  public PutItemEnhancedResponse<T> putItemWithResponse(Consumer<PutItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.putItemWithResponse(arg0);
    }
    PutItemEnhancedRequest.Builder<T> request = PutItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return putItemWithResponse(request.build());
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
    if (window != null) {
      beforeWrite(delegate.keyFrom(arg0.item()));
    }
    return delegate.updateItem(arg0);
  }

  @Override
  public T updateItem(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.updateItem(arg0);
    }
    UpdateItemEnhancedRequest.Builder<T> request = UpdateItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return updateItem(request.build());
  }

  @Override
  public T updateItem(T arg0) {
    if (window != null) {
      beforeWrite(delegate.keyFrom(arg0));
    }
    return delegate.updateItem(arg0);
  }

  @Override
  public UpdateItemEnhancedResponse<T> updateItemWithResponse(UpdateItemEnhancedRequest<T> arg0) {
    if (window != null) {
      beforeWrite(delegate.keyFrom(arg0.item()));
    }
    return delegate.updateItemWithResponse(arg0);
  }

  @Override
  public UpdateItemEnhancedResponse<T> updateItemWithResponse(Consumer<UpdateItemEnhancedRequest.Builder<T>> arg0) {
    if (window == null) {
      return delegate.updateItemWithResponse(arg0);
    }
    UpdateItemEnhancedRequest.Builder<T> request = UpdateItemEnhancedRequest.builder(delegate.tableSchema().itemType().rawClass());
    arg0.accept(request);
    return updateItemWithResponse(request.build());
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
