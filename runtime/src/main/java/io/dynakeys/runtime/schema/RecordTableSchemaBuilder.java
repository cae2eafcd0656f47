package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTag;

/**
 * Declares a {@link RecordTableSchema}: the components, in declaration order, then the keys and
 * options. Declaration errors (a name used twice, a key without a partition key) fail fast,
 * naming the record, so a generator bug shows at the first {@code tableSchema()} call rather than
 * at the first read.
 *
 * @param <T> the record type
 */
public final class RecordTableSchemaBuilder<T> {
  final Class<T> itemClass;
  final ComponentAccessor<T> accessor;
  final Function<Object[], T> constructor;
  final List<ComponentAttribute<T>> components = new ArrayList<>();
  final List<KeyAttribute<T>> keys = new ArrayList<>();
  final Map<String, SecondaryIndex> indices = new LinkedHashMap<>();
  final List<TaggedAttribute> tags = new ArrayList<>();
  String partitionKeyAttribute;
  String sortKeyAttribute;
  KeyPrefix partitionKeyPrefix = KeyPrefix.NONE;
  KeyPrefix sortKeyPrefix = KeyPrefix.NONE;
  boolean verifyKeysOnRead = true;
  private final Set<String> names = new HashSet<>();
  private final Set<String> reusedAttributes = new LinkedHashSet<>();

  /** The descriptor whose handles declare the components, or {@code null}. */
  final EntityDescriptor<T> entity;

  RecordTableSchemaBuilder(Class<T> itemClass, ComponentAccessor<T> accessor,
      Function<Object[], T> constructor) {
    this.itemClass = Objects.requireNonNull(itemClass, "itemClass");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
    this.constructor = Objects.requireNonNull(constructor, "constructor");
    this.entity = null;
  }

  RecordTableSchemaBuilder(EntityDescriptor<T> entity) {
    this.entity = Objects.requireNonNull(entity, "entity");
    this.itemClass = entity.type();
    this.accessor = (item, index) -> {
      throw new IllegalStateException("a descriptor's components are read through their handles");
    };
    this.constructor = entity::construct;
  }

  /**
   * Maps the next component of the descriptor this builder started from to the attribute its
   * handle names, stored as {@code type}; whether it takes part in the table's own keys is the
   * handle's kind ({@link PrimaryKeyComponent}). Components are declared in the descriptor's
   * order, every one of them.
   *
   * @param handle the component's handle, from the descriptor
   * @param type how the component is stored
   * @return this builder
   * @throws IllegalStateException when the builder did not start from a descriptor, or
   *     {@code handle} is not its next component
   */
  public RecordTableSchemaBuilder<T> attribute(Attribute<T, ?> handle, StoredType type) {
    Objects.requireNonNull(handle, "handle");
    if (entity == null) {
      throw stateError("declares " + handle.name() + " by its handle, but was not started from a descriptor:"
          + " use RecordTableSchema.builder(descriptor)");
    }
    int index = components.size();
    if (index >= entity.attributes().size() || entity.attributes().get(index) != handle) {
      throw stateError("declares " + handle.name() + " where the descriptor's component "
          + (index < entity.attributes().size() ? entity.attributes().get(index).name() : "list has ended")
          + " comes: declare every component, in the descriptor's order");
    }
    claim(handle.attributeName());
    components.add(new ComponentAttribute<>(handle.attributeName(), handle.name(), index,
        Objects.requireNonNull(type, "type"), handle.accessor(), handle instanceof PrimaryKeyComponent));
    return this;
  }

  /**
   * Maps the next record component to its own attribute of the same name. Components are
   * declared in the record's order: the accessor reads them by that position, and the constructor
   * receives their values in it.
   *
   * @param name the component's (and attribute's) name
   * @param type how it is stored
   * @return this builder
   * @throws IllegalArgumentException if the name is already used
   */
  public RecordTableSchemaBuilder<T> attribute(String name, StoredType type) {
    return component(name, name, type, false);
  }

  /**
   * Maps the next record component to an attribute of another name (what
   * {@code @DynamoDbAttribute("display_name")} on the component asks for).
   *
   * @param component the component's name
   * @param attributeName the attribute's name
   * @param type how it is stored
   * @return this builder
   * @throws IllegalArgumentException if the attribute name is already used
   */
  public RecordTableSchemaBuilder<T> attribute(String component, String attributeName, StoredType type) {
    return component(component, attributeName, type, false);
  }

