package io.dynakeys.operations.rekey;

import io.dynakeys.operations.Migration;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.schema.EntitySchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The re-key of one item as a plain function, attribute map in, new attribute map out: what
 * {@code dynakeys migrate} computes for every old item before it writes, with no I/O, for a job of
 * another engine (Spark, Glue) over a table or an export.
 *
 * <pre>{@code
 * Rekey rekey = new Rekey(EntitySchema.of(RunV1Keys.class), EntitySchema.of(RunKeys.class), new RunV1ToRun());
 * if (rekey.isOldItem(item)) {
 *   rekey.apply(item).ifPresent(next -> ...);   // the new item: every key recomputed, other attributes kept
 * }
 * }</pre>
 *
 * <p>An old item is one the old layout reads strictly: its key prefixes, its parsers, and its stored
 * keys exactly the keys the old layout computes from its components. The new item is what the
 * new layout's table schema writes for {@code migration.migrate(old)}, plus the attributes of the
 * old item that the old layout does not declare (written by other code), unless
 * {@link #keepUnknownAttributes(boolean) turned off}. Instances are immutable and thread-safe when
 * the migration is.
 */
public final class Rekey {
  private final EntitySchema from;
  private final EntitySchema to;
  private final Migration<Object, Object> migration;
  private final boolean keepUnknown;

  /**
   * A re-key that carries unknown attributes over.
   *
   * @param from the old layout
   * @param to the new layout
   * @param migration the mapping of old records to new ones
   * @throws io.dynakeys.operations.ConfigurationException when either layout has {@code @Unique}
   *     components, whose guard items a re-key would leave naming the old keys
   */
  public Rekey(EntitySchema from, EntitySchema to, Migration<?, ?> migration) {
    this(from, to, migration, true);
  }

  @SuppressWarnings("unchecked")
  private Rekey(EntitySchema from, EntitySchema to, Migration<?, ?> migration, boolean keepUnknown) {
    this.from = Objects.requireNonNull(from, "from");
    this.to = Objects.requireNonNull(to, "to");
    this.migration = (Migration<Object, Object>) Objects.requireNonNull(migration, "migration");
    this.keepUnknown = keepUnknown;
    EntityModel.of(from.keysClass()).refuseWhenGuarded("a re-key");
    EntityModel.of(to.keysClass()).refuseWhenGuarded("a re-key");
  }

  /** The same re-key, carrying attributes the old layout does not declare over, or not. */
  public Rekey keepUnknownAttributes(boolean keep) {
    return new Rekey(from, to, migration, keep);
  }

  /** The new item for {@code oldItem}, with the same options as {@link #Rekey}. */
  public static Optional<Map<String, AttributeValue>> rekey(EntitySchema from, EntitySchema to,
      Migration<?, ?> migration, Map<String, AttributeValue> oldItem) {
    return new Rekey(from, to, migration).apply(oldItem);
  }

  /** Whether the old layout reads {@code item} strictly: an item to re-key. */
  public boolean isOldItem(Map<String, AttributeValue> item) {
    return from.readStrictly(item) != null;
  }

  /** Whether the new layout reads {@code item} strictly: re-keyed already, or written anew. */
  public boolean isNewItem(Map<String, AttributeValue> item) {
    return to.readStrictly(item) != null;
  }

  /**
   * The item in the new layout.
   *
   * @return the new item, or empty when the migration returns {@code null} (the item is left as it is)
   * @throws IllegalArgumentException when the old layout does not read {@code item} strictly: the
   *     old layout's {@code KeyFormatException} or {@code ItemMappingException}, or a plain one for
   *     an item without its key prefixes (see {@link #isOldItem})
   * @throws RuntimeException what the migration or the new layout's schema throw for this record
   */
  public Optional<Map<String, AttributeValue>> apply(Map<String, AttributeValue> oldItem) {
    Object record = from.readStrictly(oldItem);
    if (record == null) {
      throw notOld(oldItem);
    }
    return apply(oldItem, record);
  }

  /**
   * The item in the new layout, for an old item its caller has already read: what
   * {@link #apply(Map)} does after {@code from.readStrictly(oldItem)}, without reading it again (a
   * migration that must tell old items from others reads each item once).
   *
   * @param oldItem an item of the old layout
   * @param oldRecord the record {@code from.readStrictly(oldItem)} returned for it
   * @return the new item, or empty when the migration returns {@code null}
   * @throws RuntimeException what the migration or the new layout's schema throw for this record
   */
  public Optional<Map<String, AttributeValue>> apply(Map<String, AttributeValue> oldItem, Object oldRecord) {
    Object newRecord = migration.migrate(oldRecord);
    if (newRecord == null) {
      return Optional.empty();
    }
    Map<String, AttributeValue> next = new LinkedHashMap<>(to.toItem(newRecord));
    if (keepUnknown) {
      for (Map.Entry<String, AttributeValue> e : oldItem.entrySet()) {
        if (!from.attributeNames().contains(e.getKey()) && !next.containsKey(e.getKey())) {
          next.put(e.getKey(), e.getValue());
        }
      }
    }
    return Optional.of(next);
  }

  private IllegalArgumentException notOld(Map<String, AttributeValue> item) {
    String pk = ItemKeys.text(item.get(from.partitionKeyAttribute()));
    String sk = from.sortKeyAttribute() == null ? null : ItemKeys.text(item.get(from.sortKeyAttribute()));
    String key = "pk=" + pk + (sk == null ? "" : " sk=" + sk);
    if (!from.owns(item) || pk == null) {
      return new IllegalArgumentException("the item " + key + " is not one of " + from.name()
          + "'s layout: its keys lack the layout's prefixes");
    }
    try {
      from.parsePartitionKey(pk);
      if (sk != null) {
        from.parseSortKey(sk);
      }
      from.read(item);
    } catch (IllegalArgumentException e) {
      return e;
    }
    return new IllegalArgumentException("the item " + key + " is not one of " + from.name() + "'s layout");
  }
}
