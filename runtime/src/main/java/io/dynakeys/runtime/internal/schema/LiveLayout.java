package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.LayoutKeys;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.LayoutMigration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The live older version of a record's stored layout ({@code @LayoutVersion(value = 2, live = 1)})
 * as the runtime uses it during the window in which the table holds items of both: which stored
 * items are the older version's, the record such an item stands for, and the older keys of a
 * record or of a key of the current version.
 *
 * <p>An item is the older version's when its stored table keys parse with the older layout's codecs
 * ({@link LayoutKeys#read}), its record is read from it (the current schema's strict reading of
 * every component, without the check of stored keys; or, with a named {@link LayoutMigration}, the
 * record the migration makes of the parsed older table key and the item), the current version's
 * keys can be written from that record, and the older keys computed from it are the stored ones
 * (the table's, and each older composed index key the item holds). Nothing else is: an item whose
 * stored key does not match its components is no item of either version.
 *
 * <p>Made by {@link RecordSchema} when its descriptor names a live version; a record without one has
 * none, and pays nothing. Immutable and thread-safe.
 *
 * @param <R> the record
 */
public final class LiveLayout<R> {
  private final RecordSchema<R> schema;
  private final EntityDescriptor<R> descriptor;
  private final EntityDescriptor.LiveVersion live;
  private final EntityLayout older;
  private final LayoutMigration<Object, R> migration;
  private final Function<Object[], ?> migrationKey;
  private final ShardCodec olderShards;
  private final ShardCodec newerShards;
  private final KeyOwnership olderOwnership;
  /** The components of the older table key, partition then sort, each once: the migration key's order. */
  private final List<String> olderTableComponents;
  /** Whether the older table key holds every component of the current one (see {@link #olderKeyIdentifies()}). */
  private final boolean identifies;

  LiveLayout(RecordSchema<R> schema, EntityDescriptor<R> descriptor, EntityDescriptor.LiveVersion live,
      LayoutMigration<Object, R> migration, Function<Object[], ?> migrationKey) {
    this.schema = schema;
    this.descriptor = descriptor;
    this.live = live;
    this.older = live.layout();
    this.migration = migration;
    this.migrationKey = migrationKey;
    this.olderShards = shards(older);
    this.newerShards = shards(descriptor.layout());
    this.olderOwnership = new KeyOwnership(older.record(), older.partition().attribute(),
        older.sort() == null ? null : older.sort().attribute(), prefix(older.partition()), prefix(older.sort()));
    List<String> components = new ArrayList<>();
    older.partition().segments().forEach(s -> components.add(s.component()));
    if (older.sort() != null) {
      older.sort().segments().forEach(s -> {
        if (!components.contains(s.component())) {
          components.add(s.component());
        }
      });
    }
    this.olderTableComponents = List.copyOf(components);
    List<String> current = new ArrayList<>();
    descriptor.layout().partition().segments().forEach(s -> current.add(s.component()));
    if (descriptor.layout().sort() != null) {
      descriptor.layout().sort().segments().forEach(s -> current.add(s.component()));
    }
    this.identifies = components.containsAll(current);
  }

  /**
   * Whether an older table key tells the item: it holds every component of the current table key
   * (the older one holds every component of the current one: the processor checks that), so one
   * older key is the older key of one current key only. Not so when the current key has a component
   * the older items did not store (a named migration makes it): two current items may then share
   * an older key, and a write must read an older copy to know whose it is.
   */
  public boolean olderKeyIdentifies() {
    return identifies;
  }

  private static ShardCodec shards(EntityLayout layout) {
    return layout.shards() > 0 && !layout.randomShards()
        ? new ShardCodec(layout.record(), layout.partition().delimiter(), layout.shards()) : null;
  }

  private static KeyPrefix prefix(EntityLayout.Key key) {
    return key == null || key.prefix().isEmpty() ? KeyPrefix.NONE : new KeyPrefix(key.prefix(), key.delimiter());
  }

  /** The record's current version. */
  public int version() {
    return descriptor.version();
  }

  /** The live older version's number. */
  public int olderVersion() {
    return live.version();
  }

  /** The live older version's keys, made of its own codecs. */
  public EntityLayout olderLayout() {
    return older;
  }

  /** The current version's keys. */
  public EntityLayout layout() {
    return descriptor.layout();
  }

  /** The components that choose the older layout's shard, empty for its whole sort key. */
  public List<String> olderShardBy() {
    return live.shardBy();
  }

  /** The shard codec of the older layout's partition key, or {@code null} when it is not sharded. */
  public ShardCodec olderShards() {
    return olderShards;
  }

  /** The shard codec of the current layout's partition key, or {@code null} when it is not sharded. */
  public ShardCodec newerShards() {
    return newerShards;
  }

  /** The current version's schema. */
  public RecordSchema<R> schema() {
    return schema;
  }

  /** Whether the migration from the older items is a named {@link LayoutMigration} (else the attributes are read as the record). */
  public boolean migrates() {
    return migration != null;
  }

  /** Whether {@code item}'s stored keys carry the older layout's prefixes. */
  public boolean ownsOlder(Map<String, AttributeValue> item) {
    return olderOwnership.owns(item);
  }

  /** The ownership rule of the older layout's prefixes, for the scan filter of both versions. */
  KeyOwnership olderOwnership() {
    return olderOwnership;
  }

  /**
   * The record {@code item} stands for, when it is an item of the older version (see the class
   * description).
   *
   * @throws ItemMappingException saying why it is not (without naming the item: the caller does)
   */
  public R readOlder(Map<String, AttributeValue> item) {
    String record = descriptor.name();
    String pkAttribute = older.partition().attribute();
    String skAttribute = older.sort() == null ? null : older.sort().attribute();
    Map<String, Object> parsed = new LinkedHashMap<>();
    try {
      parsed.putAll(LayoutKeys.read(record, older.partition(), stringKey(item, pkAttribute), olderShards, true));
      if (skAttribute != null) {
        parsed.putAll(LayoutKeys.read(record, older.sort(), stringKey(item, skAttribute), null, false));
      }
    } catch (KeyFormatException e) {
      throw problem(null, "its stored keys are no keys of version " + live.version() + ": " + e.getMessage(), e);
    }
    R value;
    if (migration == null) {
      value = schema.withoutKeyVerification().mapToItem(item, true);
    } else {
      Object[] components = new Object[olderTableComponents.size()];
      for (int i = 0; i < components.length; i++) {
        components[i] = parsed.get(olderTableComponents.get(i));
      }
      try {
        value = migration.migrate(migrationKey.apply(components), item);
      } catch (ItemMappingException e) {
        throw e;
      } catch (RuntimeException e) {
        throw problem(null, "the migration " + migration.getClass().getName() + " failed: " + reason(e), e);
      }
      if (value == null) {
        throw problem(null, "the migration " + migration.getClass().getName() + " made no record of it", null);
      }
    }
    checkOlderKeys(item, value);
    try {
      newerKey(value);
    } catch (RuntimeException e) {
      throw problem(null, "its values cannot be written in the keys of version " + descriptor.version() + ": "
          + reason(e), e);
    }
    return value;
  }

  /** Refuses a record whose older keys are not the ones {@code item} stores. */
  private void checkOlderKeys(Map<String, AttributeValue> item, R value) {
    Function<String, Object> values = values(value);
    String pk;
    String sk;
    try {
      pk = LayoutKeys.partitionKey(older, live.shardBy(), values);
      sk = LayoutKeys.sortKey(older, values);
    } catch (RuntimeException e) {
      throw problem(null, "its version " + live.version() + " keys cannot be computed from its components: "
          + reason(e), e);
    }
    compare(item, older.partition().attribute(), pk);
    if (older.sort() != null) {
      compare(item, older.sort().attribute(), sk);
    }
    for (EntityLayout.Index index : older.indexes()) {
      for (EntityLayout.Key key : index.sort() == null ? List.of(index.partition())
          : List.of(index.partition(), index.sort())) {
        if (index.local() && key == index.partition()) {
          continue; // the table's partition key, compared above
        }
        AttributeValue stored = item.get(key.attribute());
        if (AttributeValues.isNull(stored)) {
          continue;
        }
        String computed;
        try {
          computed = LayoutKeys.write(descriptor.name(), key, values, key == index.partition()
              ? Utf8.PARTITION_KEY_LIMIT : Utf8.SORT_KEY_LIMIT, key == index.partition() ? "partition key" : "sort key");
        } catch (RuntimeException e) {
          throw problem(key.attribute(), "its version " + live.version() + " index key cannot be computed from"
              + " its components: " + reason(e), e);
        }
        compare(item, key.attribute(), computed);
      }
    }
  }

  private void compare(Map<String, AttributeValue> item, String attribute, String computed) {
    AttributeValue stored = item.get(attribute);
    String text = stored == null ? null : stored.s();
    if (text == null || !text.equals(computed)) {
      throw problem(attribute, "its stored key " + (stored == null ? "(none)" : "\"" + AttributeValues.describe(stored)
          + "\"") + " is not \"" + computed + "\", the version " + live.version()
          + " key its components give", null);
    }
  }

  /** A component's value in {@code record} by its name, as {@link LayoutKeys} takes it. */
  private Function<String, Object> values(R record) {
    return name -> {
      Attribute<R, ?> handle = descriptor.attribute(name).orElseThrow(() -> new IllegalStateException(
          "version " + live.version() + " of " + descriptor.name() + " is keyed by " + name + ", which it has no"
              + " component of"));
      return handle.get(record);
    };
  }

  /**
   * The older table key of {@code record}: where its copy of the older version is stored.
   *
   * @throws KeyFormatException when a component cannot be written in an older key
   */
  public Map<String, AttributeValue> olderKey(R record) {
    Objects.requireNonNull(record, "record");
    Function<String, Object> values = values(record);
    return key(older, LayoutKeys.partitionKey(older, live.shardBy(), values), LayoutKeys.sortKey(older, values));
  }

  /**
   * The current table key of {@code record}, as its schema writes it.
   *
   * @throws KeyFormatException when a component cannot be written in a key
   */
  public Map<String, AttributeValue> newerKey(R record) {
    EntityLayout layout = descriptor.layout();
    AttributeValue pk = schema.attributeValue(record, layout.partition().attribute());
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(layout.partition().attribute(), pk);
    if (layout.sort() != null) {
      key.put(layout.sort().attribute(), schema.attributeValue(record, layout.sort().attribute()));
    }
    return key;
  }

  /**
   * The older table key of the item whose current table key is {@code key}: its components parsed
   * by the current layout's codecs (every older table key component is one of them, which the
   * processor checks), written by the older layout's.
   *
   * @throws KeyFormatException when {@code key} is no key of the current version
   */
  public Map<String, AttributeValue> olderKeyOf(Map<String, AttributeValue> key) {
    EntityLayout layout = descriptor.layout();
    Map<String, Object> values = new HashMap<>();
    values.putAll(LayoutKeys.read(descriptor.name(), layout.partition(),
        stringKey(key, layout.partition().attribute()), newerShards, true));
    if (layout.sort() != null) {
      values.putAll(LayoutKeys.read(descriptor.name(), layout.sort(), stringKey(key, layout.sort().attribute()), null,
          false));
    }
    return key(older, LayoutKeys.partitionKey(older, live.shardBy(), values::get), LayoutKeys.sortKey(older,
        values::get));
  }

  private static Map<String, AttributeValue> key(EntityLayout layout, String pk, String sk) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(layout.partition().attribute(), AttributeValue.fromS(pk));
    if (layout.sort() != null) {
      key.put(layout.sort().attribute(), AttributeValue.fromS(sk));
    }
    return java.util.Collections.unmodifiableMap(key);
  }

  private String stringKey(Map<String, AttributeValue> item, String attribute) {
    AttributeValue value = item.get(attribute);
    if (value == null || value.s() == null) {
      throw new KeyFormatException(descriptor.name(), attribute, null, "the item has no string key attribute "
          + attribute + (value == null ? "" : " (it holds " + value + ")"));
    }
    return value.s();
  }

  private ItemMappingException problem(String attribute, String text, Throwable cause) {
    return new ItemMappingException(descriptor.name(), attribute, text, cause);
  }

  static String reason(RuntimeException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
  }

  @Override
  public String toString() {
    return "LiveLayout[" + descriptor.name() + " version " + descriptor.version() + ", live " + live.version() + "]";
  }
}
