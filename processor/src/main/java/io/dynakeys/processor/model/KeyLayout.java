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

  /**
   * The names of the generated query stage classes: {@code Query} for the partition, then
   * {@code QueryByScore}, {@code QueryByScoreAndAt}, ... with each sort component but the last
   * fixed (a single stage when the sort key has no component).
   */
  public List<String> stageNames() {
    List<String> names = new ArrayList<>();
    names.add("Query");
    StringBuilder name = new StringBuilder("QueryBy");
    List<KeyComponent> sort = this.sort.components();
    for (int i = 0; i + 1 < sort.size(); i++) {
      if (i > 0) {
        name.append("And");
      }
      String component = sort.get(i).name();
      name.append(Character.toUpperCase(component.charAt(0))).append(component.substring(1));
      names.add(name.toString());
    }
    return names;
  }

  /** Every component of both parts, partition first. */
  public List<KeyComponent> components() {
    List<KeyComponent> all = new ArrayList<>(partition.components());
    all.addAll(sort.components());
    return all;
  }
}