  /**
   * Maps the next record component, which takes part in the table's own partition or sort key:
   * a full read of an item that lacks it fails ({@link ItemMappingException}) rather than
   * building a record without it, since its key could not be recomputed.
   *
   * @param name the component's (and attribute's) name
   * @param type how it is stored
   * @return this builder
   */
  public RecordTableSchemaBuilder<T> keyAttribute(String name, StoredType type) {
    return component(name, name, type, true);
  }

  /**
   * Maps the next record component, which takes part in the table's own keys, to an attribute of
   * another name.
   *
   * @param component the component's name
   * @param attributeName the attribute's name
   * @param type how it is stored
   * @return this builder
   */
  public RecordTableSchemaBuilder<T> keyAttribute(String component, String attributeName, StoredType type) {
    return component(component, attributeName, type, true);
  }

  private RecordTableSchemaBuilder<T> component(String component, String name, StoredType type, boolean key) {
    if (entity != null) {
      throw stateError("declares " + component + " by name, but was started from a descriptor: declare it by its"
          + " handle, attribute(handle, type)");
    }
    claim(name);
    int index = components.size();
    components.add(new ComponentAttribute<>(name, Objects.requireNonNull(component, "component"),
        index, Objects.requireNonNull(type, "type"), item -> accessor.component(item, index), key));
    return this;
  }

  /**
   * Tags an attribute declared on this builder with an enhanced-client attribute tag, as the
   * client's own annotations do on beans: {@code VersionedRecordExtension.AttributeTags
   * .versionAttribute()}, {@code StaticAttributeTags.atomicCounter(delta, start)},
   * {@code StaticAttributeTags.updateBehavior(...)}, {@code AutoGeneratedTimestampRecordExtension
   * .AttributeTags.autoGeneratedTimestampAttribute()}. The tag writes what the client's extensions
   * read into the schema's {@code TableMetadata}, and checks the attribute's type.
   *
   * @param attributeName an attribute declared on this builder
   * @param tag the tag
   * @return this builder
   */
  public RecordTableSchemaBuilder<T> tag(String attributeName, StaticAttributeTag tag) {
    tags.add(new TaggedAttribute(Objects.requireNonNull(attributeName, "attributeName"),
        Objects.requireNonNull(tag, "tag")));
    return this;
  }

  /**
   * Declares the table's partition key attribute, computed from the record.
   *
   * @param attributeName the attribute, e.g. {@code pk}
   * @param keyFunction the generated encoder, e.g. {@code RunKeys::partitionKey}; it must not
   *     give {@code null}
   * @return this builder
   * @throws IllegalArgumentException if the name is already used or a partition key is declared
   */
  public RecordTableSchemaBuilder<T> partitionKey(String attributeName, Function<T, String> keyFunction) {
    if (partitionKeyAttribute != null) {
      throw declarationError("declares two partition keys: " + partitionKeyAttribute + " and " + attributeName);
    }
    if (entity != null && entity.layout().randomShards()) {
      // A write-sharded aggregate: keyFunction gives the key without its shard, any shard holds a part.
      io.dynakeys.codecs.EntityLayout layout = entity.layout();
      claim(attributeName);
      keys.add(new KeyAttribute<>(attributeName, "partition key", Objects.requireNonNull(keyFunction, "keyFunction"),
          true, new io.dynakeys.codecs.ShardCodec(layout.record(), layout.partition().delimiter(), layout.shards())));
    } else {
      addKey(attributeName, "partition key", keyFunction, true);
    }
    partitionKeyAttribute = attributeName;
    return this;
  }

  /**
   * Declares the table's sort key attribute, computed from the record. Tables without a sort key
   * leave it out.
   *
   * @param attributeName the attribute, e.g. {@code sk}
   * @param keyFunction the generated encoder, e.g. {@code RunKeys::sortKey}; it must not give
   *     {@code null}
   * @return this builder
   * @throws IllegalArgumentException if the name is already used or a sort key is declared
   */
  public RecordTableSchemaBuilder<T> sortKey(String attributeName, Function<T, String> keyFunction) {
    if (sortKeyAttribute != null) {
      throw declarationError("declares two sort keys: " + sortKeyAttribute + " and " + attributeName);
    }
    addKey(attributeName, "sort key", keyFunction, true);
    sortKeyAttribute = attributeName;
    return this;
  }

