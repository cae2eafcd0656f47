package io.dynakeys.operations.rekey;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.Migration;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.internal.schema.ItemVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
  /** For a re-key to the current layout version ({@link #toCurrentVersion}): the record's model; else {@code null}. */
  private final EntityModel versions;

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
    this.versions = null;
    EntityModel.of(from.keysClass()).refuseWhenGuarded("a re-key");
    EntityModel.of(to.keysClass()).refuseWhenGuarded("a re-key");
  }

  private Rekey(EntitySchema schema, EntityModel versions, boolean keepUnknown) {
    this.from = schema;
    this.to = schema;
    this.migration = null;
    this.keepUnknown = keepUnknown;
    this.versions = versions;
  }

  /**
   * The re-key of a record's items from its live older layout version to its current one
   * ({@code @LayoutVersion(value = 2, live = 1)}): an old item is an item of the live older
   * version, read as the window's reads read it (its older keys parsed by the codecs of the
   * committed layout file, and checked against its components; or made by the record's named
   * {@code LayoutMigration}); the new item is what the record's table schema writes for that record,
   * plus the attributes of the old item that neither the record nor the older layout's keys name,
   * unless {@link #keepUnknownAttributes(boolean) turned off}.
   *
   * @param schema the record's current layout, from its generated keys class
   * @param version the version to re-key to: the record's current version
   * @return the re-key
   * @throws io.dynakeys.operations.ConfigurationException when {@code version} is not the record's
   *     current version, the record has no live older version, or the record has {@code @Unique}
   *     components
   */
  public static Rekey toCurrentVersion(EntitySchema schema, int version) {
    EntityModel model = EntityModel.of(schema.keysClass());
    model.refuseWhenGuarded("a re-key");
    if (model.olderVersion() == 0) {
      throw new ConfigurationException(schema.name() + " has no live older layout version to re-key from: it is at"
          + " version " + model.version() + " with no @LayoutVersion(live = ...)");
    }
    if (version != model.version()) {
      throw new ConfigurationException(schema.name() + " is at layout version " + model.version() + " (live "
          + model.olderVersion() + "), not " + version + ": a re-key goes from the live version to the current one");
    }
    return new Rekey(schema, model, true);
  }

  /** The same re-key, carrying attributes the old layout does not declare over, or not. */
  public Rekey keepUnknownAttributes(boolean keep) {
    return versions != null ? new Rekey(from, versions, keep) : new Rekey(from, to, migration, keep);
  }

  /**
   * The record an item to re-key stands for: what the old layout reads of it strictly, or, for a
   * re-key to the current version, the record of an item of the live older version.
   *
   * @param item a stored item
   * @return the record, or {@code null} when {@code item} is no old item
   */
  public Object readOld(Map<String, AttributeValue> item) {
    if (versions == null) {
      return from.readStrictly(item);
    }
    ItemVersion<Object> version = versions.version(item);
    return version != null && version.older() ? version.record() : null;
  }

  /** The new item for {@code oldItem}, with the same options as {@link #Rekey}. */
  public static Optional<Map<String, AttributeValue>> rekey(EntitySchema from, EntitySchema to,
      Migration<?, ?> migration, Map<String, AttributeValue> oldItem) {
    return new Rekey(from, to, migration).apply(oldItem);
  }

  /** Whether the old layout reads {@code item} strictly: an item to re-key. */
  public boolean isOldItem(Map<String, AttributeValue> item) {
    return readOld(item) != null;
  }

  /** Whether the new layout reads {@code item} strictly: re-keyed already, or written anew. */
  public boolean isNewItem(Map<String, AttributeValue> item) {
    if (versions == null) {
      return to.readStrictly(item) != null;
    }
    ItemVersion<Object> version = versions.version(item);
    return version != null && version.record() != null && !version.older();
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
    Object record = readOld(oldItem);
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
    Object newRecord = versions == null ? migration.migrate(oldRecord) : oldRecord;
    if (newRecord == null) {
      return Optional.empty();
    }
    Map<String, AttributeValue> next = new LinkedHashMap<>(to.toItem(newRecord));
    if (keepUnknown) {
      Set<String> known = versions == null ? Set.copyOf(from.attributeNames()) : versions.olderLayoutAttributes();
      for (Map.Entry<String, AttributeValue> e : oldItem.entrySet()) {
        if (!known.contains(e.getKey()) && !next.containsKey(e.getKey())) {
          next.put(e.getKey(), e.getValue());
        }
      }
    }
    return Optional.of(next);
  }

  private IllegalArgumentException notOld(Map<String, AttributeValue> item) {
    if (versions != null) {
      ItemVersion<Object> version = versions.version(item);
      String key = "pk=" + ItemKeys.text(item.get(from.partitionKeyAttribute())) + (from.sortKeyAttribute() == null ? ""
          : " sk=" + ItemKeys.text(item.get(from.sortKeyAttribute())));
      return new IllegalArgumentException("the item " + key + " is not one of " + from.name() + "'s version "
          + versions.olderVersion() + " items" + (version == null ? ": its keys carry neither version's prefixes"
              : version.error() != null ? ": " + version.error().getMessage() : ": it is of version " + version.version()));
    }
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
