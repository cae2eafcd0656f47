package io.dynakeys.processor.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The keys of the table or of one secondary index: a partition key and an optional sort key.
 *
 * @param indexName the index, or {@code null} for the table
 * @param partition the partition key layout
 * @param sort the sort key layout; {@link KeyPart#isEmpty()} when there is no sort key
 */
public record KeyLayout(String indexName, KeyPart partition, KeyPart sort) {

  /** Whether items have a sort key in this layout. */
  public boolean hasSortKey() {
    return !sort.isEmpty();
  }

  /** Both parts, partition first. */
  public List<KeyPart> parts() {
    return List.of(partition, sort);
  }

  /** Every component of both parts, partition first. */
  public List<KeyComponent> components() {
    List<KeyComponent> all = new ArrayList<>(partition.components());
    all.addAll(sort.components());
    return all;
  }
}
