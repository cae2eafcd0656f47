package io.dynakeys.runtime.internal.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.KeyAttributeMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;

/**
 * The enhanced client's {@link TableMetadata} of an item collection: the union of its members'
 * keys and indexes, each index once, a native index's attributes in their places. Members must
 * agree on an index of one name (its partition and sort attributes). None of the members' static
 * attribute tags (version, counters, timestamps) are kept: the client applies a table's settings to
 * every item, and they differ from member to member (see {@link CollectionSchema}).
 */
final class CollectionTableMetadata {
  private CollectionTableMetadata() {}

  /**
   * The metadata of the collection {@code name} with {@code members}.
   *
   * @throws IllegalStateException when two members key an index of one name by other attributes
   */
  static StaticTableMetadata of(String name, List<? extends RecordSchema<?>> members) {
    StaticTableMetadata.Builder out = StaticTableMetadata.builder();
    Map<String, String> seen = new LinkedHashMap<>();
    for (RecordSchema<?> member : members) {
      for (IndexMetadata index : member.tableMetadata().indices()) {
        String description = describe(index);
        String before = seen.putIfAbsent(index.name(), description);
        if (before != null) {
          if (!before.equals(description)) {
            throw new IllegalStateException("the members of " + name + " disagree on the index "
                + index.name() + ": " + before + " and " + description);
          }
          continue;
        }
        // A native index's attributes keep their places (Order), a composed one's single key none.
        for (KeyAttributeMetadata k : index.partitionKeys()) {
          if (k.order() == Order.UNSPECIFIED) {
            out.addIndexPartitionKey(index.name(), k.name(), k.attributeValueType());
          } else {
            out.addIndexPartitionKey(index.name(), k.name(), k.attributeValueType(), k.order());
          }
        }
        for (KeyAttributeMetadata k : index.sortKeys()) {
          if (k.order() == Order.UNSPECIFIED) {
            out.addIndexSortKey(index.name(), k.name(), k.attributeValueType());
          } else {
            out.addIndexSortKey(index.name(), k.name(), k.attributeValueType(), k.order());
          }
        }
      }
    }
    return out.build();
  }

  /** An index's key attributes for messages: {@code gsi1pk/gsi1sk}, {@code -} for a side it lacks. */
  private static String describe(IndexMetadata index) {
    String partition = index.partitionKeys().stream().map(KeyAttributeMetadata::name).collect(Collectors.joining("+"));
    String sort = index.sortKeys().stream().map(KeyAttributeMetadata::name).collect(Collectors.joining("+"));
    return (partition.isEmpty() ? "-" : partition) + "/" + (sort.isEmpty() ? "-" : sort);
  }
}
