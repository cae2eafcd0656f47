package io.dynakeys.operations.internal.schema;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.KeyReader;
import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.PathEncoding;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.ItemVersion;
import io.dynakeys.runtime.internal.schema.LiveLayout;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.CollectionTableSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One generated {@code <Record>Keys} class, loaded by name and read through its record's
 * descriptor, the public static {@code LAYOUT} ({@link EntityDescriptor}), and its
 * {@code tableSchema()}: what {@link io.dynakeys.operations.schema.EntitySchema} shows users, and
 * the layout, descriptor and key attributes behind it, which the per-item check, the re-key and
 * the command line read. Everything about the record comes from the descriptor: its components
 * are its handles ({@link Attribute#get}), a record is built by {@link EntityDescriptor#construct},
 * keys are written and read by the codecs of {@code LAYOUT}'s segments, a typed value by its
 * codec's {@link KeyCodec#fromUserText}, and a path's index attributes are
 * {@link EntityDescriptor#pathIndexes()}. The operations run on the user's classpath and know the
 * records only at run time, so this is the one place that reflects: it loads classes, reads
 * {@code LAYOUT}, calls {@code tableSchema()}, follows an item collection's sealed interface, and
 * asks the table schema which components are primitive (see {@link #primitiveComponents()}).
 *
 * <p>There is one model per keys class ({@link #of}): an {@code EntitySchema} holds the model of
 * its keys class, and code that is handed an {@code EntitySchema} finds the same model by
 * {@code EntityModel.of(schema.keysClass())}. Instances are immutable and thread-safe.
 */
public final class EntityModel {
  /** The model of each keys class, made once. */
  private static final ClassValue<EntityModel> MODELS = new ClassValue<>() {
    @Override
    protected EntityModel computeValue(Class<?> keysClass) {
      return new EntityModel(keysClass);
    }
  };

  private final Class<?> keysClass;
  private final EntityDescriptor<Object> descriptor;
  private final EntityLayout layout;
  private final ShardCodec shards;
  private final RecordSchema<Object> schema;
  private final RecordSchema<Object> lenient;
  private final List<String> componentNames;
  private final Set<String> primitiveComponents;
  private final Set<String> requiredComponents;
  private final Map<String, KeyAttribute> keyAttributes;

  /**
   * A key attribute of the entity: a table key, an index key, or another attribute the schema
   * computes (the parent and depth attributes of a path's indexes).
   *
   * @param attribute the attribute's name
   * @param layout its layout, or {@code null} when {@code LAYOUT} does not describe it
   * @param shards the shard count when it is a sharded partition key, else 0
   * @param byteLimit DynamoDB's limit on its UTF-8 length (2048 for partition keys, 1024 for sort
   *     keys), or 0 when it keys no index
   * @param tableKey whether it is the table's own partition or sort key
   */
  public record KeyAttribute(String attribute, EntityLayout.Key layout, int shards, int byteLimit,
      boolean tableKey) {}

  private EntityModel(Class<?> keysClass) {
    this.keysClass = keysClass;
    try {
      @SuppressWarnings("unchecked")
      EntityDescriptor<Object> d = (EntityDescriptor<Object>) keysClass.getField("LAYOUT").get(null);
      this.descriptor = d;
      @SuppressWarnings("unchecked")
      RecordTableSchema<Object> s = (RecordTableSchema<Object>) tableSchemaOf(keysClass.getMethod("tableSchema"));
      this.schema = RecordSchema.of(s);
    } catch (ReflectiveOperationException | ClassCastException e) {
      if (collectionMembers(keysClass) != null) {
        throw new ConfigurationException(keysClass.getName() + " is the keys class of an item collection, not of"
            + " one record: load its members with EntitySchema.loadAll or allOf", e);
      }
      throw new ConfigurationException(keysClass.getName() + " is not a class dynakeys generated:"
          + " it has no public static LAYOUT and tableSchema() (" + e + ")", e);
    }
    this.layout = descriptor.layout();
    this.shards = shardCodec(layout);
    this.lenient = schema.withoutKeyVerification();
    List<String> names = new ArrayList<>();
    for (Attribute<Object, ?> a : descriptor.attributes()) {
      names.add(a.name());
    }
    this.componentNames = List.copyOf(names);
    this.primitiveComponents = schema.primitiveComponents();

    // A primitive component, or a component of the table's own keys, cannot be absent: that is
    // what RecordTableSchema refuses on read, so it is what verify reports as missing.
    Set<String> required = new LinkedHashSet<>();
    for (String name : names) {
      if (primitiveComponents.contains(name)) {
        required.add(name);
      }
    }
    layout.partition().segments().forEach(s -> required.add(s.component()));
    if (layout.sort() != null) {
      layout.sort().segments().forEach(s -> required.add(s.component()));
    }
    this.requiredComponents = Collections.unmodifiableSet(required);
    // Computed attributes are the schema's attributes that store no component (under the name
    // the component is stored as, which @DynamoDbAttribute may change).
    List<String> stored = new ArrayList<>();
    for (Attribute<Object, ?> a : descriptor.attributes()) {
      stored.add(a.attributeName());
    }
    this.keyAttributes = keyAttributes(descriptor, schema, stored);
  }

  /**
   * The one reflective call: a generated keys class's static {@code tableSchema()} (of one record,
   * or of an item collection, which has no descriptor).
   */
  private static Object tableSchemaOf(Method tableSchema) throws ReflectiveOperationException {
    return tableSchema.invoke(null);
  }

  /**
   * Loads a generated keys class, or the keys class of a record, by name.
   *
   * @param className {@code com.acme.RunKeys}, or the record {@code com.acme.Run}
   * @param loader the class loader that sees the user's classes
   * @return the schema
   * @throws ConfigurationException when the class cannot be loaded or is neither
   */
  public static EntityModel load(String className, ClassLoader loader) {
    return of(loadClass(className, loader));
  }

  /**
   * Loads the schemas a name stands for: one record's, or every member's of an item collection
   * (its generated {@code <Collection>Keys} class, or the {@code @ItemCollection} sealed interface
   * itself), in the order the interface permits them.
   *
   * @param className {@code com.acme.RunKeys}, {@code com.acme.Run}, {@code com.acme.CustomerItemKeys}
   *     or {@code com.acme.CustomerItem}
   * @param loader the class loader that sees the user's classes
   * @return the schemas, one per record
   * @throws ConfigurationException when the class cannot be loaded or is none of these
   */
  public static List<EntityModel> loadAll(String className, ClassLoader loader) {
    return allOf(loadClass(className, loader));
  }

  /**
   * The schemas of a generated keys class, of a record, or of every member of an item collection
   * (its {@code <Collection>Keys} class, whose {@code tableSchema()} is a
   * {@code CollectionTableSchema}, or the sealed interface).
   *
   * @param type the class
   * @return the schemas, one per record
   * @throws ConfigurationException when the class is none of these
   */
  public static List<EntityModel> allOf(Class<?> type) {
    List<Class<?>> members = collectionMembers(type);
    if (members == null) {
      return List.of(of(type));
    }
    List<EntityModel> out = new ArrayList<>();
    for (Class<?> member : members) {
      out.add(of(member));
    }
    return List.copyOf(out);
  }

  /**
   * The member records of an item collection named by its sealed interface or its generated keys
   * class, or {@code null} when {@code type} is neither.
   */
  private static List<Class<?>> collectionMembers(Class<?> type) {
    Class<?> sealed = null;
    if (type.isInterface() && type.isSealed()) {
      sealed = type;
    } else if (!type.isRecord()) {
      try {
        type.getField("LAYOUT");
        return null; // one record's keys
      } catch (NoSuchFieldException notOneRecord) {
        // perhaps a collection's
      }
      try {
        Method tableSchema = type.getMethod("tableSchema");
        if (Modifier.isStatic(tableSchema.getModifiers())
            && CollectionTableSchema.class.isAssignableFrom(tableSchema.getReturnType())) {
          Object schema = tableSchemaOf(tableSchema);
          Class<?> item = ((CollectionTableSchema<?>) schema).itemType().rawClass();
          if (item.isInterface() && item.isSealed()) {
            sealed = item;
          }
        }
      } catch (NoSuchMethodException notGenerated) {
        return null;
      } catch (InvocationTargetException e) {
        throw new ConfigurationException(type.getName() + ".tableSchema() failed: " + e.getCause(), e.getCause());
      } catch (ReflectiveOperationException e) {
        throw new ConfigurationException("cannot call " + type.getName() + ".tableSchema(): " + e, e);
      }
    }
    if (sealed == null) {
      return null;
    }
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> member : sealed.getPermittedSubclasses()) {
      List<Class<?>> nested = member.isInterface() ? collectionMembers(member) : null;
      if (nested != null) {
        out.addAll(nested);
      } else if (member.isRecord()) {
        out.add(member);
      } else {
        throw new ConfigurationException(sealed.getName() + " permits " + member.getName() + ", which is no record:"
            + " an item collection's members are @KeySchema records");
      }
    }
    if (out.isEmpty()) {
      throw new ConfigurationException(sealed.getName() + " permits no record");
    }
    return out;
  }

  private static Class<?> loadClass(String className, ClassLoader loader) {
    try {
      return Class.forName(className, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigurationException("cannot load " + className + " (" + e + "): put the compiled"
          + " records and their generated Keys classes on the classpath", e);
    }
  }

  /**
   * The schema of a generated keys class, or of the keys class the processor generated for a
   * record ({@code com.acme.Run} has {@code com.acme.RunKeys}; a nested {@code Outer.Run} has
   * {@code Outer_RunKeys}).
   *
   * @param keysOrRecord the keys class or the record class
   * @return the schema
   * @throws ConfigurationException when the class is neither
   */
  public static EntityModel of(Class<?> keysOrRecord) {
    return MODELS.get(keysOrRecord.isRecord() ? keysClassOf(keysOrRecord) : keysOrRecord);
  }

  private static Class<?> keysClassOf(Class<?> record) {
    List<String> names = new ArrayList<>();
    for (Class<?> c = record; c != null; c = c.getEnclosingClass()) {
      names.add(0, c.getSimpleName());
    }
    String pkg = record.getPackageName();
    String name = (pkg.isEmpty() ? "" : pkg + ".") + EntityLayout.keysClassSimpleName(names);
    try {
      return Class.forName(name, true, record.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new ConfigurationException(record.getName() + " has no generated " + name + ": is it a"
          + " @KeySchema record compiled with the dynakeys processor?", e);
    }
  }

  private static Map<String, KeyAttribute> keyAttributes(EntityDescriptor<Object> descriptor,
      RecordSchema<Object> schema, List<String> components) {
    // components: the attributes that store the record's components
    EntityLayout layout = descriptor.layout();
    Map<String, KeyAttribute> out = new LinkedHashMap<>();
    out.put(layout.partition().attribute(), new KeyAttribute(layout.partition().attribute(), layout.partition(),
        layout.shards(), Utf8.PARTITION_KEY_LIMIT, true));
    if (layout.sort() != null) {
      out.put(layout.sort().attribute(), new KeyAttribute(layout.sort().attribute(), layout.sort(), 0,
          Utf8.SORT_KEY_LIMIT, true));
    }
    for (EntityLayout.Index index : layout.indexes()) {
      if (!index.local() && index.partition() != null) {
        out.putIfAbsent(index.partition().attribute(), new KeyAttribute(index.partition().attribute(),
            index.partition(), 0, Utf8.PARTITION_KEY_LIMIT, false));
      }
      if (index.sort() != null) {
        out.putIfAbsent(index.sort().attribute(), new KeyAttribute(index.sort().attribute(), index.sort(), 0,
            Utf8.SORT_KEY_LIMIT, false));
      }
    }
    // A path's parent and depth attributes, as the descriptor gives them, when the schema writes
    // them (@PathSegment(indexes = true)): each is the partition key of a global index.
    descriptor.pathIndexes().ifPresent(path -> {
      for (String attribute : List.of(path.parentAttribute(), path.depthAttribute())) {
        if (schema.attributeNames().contains(attribute) && !components.contains(attribute)) {
          out.putIfAbsent(attribute, new KeyAttribute(attribute, null, 0, Utf8.PARTITION_KEY_LIMIT, false));
        }
      }
    });
    // Any other computed attribute LAYOUT does not draw: its limit comes from the index it keys, if
    // any.
    Map<String, Integer> limits = new LinkedHashMap<>();
    for (IndexMetadata index : schema.tableMetadata().indices()) {
      index.partitionKeys().forEach(k -> limits.putIfAbsent(k.name(), Utf8.PARTITION_KEY_LIMIT));
      index.sortKeys().forEach(k -> limits.putIfAbsent(k.name(), Utf8.SORT_KEY_LIMIT));
    }
    for (String attribute : schema.attributeNames()) {
      if (!components.contains(attribute) && !out.containsKey(attribute)) {
        out.put(attribute, new KeyAttribute(attribute, null, 0, limits.getOrDefault(attribute, 0), false));
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** The record's simple name, as {@code LAYOUT} gives it. */
  public String name() {
    return layout.record();
  }

  /** The generated keys class. */
  public Class<?> keysClass() {
    return keysClass;
  }

  /** The record class. */
  public Class<?> recordClass() {
    return descriptor.type();
  }

  /** The record's descriptor, {@code LAYOUT}. */
  public EntityDescriptor<Object> descriptor() {
    return descriptor;
  }

  /** The key layout, {@code LAYOUT}'s. */
  public EntityLayout layout() {
    return layout;
  }

  /** The generated table schema, which checks stored keys on read. */
  public RecordTableSchema<Object> tableSchema() {
    return schema;
  }

  /** The table schema without the checks of stored keys, for items of an older layout. */
  public RecordTableSchema<Object> lenientSchema() {
    return lenient;
  }

  /** The table's partition key attribute. */
  public String partitionKeyAttribute() {
    return layout.partition().attribute();
  }

  /** The table's sort key attribute, or {@code null} when the record has none. */
  public String sortKeyAttribute() {
    return layout.sort() == null ? null : layout.sort().attribute();
  }

  /** The record's components, in declaration order. */
  public List<String> componentNames() {
    return componentNames;
  }

  /**
   * The attribute that stores {@code component}: its own name, or the one
   * {@code @DynamoDbAttribute} gives it, as its handle says.
   *
   * @throws IllegalArgumentException when the record has no such component
   */
  public String attributeName(String component) {
    return descriptor.attribute(component)
        .orElseThrow(() -> new IllegalArgumentException(name() + " has no component " + component))
        .attributeName();
  }

  /** The components of a primitive type, which an item cannot lack. */
  public Set<String> primitiveComponents() {
    return primitiveComponents;
  }

  /** The components an item cannot lack: primitives, and the components of the table's keys. */
  public Set<String> requiredComponents() {
    return requiredComponents;
  }

  /** Every attribute the schema computes, table keys first, by name. */
  public Map<String, KeyAttribute> keyAttributes() {
    return keyAttributes;
  }

  /** Every attribute name the schema writes: components, then computed keys. */
  public List<String> attributeNames() {
    return schema.attributeNames();
  }

  /** Whether {@code item}'s stored keys carry this record's prefixes. */
  public boolean owns(Map<String, AttributeValue> item) {
    return schema.owns(item);
  }

  /**
   * Parses a partition key as the generated parser does: the prefix, each component by its codec,
   * then the shard number of a {@code @Sharded} record.
   *
   * @return the components by name, in order, and {@code shard} for a sharded record
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   */
  public Map<String, Object> parsePartitionKey(String key) {
    return parsePartitionKey(layout, shards, key);
  }

  /** {@link #parsePartitionKey(String)} of a layout alone: what the command line reads a key with. */
  static Map<String, Object> parsePartitionKey(EntityLayout layout, String key) {
    return parsePartitionKey(layout, shardCodec(layout), key);
  }

  private static Map<String, Object> parsePartitionKey(EntityLayout layout, ShardCodec shards, String key) {
    EntityLayout.Key k = layout.partition();
    return read(KeyReader.partitionKey(key, layout.record(), k.delimiter()), k, shards);
  }

  private static ShardCodec shardCodec(EntityLayout layout) {
    return layout.shards() > 0
        ? new ShardCodec(layout.record(), layout.partition().delimiter(), layout.shards())
        : null;
  }

  /**
   * Parses a sort key as the generated parser does: the prefix, then each component by its codec.
   *
   * @return the components by name, in order
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   * @throws IllegalStateException when the record has no sort key
   */
  public Map<String, Object> parseSortKey(String key) {
    EntityLayout.Key k = layout.sort();
    if (k == null) {
      throw new IllegalStateException(name() + " has no sort key");
    }
    if (k.segments().isEmpty()) {
      // A constant sort key (an item collection's single item, sk = PROFILE): no parser is
      // generated, the key is right when it is the constant.
      if (!k.head().equals(key)) {
        throw new KeyFormatException(name(), k.attribute(), key, "the sort key is always \"" + k.head() + "\"");
      }
      return Map.of();
    }
    return read(KeyReader.sortKey(key, name(), k.delimiter()), k, null);
  }

  /**
   * Refuses an operation that writes this entity's items under other keys when the entity has
   * {@code @Unique} components: each value's guard item holds its owner's key, which a re-key or a
   * move would leave naming a key that no longer exists (the value then stays taken by nobody, and
   * the runtime's guarded writes of the moved item are cancelled).
   *
   * @param operation what is refused, for the message ({@code "migrate"})
   * @throws ConfigurationException when the entity has unique components
   */
  public void refuseWhenGuarded(String operation) {
    List<String> unique = new ArrayList<>();
    descriptor.uniques().forEach(u -> unique.add(u.handle().name()));
    if (!unique.isEmpty()) {
      throw new ConfigurationException(operation + " cannot rewrite " + name() + "'s items: its unique "
          + (unique.size() == 1 ? "component " : "components ") + String.join(", ", unique) + (unique.size() == 1
          ? " is" : " are") + " guarded by items that hold each owner's key, which " + operation + " does not"
          + " rewrite; move such items with the runtime's TransactWrite.replace, or delete and insert them, which"
          + " move their guards in the same transaction");
    }
  }

  /**
   * Parses the partition key of one of the entity's unique guard items ({@code @Unique}) as the
   * writes that keep guards encode it: the guard's prefix, then the value by the component's codec.
   *
   * @param guard the guard, from {@code descriptor().uniques()}
   * @param key the stored partition key
   * @return the component's value, by its name
   * @throws KeyFormatException when no value of the component gives this key
   */
  public Map<String, Object> parseGuardKey(EntityDescriptor.UniqueGuard<?> guard, String key) {
    EntityLayout.Key k = guard.partition();
    return read(KeyReader.partitionKey(key, name(), k.delimiter()), k, null);
  }

  /** Reads a whole key: its head, its segments by their codecs, the shard, the end. */
  private static Map<String, Object> read(KeyReader reader, EntityLayout.Key key, ShardCodec shards) {
    if (!key.head().isEmpty()) {
      reader.literal(key.head());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = 0; i < segments.size(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      if (i > 0) {
        reader.delimiter(segment.component());
      }
      out.put(segment.component(), segment.codec().decode(reader, i == segments.size() - 1 && shards == null));
    }
    if (shards != null) {
      reader.delimiter("shard");
      out.put("shard", shards.decode(reader));
    }
    reader.end();
    return Collections.unmodifiableMap(out);
  }

  /**
   * The record stored in {@code item}, its keys checked against its components.
   *
   * @throws io.dynakeys.runtime.schema.ItemMappingException when it cannot be read or its keys differ
   */
  public Object read(Map<String, AttributeValue> item) {
    return schema.mapToItem(item, true);
  }

  /**
   * The record stored in {@code item} when it is this layout's item: its prefixes owned, its keys
   * parsed by the generated parsers and equal to the keys its components give; {@code null}
   * otherwise (an item of another entity or of another layout of this one).
   */
  public Object readStrictly(Map<String, AttributeValue> item) {
    if (!owns(item)) {
      return null;
    }
    try {
      AttributeValue pk = item.get(partitionKeyAttribute());
      if (pk == null || pk.s() == null) {
        return null;
      }
      parsePartitionKey(pk.s());
      if (sortKeyAttribute() != null) {
        AttributeValue sk = item.get(sortKeyAttribute());
        if (sk == null || sk.s() == null) {
          return null;
        }
        parseSortKey(sk.s());
      }
      return read(item);
    } catch (IllegalArgumentException e) {
      // ItemMappingException, KeyMismatchException and KeyFormatException: not this layout's item.
      return null;
    }
  }

  /**
   * The record stored in {@code item}, its keys not checked.
   *
   * @throws io.dynakeys.runtime.schema.ItemMappingException when a value cannot be read
   */
  public Object readLenient(Map<String, AttributeValue> item) {
    return lenient.mapToItem(item, true);
  }

  /** The item the table schema writes for {@code record}: its components and every key. */
  public Map<String, AttributeValue> toItem(Object record) {
    return schema.itemToMap(record, true);
  }

  /** The record's current layout version ({@code @LayoutVersion}; 1 without it). */
  public int version() {
    return descriptor.version();
  }

  /** The live older layout version ({@code @LayoutVersion(live = ...)}), or 0 when there is none. */
  public int olderVersion() {
    LiveLayout<Object> live = schema.liveLayout();
    return live == null ? 0 : live.olderVersion();
  }

  /**
   * The version of the record's layout {@code item} is an item of, and its record, as the window's
   * reads tell them apart ({@link RecordSchema#classify}); only for an item whose keys carry the
   * record's prefixes or the live older version's.
   *
   * @return the version, or {@code null} for an item neither version owns
   */
  public ItemVersion<Object> version(Map<String, AttributeValue> item) {
    LiveLayout<Object> live = schema.liveLayout();
    if (!owns(item) && (live == null || !live.ownsOlder(item))) {
      return null;
    }
    return schema.classify(item);
  }

  /**
   * The attributes an item of the live older version holds that the older layout computed or the
   * record declares: its table and index keys, and the record's attributes. Empty without a live
   * version.
   */
  public Set<String> olderLayoutAttributes() {
    LiveLayout<Object> live = schema.liveLayout();
    if (live == null) {
      return Set.of();
    }
    Set<String> out = new LinkedHashSet<>(schema.attributeNames());
    EntityLayout older = live.olderLayout();
    out.add(older.partition().attribute());
    if (older.sort() != null) {
      out.add(older.sort().attribute());
    }
    for (EntityLayout.Index index : older.indexes()) {
      out.add(index.partition().attribute());
      if (index.sort() != null) {
        out.add(index.sort().attribute());
      }
    }
    return Set.copyOf(out);
  }

  /** The value of a record's component, through its handle. */
  public Object component(Object record, String component) {
    return attribute(component).get(record);
  }

  /** A copy of {@code record} with one component replaced, built by the descriptor. */
  public Object withComponent(Object record, String component, Object value) {
    Attribute<Object, ?> attribute = attribute(component);
    Object[] values = descriptor.values(record);
    values[descriptor.attributes().indexOf(attribute)] = value;
    return descriptor.construct(values);
  }

  private Attribute<Object, ?> attribute(String component) {
    return descriptor.attribute(component)
        .orElseThrow(() -> new IllegalArgumentException(name() + " has no component " + component));
  }

  /**
   * The encoded partition keys of the partition with these components, given as text
   * ({@code "2026-SPRING"}, {@code "125656"}): one key, or one per shard of a {@code @Sharded}
   * record. Each text is read by its component's codec ({@link KeyCodec#fromUserText}) and
   * written by it, as the generated encoder does.
   *
   * @param values one text per partition component, in declaration order
   * @return the partition keys, in shard order
   * @throws ConfigurationException when the number of values is wrong, a value does not convert, or
   *     the encoder rejects it
   */
  public List<String> partitionKeysOf(List<String> values) {
    return partitionKeysOf(layout, shards, values);
  }

  /** {@link #partitionKeysOf(List)} of a layout alone: the command line's text path. */
  static List<String> partitionKeysOf(EntityLayout layout, List<String> values) {
    return partitionKeysOf(layout, shardCodec(layout), values);
  }

  private static List<String> partitionKeysOf(EntityLayout layout, ShardCodec shards, List<String> values) {
    String name = layout.record();
    EntityLayout.Key k = layout.partition();
    List<EntityLayout.Segment> segments = k.segments();
    if (values.size() != segments.size()) {
      throw new ConfigurationException(name + "'s partition key has " + segments.size() + " component(s) ("
          + segments.stream().map(EntityLayout.Segment::component).toList() + "): give " + segments.size()
          + " value(s), not " + values.size());
    }
    StringBuilder key = new StringBuilder(k.head());
    try {
      for (int i = 0; i < segments.size(); i++) {
        @SuppressWarnings("unchecked")
        KeyCodec<Object> codec = (KeyCodec<Object>) segments.get(i).codec();
        Object value;
        try {
          value = codec.fromUserText(Objects.requireNonNull(values.get(i), "text"));
        } catch (KeyFormatException refused) {
          throw refused; // a value of the type the encoder refuses
        } catch (IllegalArgumentException e) {
          IllegalArgumentException notAValue = notAValue(values.get(i), codec, e);
          throw new ConfigurationException(segments.get(i).component() + ": " + notAValue.getMessage(), notAValue);
        }
        key.append(i == 0 ? "" : String.valueOf(k.delimiter())).append(codec.encode(value));
      }
      if (shards != null) {
        return shards.appendAll(key.toString());
      }
      return List.of(Utf8.checkLength(key.toString(), Utf8.PARTITION_KEY_LIMIT, name, "partition key"));
    } catch (KeyFormatException e) { // the encoder refuses the value
      throw new ConfigurationException(name + "'s partition key of " + values + ": " + e.getMessage(), e);
    }
  }

  /** The name and path delimiter of the record's {@code @PathSegment} sort component, if any. */
  public EntityLayout.Segment pathSegment(String component) {
    if (layout.sort() == null) {
      return null;
    }
    for (EntityLayout.Segment s : layout.sort().segments()) {
      if (s.kind() == EntityLayout.Kind.PATH && (component == null || s.component().equals(component))) {
        return s;
      }
    }
    return null;
  }

  /**
   * Converts the text of a component value, as a person types it, to its Java type: the codec's
   * {@link KeyCodec#fromUserText}, which reads it by its encoding in the registry (a path's, with
   * its delimiter, for a {@code @PathSegment} component), so a new key type needs nothing here.
   *
   * @param codec the component's codec, from its segment or handle
   * @throws IllegalArgumentException when the text is no value of the component
   */
  static Object fromText(String text, KeyCodec<?> codec) {
    Objects.requireNonNull(text, "text");
    try {
      return codec.fromUserText(text);
    } catch (IllegalArgumentException e) {
      throw notAValue(text, codec, e);
    }
  }

  private static IllegalArgumentException notAValue(String text, KeyCodec<?> codec, RuntimeException e) {
    return new IllegalArgumentException("\"" + text + "\" is no " + label(codec) + ": " + e.getMessage(), e);
  }

  /** What messages call a codec's type: its encoding's label. */
  private static String label(KeyCodec<?> codec) {
    if (codec instanceof TextCodec<?> text) {
      return text.encoding().label();
    }
    if (codec instanceof PaddedCodec<?> padded) {
      return padded.encoding().label();
    }
    return TreePath.class.getSimpleName();
  }

  /**
   * A path as the command line writes it: {@code root/photos/} (a folder, trailing delimiter) or
   * {@code root/photos/beach.jpg} (a file); {@code /} alone is the root. The codecs' rule,
   * {@link PathEncoding#fromUserText}.
   */
  public static TreePath parsePath(String text, char delimiter) {
    return new PathEncoding(delimiter, '\0').fromUserText(text);
  }

  /** Whether the table metadata of the schema declares an index named {@code name}. */
  boolean declaresIndex(String name) {
    return schema.tableMetadata().indices().stream().anyMatch(i -> i.name().equals(name)
        && !i.name().equals(TableMetadata.primaryIndexName()));
  }

  /**
   * The native index {@code name} of this record's descriptor ({@code @SecondaryIndex(nativeKey = true)}).
   *
   * @throws ConfigurationException when the record declares no such native index
   */
  public EntityLayout.NativeIndex nativeIndex(String name) {
    return layout().nativeIndex(name).orElseThrow(() -> new ConfigurationException("--index: " + name()
        + " declares no native index " + name + " (its native indexes: "
        + (layout().nativeIndexes().isEmpty() ? "none"
            : String.join(", ", layout().nativeIndexes().stream().map(EntityLayout.NativeIndex::name).toList()))
        + ")"));
  }

  /** How a native key attribute is stored, S, N or B: the descriptor's, or its converter's when the converter decides. */
  public String nativeType(EntityLayout.NativeKey key) {
    return key.type() == EntityLayout.StoredType.CONVERTER
        ? tableSchema().converterForAttribute(key.attribute()).attributeValueType().name() : key.type().name();
  }

  @Override
  public String toString() {
    return keysClass.getName();
  }
}
