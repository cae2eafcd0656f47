package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.KeyText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The guard items of a record's {@code @Unique} values: each is keyed by its guard layout from the
 * record's descriptor (the guard's prefix and the value by the component's codec; the constant
 * sort key when the table has one) and holds the owning item's primary key in attributes named
 * {@code owner_<key attribute>}, so a guard is deleted only by its owner and a violation names it.
 */
public final class UniqueGuards {
  /** The prefix of the attributes that hold the owner's key on a guard. */
  public static final String OWNER = EntityDescriptor.UniqueGuard.OWNER_ATTRIBUTE_PREFIX;

  private UniqueGuards() {}

  /**
   * One value's guard.
   *
   * @param component the unique component
   * @param value the value as its guard's key writes it (after the prefix)
   * @param key the guard's primary key
   * @param keyMap the same key as attributes
   */
  public record Value(String component, String value, Key key, Map<String, AttributeValue> keyMap) {}

  /** The generated record schema of {@code item} in {@code table}, or {@code null} when it has none. */
  @SuppressWarnings("unchecked")
  public static <T> RecordSchema<T> schema(MappedTableResource<?> table, Object item) {
    TableSchema<?> schema = table.tableSchema();
    if (schema instanceof RecordSchema<?> record) {
      return (RecordSchema<T>) record;
    }
    if (schema instanceof CollectionSchema<?> collection && item != null) {
      for (RecordSchema<?> member : collection.memberSchemas()) {
        if (member.itemType().rawClass() == item.getClass()) {
          return (RecordSchema<T>) member;
        }
      }
    }
    return null;
  }

  /** Whether writes of {@code item} (or, without one, of any record of the table) must keep guards. */
  public static boolean guarded(MappedTableResource<?> table, Object item) {
    if (item == null && table.tableSchema() instanceof CollectionSchema<?> collection) {
      return collection.memberSchemas().stream().anyMatch(UniqueGuards::hasUniques);
    }
    RecordSchema<?> schema = schema(table, item);
    return schema != null && hasUniques(schema);
  }

  private static boolean hasUniques(RecordSchema<?> schema) {
    return schema.descriptor().map(d -> !d.uniques().isEmpty()).orElse(false);
  }

  /** The names of the record's unique components, for messages. */
  public static String names(MappedTableResource<?> table, Object item) {
    List<String> out = new ArrayList<>();
    List<RecordSchema<?>> schemas = new ArrayList<>();
    RecordSchema<?> one = schema(table, item);
    if (one != null) {
      schemas.add(one);
    } else if (table.tableSchema() instanceof CollectionSchema<?> collection) {
      schemas.addAll(collection.memberSchemas());
    }
    for (RecordSchema<?> s : schemas) {
      if (!s.uniqueComponentNames().isEmpty()) {
        out.add(s.uniqueComponentNames());
      }
    }
    return String.join(", ", out);
  }

  /** The unique components' handles of {@code schema}'s record, in declaration order. */
  public static <T> List<EntityDescriptor.UniqueGuard<T>> of(RecordSchema<T> schema) {
    return schema.descriptor().map(EntityDescriptor::uniques).orElse(List.of());
  }

  /** The value of {@code guard}'s component in {@code item}: unwrapped from an Optional, {@code null} for none. */
  public static <T> Object valueOf(EntityDescriptor.UniqueGuard<T> guard, T item) {
    Object raw = guard.handle().get(item);
    if (raw instanceof Optional<?> o) {
      return o.orElse(null);
    }
    return raw;
  }

  /** The guard of {@code item}'s value of {@code guard}'s component, or {@code null} when it has none. */
  public static <T> Value guardOf(RecordSchema<T> schema, EntityDescriptor.UniqueGuard<T> guard, T item,
      String partitionAttribute, String sortAttribute) {
    Object value = valueOf(guard, item);
    if (value == null) {
      return null;
    }
    String record = schema.descriptor().orElseThrow().name();
    Attribute<T, ?> handle = guard.handle();
    Map<String, Object> values = Map.of(handle.name(), value);
    String pk = KeyText.encode(record, guard.partition(), true, values);
    Map<String, AttributeValue> keyMap = new LinkedHashMap<>();
    keyMap.put(partitionAttribute, AttributeValue.fromS(pk));
    Key.Builder key = Key.builder().partitionValue(pk);
    if (guard.sort() != null) {
      String sk = KeyText.encode(record, guard.sort(), false, Map.of());
      keyMap.put(sortAttribute, AttributeValue.fromS(sk));
      key.sortValue(sk);
    }
    return new Value(handle.name(), pk.substring(guard.partition().head().length()), key.build(), keyMap);
  }

  /** The owner's key a guard item holds. */
  public static Map<String, AttributeValue> owner(Map<String, AttributeValue> guardItem) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    guardItem.forEach((attribute, value) -> {
      if (attribute.startsWith(OWNER)) {
        out.put(attribute.substring(OWNER.length()), value);
      }
    });
    return out;
  }
}
