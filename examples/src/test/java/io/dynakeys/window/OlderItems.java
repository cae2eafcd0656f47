package io.dynakeys.window;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.LayoutKeys;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items as version 1 of a record wrote them, made from a version 2 record: its attributes as
 * version 2 writes them, with the keys of version 1 (written by the codecs of the layout
 * {@code RunKeys.V1} holds) in place of version 2's, and without what version 1 did not store.
 * {@code LayoutFilesTest} checks, for random records, that these are the items version 1's own
 * generated code writes.
 */
final class OlderItems {
  private OlderItems() {}

  /** The item version 1 stored for {@code record}, which stored none of {@code notStored}. */
  static <R> Map<String, AttributeValue> of(RecordTableSchema<R> schema, R record, Set<String> notStored) {
    RecordSchema<R> own = RecordSchema.of(schema);
    EntityDescriptor<R> descriptor = own.descriptor().orElseThrow();
    EntityDescriptor.LiveVersion live = descriptor.liveVersion().orElseThrow();
    EntityLayout now = descriptor.layout();
    EntityLayout older = live.layout();
    Map<String, AttributeValue> item = new LinkedHashMap<>(own.itemToMap(record, true));
    for (EntityLayout.Index index : now.indexes()) {
      item.remove(index.partition().attribute());
      if (index.sort() != null) {
        item.remove(index.sort().attribute());
      }
    }
    notStored.forEach(item::remove);
    Function<String, Object> values = name -> {
      Attribute<R, ?> handle = descriptor.attribute(name).orElseThrow();
      return handle.get(record);
    };
    item.put(older.partition().attribute(), AttributeValue.fromS(LayoutKeys.partitionKey(older, live.shardBy(), values)));
    if (older.sort() != null) {
      item.put(older.sort().attribute(), AttributeValue.fromS(LayoutKeys.sortKey(older, values)));
    }
    for (EntityLayout.Index index : older.indexes()) {
      String pk = LayoutKeys.write(older.record(), index.partition(), values, Utf8.PARTITION_KEY_LIMIT, "partition key");
      if (pk != null && !index.local()) {
        item.put(index.partition().attribute(), AttributeValue.fromS(pk));
      }
      if (index.sort() != null) {
        String sk = LayoutKeys.write(older.record(), index.sort(), values, Utf8.SORT_KEY_LIMIT, "sort key");
        if (sk != null) {
          item.put(index.sort().attribute(), AttributeValue.fromS(sk));
        }
      }
    }
    return item;
  }
}