  /**
   * Declares the partition key of the global secondary index {@code indexName}, computed from the
   * record. A function that gives {@code null} leaves the item out of the index (a sparse index).
   *
   * @param indexName the index
   * @param attributeName the attribute, e.g. {@code gsi1pk}
   * @param keyFunction the generated encoder
   * @return this builder
   * @throws IllegalArgumentException if the name is already used, the index has a partition key
   *     or is a local index
   */
  public RecordTableSchemaBuilder<T> indexPartitionKey(
      String indexName, String attributeName, Function<T, String> keyFunction) {
    setIndexPartition(indexName, attributeName);
    addKey(attributeName, "partition key of index " + indexName, keyFunction, false);
    return this;
  }

  /**
   * Declares the sort key of the global secondary index {@code indexName}, computed from the
   * record. A function that gives {@code null} leaves the item out of the index.
   *
   * @param indexName the index
   * @param attributeName the attribute, e.g. {@code gsi1sk}
   * @param keyFunction the generated encoder
   * @return this builder
   * @throws IllegalArgumentException if the name is already used, the index has a sort key or is
   *     a local index
   */
  public RecordTableSchemaBuilder<T> indexSortKey(
      String indexName, String attributeName, Function<T, String> keyFunction) {
    setIndexSort(indexName, attributeName, false);
    addKey(attributeName, "sort key of index " + indexName, keyFunction, false);
    return this;
  }

  /**
   * Declares an attribute declared elsewhere on this builder as the sort key of the global
   * secondary index {@code indexName}.
   *
   * @param indexName the index
   * @param attributeName an attribute declared on this builder, before or after this call
   * @return this builder
   * @throws IllegalArgumentException if the index has a sort key or is a local index
   */
  public RecordTableSchemaBuilder<T> indexSortKey(String indexName, String attributeName) {
    setIndexSort(indexName, attributeName, false);
    reusedAttributes.add(attributeName);
    return this;
  }

  /**
   * Declares the <em>native</em> global secondary index {@code indexName}: keyed by the components'
   * own attributes, each with the type it is stored as ({@code S}, {@code N} or {@code B}), up to
   * four partition attributes and four sort attributes, in the order given. No key attribute is
   * computed for it; an item that lacks one of the attributes (an empty {@code Optional}) is not
   * in the index.
   *
   * @param indexName the index
   * @param partition the handles of the partition components, in key order (one to four)
   * @param sort the handles of the sort components, in key order (none to four)
   * @return this builder
   * @throws IllegalArgumentException if the name is already used, or a side has too many or
   *     repeated attributes
   */
  public RecordTableSchemaBuilder<T> nativeIndex(String indexName, List<? extends Attribute<T, ?>> partition,
      List<? extends Attribute<T, ?>> sort) {
    if (indices.containsKey(Objects.requireNonNull(indexName, "indexName")) || indexName.equals(TableMetadata.primaryIndexName())) {
      throw declarationError("declares index " + indexName + " twice");
    }
    if (partition.isEmpty() || partition.size() > 4 || sort.size() > 4) {
      throw declarationError("declares native index " + indexName + " with " + partition.size()
          + " partition and " + sort.size() + " sort attributes; DynamoDB allows one to four partition"
          + " and up to four sort attributes");
    }
    List<String> p = partition.stream().map(Attribute::attributeName).toList();
    List<String> s = sort.stream().map(Attribute::attributeName).toList();
    Set<String> distinct = new HashSet<>(p);
    distinct.addAll(s);
    if (distinct.size() != p.size() + s.size()) {
      throw declarationError("declares native index " + indexName + " with a repeated attribute: " + p + ", " + s);
    }
    reusedAttributes.addAll(distinct);
    indices.put(indexName, new SecondaryIndex(indexName, false, p.get(0), s.isEmpty() ? null : s.get(0), p, s));
    return this;
  }

