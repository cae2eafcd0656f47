package io.dynakeys.tools;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * A client that "kills" the run after a number of writes (or scans): from then on every call
 * fails, as if the process had died at that moment, so no segment can finish its page and no
 * progress is saved that a real kill would not have saved. It counts the writes that went through,
 * which tells a rerun that does nothing from one that does.
 */
public class FaultyClient implements DynamoDbClient {
  /** The failure a killed run ends with. */
  public static final class Killed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Killed() {
      super("injected kill");
    }
  }

  private final DynamoDbClient delegate;
  private final long writesBeforeKill;
  private final long scansBeforeKill;
  private final long deletesBeforeKill;
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong deletes = new AtomicLong();
  private final AtomicLong scans = new AtomicLong();
  private volatile boolean dead;

  public FaultyClient(DynamoDbClient delegate, long writesBeforeKill, long scansBeforeKill) {
    this(delegate, writesBeforeKill, scansBeforeKill, Long.MAX_VALUE);
  }

  public FaultyClient(DynamoDbClient delegate, long writesBeforeKill, long scansBeforeKill, long deletesBeforeKill) {
    this.deletesBeforeKill = deletesBeforeKill;
    this.delegate = delegate;
    this.writesBeforeKill = writesBeforeKill;
    this.scansBeforeKill = scansBeforeKill;
  }

  /** A client that only counts. */
  public static FaultyClient counting(DynamoDbClient delegate) {
    return new FaultyClient(delegate, Long.MAX_VALUE, Long.MAX_VALUE);
  }

  public static FaultyClient killAfterWrites(DynamoDbClient delegate, long writes) {
    return new FaultyClient(delegate, writes, Long.MAX_VALUE);
  }

  /** Killed at its {@code deletes + 1}-th delete: in a move, inside the delete phase. */
  public static FaultyClient killAfterDeletes(DynamoDbClient delegate, long deletes) {
    return new FaultyClient(delegate, Long.MAX_VALUE, Long.MAX_VALUE, deletes);
  }

  public static FaultyClient killAfterScans(DynamoDbClient delegate, long scans) {
    return new FaultyClient(delegate, Long.MAX_VALUE, scans);
  }

  public long writes() {
    return writes.get();
  }

  /** The Scan requests made (a verify's included). */
  public long scans() {
    return scans.get();
  }

  public boolean killed() {
    return dead;
  }

  private void alive() {
    if (dead) {
      throw new Killed();
    }
  }

  private void write() {
    alive();
    if (writes.incrementAndGet() > writesBeforeKill) {
      writes.decrementAndGet();
      dead = true;
      throw new Killed();
    }
  }

  @Override
  public PutItemResponse putItem(PutItemRequest request) {
    write();
    return delegate.putItem(request);
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest request) {
    alive();
    if (deletes.incrementAndGet() > deletesBeforeKill) {
      dead = true;
      throw new Killed();
    }
    write();
    return delegate.deleteItem(request);
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
    write();
    return delegate.batchWriteItem(request);
  }

  /** A transaction of a put and a delete (or the probe's condition check) is one write, and a delete. */
  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    alive();
    boolean deletes = request.transactItems().stream().anyMatch(i -> i.delete() != null);
    if (deletes && this.deletes.incrementAndGet() > deletesBeforeKill) {
      dead = true;
      throw new Killed();
    }
    write();
    return delegate.transactWriteItems(request);
  }

  @Override
  public ScanResponse scan(ScanRequest request) {
    alive();
    if (scans.incrementAndGet() > scansBeforeKill) {
      dead = true;
      throw new Killed();
    }
    return delegate.scan(request);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    alive();
    return delegate.query(request);
  }

  @Override
  public GetItemResponse getItem(GetItemRequest request) {
    alive();
    return delegate.getItem(request);
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest request) {
    alive();
    return delegate.describeTable(request);
  }

  @Override
  public String serviceName() {
    return delegate.serviceName();
  }

  @Override
  public void close() {
    // The delegate is shared by the tests.
  }
}
