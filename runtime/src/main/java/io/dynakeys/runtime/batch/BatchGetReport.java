package io.dynakeys.runtime.batch;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;

/**
 * What a {@link BatchGet} read, per table resource, in the order the keys were given.
 */
public final class BatchGetReport {
  private final Map<MappedTableResource<?>, List<Object>> items;
  private final Map<MappedTableResource<?>, List<Key>> missing;
  private final int requests;
  private final int retried;

  BatchGetReport(Map<MappedTableResource<?>, List<Object>> items, Map<MappedTableResource<?>, List<Key>> missing,
      int requests, int retried) {
    this.items = items;
    this.missing = missing;
    this.requests = requests;
    this.retried = retried;
  }

  /**
   * The items found in {@code table}, in the order their keys were added to the batch; a key with
   * no item has no place in the list ({@link #missing}).
   *
   * @param table a table resource the batch read from (the same object)
   * @param <T> the item type
   * @return an unmodifiable list, empty when nothing was found or the batch did not read the table
   */
  @SuppressWarnings("unchecked")
  public <T> List<T> items(MappedTableResource<T> table) {
    return List.copyOf((List<T>) (List<?>) items.getOrDefault(table, List.of()));
  }

  /**
   * The keys of {@code table} that have no item, in the order they were added.
   *
   * @param table a table resource the batch read from
   * @return an unmodifiable list
   */
  public List<Key> missing(MappedTableResource<?> table) {
    return List.copyOf(missing.getOrDefault(table, List.of()));
  }

  /**
   * The BatchGetItem requests sent, retries included.
   *
   * @return the number of requests
   */
  public int requests() {
    return requests;
  }

  /**
   * How many times a key DynamoDB left unprocessed was sent again.
   *
   * @return the number of re-sent keys
   */
  public int retried() {
    return retried;
  }

  @Override
  public String toString() {
    int found = items.values().stream().mapToInt(List::size).sum();
    int absent = missing.values().stream().mapToInt(List::size).sum();
    return "BatchGetReport[" + found + " found, " + absent + " missing, " + requests + " request(s)]";
  }
}