  /**
   * Declares the local secondary index {@code indexName}: the table's partition key and this
   * sort key, computed from the record. The table must have a sort key. A function that gives
   * {@code null} leaves the item out of the index.
   *
   * @param indexName the index
   * @param attributeName the attribute, e.g. {@code lsi1sk}
   * @param keyFunction the generated encoder
   * @return this builder
   * @throws IllegalArgumentException if the name is already used, or the index is declared
   */
  public RecordTableSchemaBuilder<T> localIndexSortKey(
      String indexName, String attributeName, Function<T, String> keyFunction) {
    setIndexSort(indexName, attributeName, true);
    addKey(attributeName, "sort key of index " + indexName, keyFunction, false);
    return this;
  }

  /**
   * Declares the local secondary index {@code indexName} whose sort key is an attribute declared
   * elsewhere on this builder (typically a component, such as a timestamp).
   *
   * @param indexName the index
   * @param attributeName an attribute declared on this builder, before or after this call
   * @return this builder
   * @throws IllegalArgumentException if the index is declared
   */
  public RecordTableSchemaBuilder<T> localIndexSortKey(String indexName, String attributeName) {
    setIndexSort(indexName, attributeName, true);
    reusedAttributes.add(attributeName);
    return this;
  }

  /**
   * The entity tags of this record's keys (the {@code partitionPrefix} and {@code sortPrefix} of
   * {@code @KeySchema}, {@code "SEASON"} and {@code "RUN"}; empty when there is none) and their
   * delimiter. A key carries its tag when it is the bare prefix (a key without components, such as
   * {@code PROFILE}) or starts with the prefix and the delimiter ({@code RUN#...}), the rule the
   * processor checks prefixes by: {@code PROFILE_PHOTO#1} is not a {@code PROFILE} key. An item
   * whose stored key does not carry its tag belongs to another entity ({@link ForeignItemException}),
   * and {@link RecordTableSchema#ownItems()} filters scans by the same rule.
   *
   * @param partitionKeyPrefix the partition key's prefix, without its delimiter, or empty
   * @param sortKeyPrefix the sort key's prefix, without its delimiter, or empty
   * @param delimiter the keys' delimiter
   * @return this builder
   */
  public RecordTableSchemaBuilder<T> keyPrefixes(String partitionKeyPrefix, String sortKeyPrefix, char delimiter) {
    this.partitionKeyPrefix = new KeyPrefix(Objects.requireNonNull(partitionKeyPrefix, "partitionKeyPrefix"), delimiter);
    this.sortKeyPrefix = new KeyPrefix(Objects.requireNonNull(sortKeyPrefix, "sortKeyPrefix"), delimiter);
    return this;
  }

  /**
   * Whether {@link RecordTableSchema#mapToItem(java.util.Map)} recomputes the key attributes and
   * rejects items whose stored keys differ ({@link KeyMismatchException}). On by default; turn it
   * off only to read items written before a deliberate change of key layout, while rewriting
   * them.
   *
   * @param verify whether to check
   * @return this builder
   */
  public RecordTableSchemaBuilder<T> verifyKeysOnRead(boolean verify) {
    this.verifyKeysOnRead = verify;
    return this;
  }

