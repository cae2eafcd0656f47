package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;

/**
 * The item of the fake tables: the partition key is {@code part} itself, the sort key {@code sort};
 * the global index {@code byGroup} has the partition key {@code group} and the sort key
 * {@code rank}, which may repeat within a group (index sort keys need not be unique).
 */
record Row(String part, String sort, String group, String rank, int value) {
  static final String INDEX = "byGroup";

  static final RecordSchema<Row> SCHEMA = RecordSchema.builder(Row.class, Row::component,
          v -> new Row((String) v[0], (String) v[1], (String) v[2], (String) v[3], (Integer) v[4]))
      .keyAttribute("part", StoredType.of(String.class))
      .keyAttribute("sort", StoredType.of(String.class))
      .attribute("group", StoredType.of(String.class))
      .attribute("rank", StoredType.of(String.class))
      .attribute("value", StoredType.of(int.class))
      .partitionKey("pk", Row::part)
      .sortKey("sk", Row::sort)
      .indexPartitionKey(INDEX, "gpk", Row::group)
      .indexSortKey(INDEX, "gsk", Row::rank)
      .build();

  private static Object component(Row row, int index) {
    switch (index) {
      case 0: return row.part();
      case 1: return row.sort();
      case 2: return row.group();
      case 3: return row.rank();
      case 4: return row.value();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  @Override
  public String toString() {
    return part + "/" + sort + (group == null ? "" : " [" + group + "/" + rank + "]");
  }
}
