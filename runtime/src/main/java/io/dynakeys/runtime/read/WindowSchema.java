package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.ItemVersion;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The table schema of a read during a layout window: every stored item becomes a
 * {@link WindowItem} that says which version of its record's layout it is ({@link RecordSchema#classify},
 * or the collection's), holds what the read returns for it (the record, or its {@code Projected}
 * form; a {@link BadItem} for an item of neither version) and the keys the merge and the cursor need.
 * It never throws on an item: whether a bad item fails the read depends on the shard that reads it
 * ({@link WindowPlan#keep}). Only reads use it.
 *
 * @param <T> the table's items
 */
final class WindowSchema<T> extends StoredItemSchema<T> {
  private final ProjectingSchema<?> projecting;
  private final RecordSchema<?> onlyMember;
  private final KeyQuery<?> query;
  private final String sortAttribute;
  private final List<String> tableKeys;

  /**
   * @param schema the table's schema: a record's or a collection's
   * @param projecting the projection's schema, or {@code null} for whole records
   * @param onlyMember the one member a filtered query of a collection reads, or {@code null}
   * @param query the query, or {@code null} for a scan
   * @param sortAttribute the attribute the merge orders by, or {@code null}
   */
  WindowSchema(TableSchema<T> schema, ProjectingSchema<?> projecting, RecordSchema<?> onlyMember, KeyQuery<?> query,
      String sortAttribute) {
    super(schema);
    this.projecting = projecting;
    this.onlyMember = onlyMember;
    this.query = query;
    this.sortAttribute = sortAttribute;
    List<String> keys = new java.util.ArrayList<>();
    keys.add(schema.tableMetadata().primaryPartitionKey());
    schema.tableMetadata().primarySortKey().ifPresent(keys::add);
    this.tableKeys = List.copyOf(keys);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Object mapToItem(Map<String, AttributeValue> stored, boolean preserveEmptyObject) {
    if (stored == null) {
      return null;
    }
    ItemVersion<?> version = schema instanceof RecordSchema<?> record ? record.classify(stored)
        : ((CollectionSchema<T>) schema).classify(stored);
    if (version.error() != null) {
      return bad(stored, version.error());
    }
    Object record = version.record();
    if (record == null || onlyMember != null && !onlyMember.itemType().rawClass().isInstance(record)) {
      return new WindowItem(WindowItem.Kind.SKIP, null, stored, storedKey(stored), null, null, null, false, false, null,
          null);
    }
    T value = (T) record;
    if (!version.older()) {
      return new WindowItem(WindowItem.Kind.CURRENT, projecting == null ? record : projecting.mapToItem(stored), stored,
          storedKey(stored), null, null, null, true, true, record.getClass(), null);
    }
    Map<String, AttributeValue> newerKey = new LinkedHashMap<>();
    String partition;
    String sort;
    Object mergeKey;
    try {
      for (String key : tableKeys) {
        newerKey.put(key, schema.attributeValue(value, key));
      }
      partition = query == null ? null : text(schema.attributeValue(value, query.partitionAttribute()));
      sort = query == null || query.sortAttribute() == null ? null
          : text(schema.attributeValue(value, query.sortAttribute()));
      mergeKey = sortAttribute == null ? "" : sortKey(schema.attributeValue(value, sortAttribute));
    } catch (RuntimeException e) {
      return bad(stored, new ItemMappingException(value.getClass().getSimpleName(), null,
          "an item of the older layout whose values cannot be written in the current layout's keys: "
              + (e.getMessage() == null ? e.getClass().getName() : e.getMessage()), e));
    }
    boolean sameTableKey = newerKey.equals(only(stored, tableKeys));
    boolean inPlace = sameTableKey
        && (query == null || equal(stored, query.partitionAttribute(), partition)
            && (query.sortAttribute() == null || equal(stored, query.sortAttribute(), sort)));
    Object projected = projecting == null ? value : projecting.mapToItem(schema.itemToMap(value, true));
    return new WindowItem(WindowItem.Kind.OLDER, projected, stored, mergeKey == null ? WindowPlan.BOTTOM : mergeKey,
        partition, sort, java.util.Collections.unmodifiableMap(newerKey), inPlace, sameTableKey, record.getClass(), null);
  }

  private WindowItem bad(Map<String, AttributeValue> stored, ItemMappingException error) {
    return new WindowItem(WindowItem.Kind.BAD, new BadItem(stored, new SkippedItem(only(stored, tableKeys), error)),
        stored, storedKey(stored), null, null, null, false, false, null, error);
  }

  private static boolean equal(Map<String, AttributeValue> stored, String attribute, String value) {
    AttributeValue s = stored.get(attribute);
    return value == null ? s == null : s != null && value.equals(s.s());
  }

  private static String text(AttributeValue value) {
    return value == null ? null : value.s();
  }

  /** The merge key of a stored item: its sort attribute, as {@link ReadPlan#sortKey} reads it. */
  private Object storedKey(Map<String, AttributeValue> stored) {
    if (sortAttribute == null) {
      return "";
    }
    Object key = sortKey(stored.get(sortAttribute));
    return key == null ? WindowPlan.BOTTOM : key;
  }

  private static Object sortKey(AttributeValue value) {
    if (value == null) {
      return null;
    }
    if (value.s() != null) {
      return value.s();
    }
    if (value.n() != null) {
      return new BigDecimal(value.n());
    }
    if (value.b() != null) {
      return value.b().asByteArrayUnsafe();
    }
    return null;
  }

  /** A stored attribute: what a position and a start key are made of. */
  @Override
  public AttributeValue attributeValue(Object item, String attributeName) {
    return ((WindowItem) item).stored.get(attributeName);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, boolean ignoreNulls) {
    return ((WindowItem) item).stored;
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, Collection<String> attributes) {
    return only(((WindowItem) item).stored, attributes);
  }
}