  /**
   * Checks the declaration and builds the schema.
   *
   * @return the schema
   * @throws IllegalStateException if a sort key or index has no partition key, a local index's
   *     table has no sort key, or an index reuses an undeclared attribute
   */
  public RecordTableSchema<T> build() {
    if (entity != null && components.size() != entity.attributes().size()) {
      throw stateError("declares " + components.size() + " of the descriptor's " + entity.attributes().size()
          + " components; the next is " + entity.attributes().get(components.size()).name());
    }
    if (entity != null) {
      // The descriptor's native indexes, the one list of them: declared here, not by each caller.
      for (io.dynakeys.codecs.EntityLayout.NativeIndex index : entity.layout().nativeIndexes()) {
        nativeIndex(index.name(), handles(index.partition()), handles(index.sort()));
      }
    }
    if (partitionKeyAttribute == null && (sortKeyAttribute != null || !indices.isEmpty())) {
      throw stateError("declares a sort key or an index but no partition key");
    }
    for (SecondaryIndex index : indices.values()) {
      if (!index.local() && index.partitionAttribute() == null) {
        throw stateError("declares a sort key for global index " + index.name()
            + " but no partition key: call indexPartitionKey(\"" + index.name() + "\", ...)");
      }
      if (index.local() && sortKeyAttribute == null) {
        throw stateError("declares local index " + index.name() + " on a table without a sort"
            + " key; DynamoDB allows local indices only on tables with a sort key");
      }
    }
    if (entity != null && entity.timeToLive().isPresent()) {
      String ttl = entity.timeToLive().get().name();
      for (ComponentAttribute<T> c : components) {
        if (c.component().equals(ttl) && !c.type().epochSeconds()) {
          throw stateError("stores its time to live " + ttl + " as " + c.type() + ": DynamoDB expires items by a"
              + " number of epoch seconds, so declare it StoredType.epochSeconds(...)");
        }
      }
    }
    for (TaggedAttribute tagged : tags) {
      if (components.stream().noneMatch(c -> c.name().equals(tagged.attribute()))) {
        throw stateError("tags \"" + tagged.attribute() + "\", but declares no such component attribute");
      }
    }
    for (String reused : reusedAttributes) {
      if (!names.contains(reused)) {
        throw stateError("uses \"" + reused + "\" as an index key, but declares no such attribute");
      }
    }
    return new RecordTableSchema<>(this);
  }

  private List<Attribute<T, ?>> handles(List<io.dynakeys.codecs.EntityLayout.NativeKey> keys) {
    List<Attribute<T, ?>> out = new java.util.ArrayList<>();
    for (io.dynakeys.codecs.EntityLayout.NativeKey key : keys) {
      Attribute<T, ?> handle = entity.attribute(key.component()).orElseThrow(() -> stateError(
          "keys a native index by " + key.component() + ", which the descriptor has no component of"));
      if (!handle.attributeName().equals(key.attribute())) {
        throw stateError("keys a native index by " + key.attribute() + ", but the component " + key.component()
            + " is stored as " + handle.attributeName());
      }
      out.add(handle);
    }
    return out;
  }

  private void addKey(String attributeName, String role, Function<T, String> keyFunction, boolean required) {
    claim(attributeName);
    keys.add(new KeyAttribute<>(attributeName, role, Objects.requireNonNull(keyFunction, "keyFunction"), required));
  }

  private void setIndexPartition(String indexName, String attributeName) {
    SecondaryIndex index = index(indexName, false);
    if (index.partitionAttribute() != null) {
      throw declarationError("declares two partition keys for index " + indexName + ": "
          + index.partitionAttribute() + " and " + attributeName);
    }
    indices.put(indexName, index.withPartition(Objects.requireNonNull(attributeName)));
  }

  private void setIndexSort(String indexName, String attributeName, boolean local) {
    SecondaryIndex index = index(indexName, local);
    if (index.sortAttribute() != null) {
      throw declarationError("declares two sort keys for index " + indexName + ": "
          + index.sortAttribute() + " and " + attributeName);
    }
    indices.put(indexName, index.withSort(Objects.requireNonNull(attributeName)));
  }

  private SecondaryIndex index(String indexName, boolean local) {
    Objects.requireNonNull(indexName, "indexName");
    if (indexName.equals(TableMetadata.primaryIndexName())) {
      throw declarationError("cannot name an index " + indexName + ", the table's own index");
    }
    SecondaryIndex index = indices.get(indexName);
    if (index == null) {
      return new SecondaryIndex(indexName, local, null, null);
    }
    if (index.local() != local) {
      throw declarationError("declares index " + indexName + " both as a global and as a local"
          + " secondary index");
    }
    return index;
  }

  private void claim(String attributeName) {
    if (attributeName == null || attributeName.isEmpty()) {
      throw declarationError("declares an attribute without a name");
    }
    if (!names.add(attributeName)) {
      throw declarationError("declares attribute \"" + attributeName + "\" twice");
    }
  }

  private IllegalArgumentException declarationError(String problem) {
    return new IllegalArgumentException(itemClass.getSimpleName() + " " + problem);
  }

  private IllegalStateException stateError(String problem) {
    return new IllegalStateException("the table schema of " + itemClass.getSimpleName() + " " + problem);
  }

  /** An attribute and one of its tags. */
  record TaggedAttribute(String attribute, StaticAttributeTag tag) {}
}
