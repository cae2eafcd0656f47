package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.FanOut;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads pages of the shards of a plan through the synchronous enhanced client, or, for a plan whose
 * requests dynakeys writes itself ({@link ReadPlan#lowLevel}), through its low-level client.
 */
final class SyncShards<T> {
  private final ReadPlan<T> plan;
  private final DynamoDbTable<T> table;
  private final DynamoDbIndex<T> index;
  private final ReadOptions options;
  /** The low-level client of a {@link ReadPlan#lowLevel} plan, else {@code null}. */
  private final DynamoDbClient client;

  SyncShards(ReadPlan<T> plan, DynamoDbTable<T> table, ReadOptions options) {
    this(plan, table, options, null);
  }

  SyncShards(ReadPlan<T> plan, DynamoDbTable<T> table, ReadOptions options, DynamoDbClient client) {
    if (plan.lowLevel() != (client != null)) {
      throw new IllegalArgumentException("a plan of low-level requests needs the low-level client, and only it");
    }
    this.plan = plan;
    this.table = table;
    this.client = client;
    // An index query must run on the index: on the table its key condition matches nothing.
    this.index = plan.isScan() || plan.query().indexName() == null ? null : table.index(plan.query().indexName());
    this.options = options;
  }

  /** The pages of {@code requests}, in order: one in the calling thread, several at once. */
  List<Page<T>> fetch(List<Merge.Request> requests) {
    if (requests.size() == 1) {
      return List.of(fetch(requests.get(0)));
    }
    List<Supplier<Page<T>>> work = new ArrayList<>(requests.size());
    for (Merge.Request request : requests) {
      work.add(() -> fetch(request));
    }
    // Resolved only here, so that reads of one partition never create the default pool.
    return FanOut.all(work, options.executor());
  }

  private Page<T> fetch(Merge.Request request) {
    try {
      if (client != null) {
        if (plan.isScan()) {
          ScanResponse r = client.scan(plan.lowLevelScanRequest(request.exclusiveStartKey(), request.limit(),
              request.consistentRead()));
          return plan.page(r.items(), r.lastEvaluatedKey());
        }
        QueryResponse r = client.query(plan.lowLevelRequest(request.shard(), request.exclusiveStartKey(),
            request.limit(), request.consistentRead()));
        return plan.page(r.items(), r.lastEvaluatedKey());
      }
      Iterator<Page<T>> pages;
      if (plan.isScan()) {
        pages = table.scan(plan.scanRequest(request.exclusiveStartKey(), request.limit(), request.consistentRead()))
            .iterator();
      } else {
        QueryEnhancedRequest query = plan.request(request.shard(), request.exclusiveStartKey(),
            request.limit(), request.consistentRead());
        // The iterator requests its first page in next() and nothing more unless asked.
        pages = index == null ? table.query(query).iterator() : index.query(query).iterator();
      }
      return pages.hasNext() ? pages.next() : Page.create(List.of(), null);
    } catch (ItemMappingException e) {
      throw e; // a stored item the schema refuses, not a failed request: it names the item itself
    } catch (RuntimeException e) {
      throw new ShardReadException(plan, request.shard(), e);
    }
  }
}
