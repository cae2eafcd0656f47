package io.dynakeys.tools;

import io.dynakeys.codecs.EntityLayout;
import io.dynakeys.codecs.KeyEncoding;
import io.dynakeys.codecs.KeyTypes;
import io.dynakeys.codecs.PathCodec;
import io.dynakeys.codecs.PathEncoding;
import io.dynakeys.codecs.Utf8;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.runtime.schema.CollectionTableSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
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
 * One generated {@code <Record>Keys} class, loaded by name and used through its public static
 * members: {@code LAYOUT}, {@code tableSchema()}, {@code parsePartitionKey},
 * {@code parseSortKey} and {@code partitionKey}/{@code partitionKeys}. The tools run on the
 * user's classpath and know the records only at run time, so this is the one place that reflects.
 *
 * <pre>{@code
 * EntitySchema runs = EntitySchema.load("com.acme.RunKeys", loader);   // or the record, com.acme.Run
 * runs.owns(item);                        // the key prefixes match
 * runs.parseSortKey("9999998499#...");    // RunKeys.SortParts, or KeyFormatException
 * }</pre>
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class EntitySchema {
  private final Class<?> keysClass;
  private final Class<?> recordClass;
  private final EntityLayout layout;
  private final RecordTableSchema<Object> schema;
  private final RecordTableSchema<Object> lenient;
  private final Method parsePartitionKey;
  private final Method parseSortKey;
  private final RecordComponent[] components;
  private final List<String> componentNames;
  private final Set<String> requiredComponents;
  private final Map<String, KeyAttribute> keyAttributes;
  private final Constructor<?> constructor;

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

  private EntitySchema(Class<?> keysClass) {
    this.keysClass = keysClass;
    try {
      Field field = keysClass.getField("LAYOUT");
      this.layout = ((io.dynakeys.runtime.entity.EntityDescriptor<?>) field.get(null)).layout();
      Method tableSchema = keysClass.getMethod("tableSchema");
      @SuppressWarnings("unchecked")
      RecordTableSchema<Object> s = (RecordTableSchema<Object>) tableSchema.invoke(null);
      this.schema = s;
    } catch (ReflectiveOperationException | ClassCastException e) {
      if (collectionMembers(keysClass) != null) {
        throw new ConfigurationException(keysClass.getName() + " is the keys class of an item collection, not of"
            + " one record: load its members with EntitySchema.loadAll or allOf", e);
      }
      throw new ConfigurationException(keysClass.getName() + " is not a class dynakeys generated:"
          + " it has no public static LAYOUT and tableSchema() (" + e + ")", e);
    }
    this.lenient = schema.withoutKeyVerification();
    this.recordClass = schema.itemType().rawClass();
    this.parsePartitionKey = method(keysClass, "parsePartitionKey");
    this.parseSortKey = layout.sort() == null ? null : method(keysClass, "parseSortKey");
    if (parsePartitionKey == null) {
      throw new ConfigurationException(keysClass.getName() + " has no parsePartitionKey(String): is it a Keys"
          + " class of this dynakeys version?");
    }
    this.components = recordClass.getRecordComponents();
    List<String> names = new ArrayList<>();
    for (RecordComponent c : components) {
      names.add(c.getName());
    }
    this.componentNames = List.copyOf(names);

    // A primitive component, or a component of the table's own keys, cannot be absent: that is
    // what RecordTableSchema refuses on read, so it is what verify reports as missing.
    Set<String> required = new LinkedHashSet<>();
    for (RecordComponent c : components) {
      if (c.getType().isPrimitive()) {
        required.add(c.getName());
      }
    }
    layout.partition().segments().forEach(s -> required.add(s.component()));
    if (layout.sort() != null) {
      layout.sort().segments().forEach(s -> required.add(s.component()));
    }
    this.requiredComponents = Collections.unmodifiableSet(required);
    this.keyAttributes = keyAttributes(layout, schema, names);
    Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
    try {
      this.constructor = recordClass.getDeclaredConstructor(types);
      constructor.setAccessible(true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ConfigurationException(recordClass.getName() + " has no canonical constructor: " + e, e);
    }
    for (RecordComponent c : components) {
      c.getAccessor().setAccessible(true);
    }
  }

  /**
   * Loads a generated keys class, or the keys class of a record, by name.
   *
   * @param className {@code com.acme.RunKeys}, or the record {@code com.acme.Run}
   * @param loader the class loader that sees the user's classes
   * @return the schema
   * @throws ConfigurationException when the class cannot be loaded or is neither
   */
  public static EntitySchema load(String className, ClassLoader loader) {
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
  public static List<EntitySchema> loadAll(String className, ClassLoader loader) {
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
  public static List<EntitySchema> allOf(Class<?> type) {
    List<Class<?>> members = collectionMembers(type);
    if (members == null) {
      return List.of(of(type));
    }
    List<EntitySchema> out = new ArrayList<>();
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
          Object schema = tableSchema.invoke(null);
          Class<?> item = ((CollectionTableSchema<?>) schema).itemType().rawClass();
          if (item.isInterface() && item.isSealed()) {
            sealed = item;
          }
        }
      } catch (NoSuchMethodException notGenerated) {
        return null;
      } catch (InvocationTargetException e) {
        throw new ConfigurationException(type.getName() + ".tableSchema() failed: " + e.getCause(), e.getCause());
      } catch (IllegalAccessException e) {
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
  public static EntitySchema of(Class<?> keysOrRecord) {
    if (keysOrRecord.isRecord()) {
      return new EntitySchema(keysClassOf(keysOrRecord));
    }
    return new EntitySchema(keysOrRecord);
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

  private static Method method(Class<?> type, String name) {
    try {
      Method m = type.getMethod(name, String.class);
      return Modifier.isStatic(m.getModifiers()) ? m : null;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Map<String, KeyAttribute> keyAttributes(EntityLayout layout, RecordTableSchema<Object> schema,
      List<String> components) {
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
    // A path's parent and depth attributes, named by the codecs' rule, when the schema writes them
    // (@PathSegment(indexes = true)): each is the partition key of a global index.
    if (layout.sort() != null) {
      for (EntityLayout.Segment s : layout.sort().segments()) {
        if (s.kind() == EntityLayout.Kind.PATH) {
          for (String attribute : List.of(PathCodec.parentAttribute(s.component()),
              PathCodec.depthAttribute(s.component()))) {
            if (schema.attributeNames().contains(attribute) && !components.contains(attribute)) {
              out.putIfAbsent(attribute, new KeyAttribute(attribute, null, 0, Utf8.PARTITION_KEY_LIMIT, false));
            }
          }
        }
      }
    }
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
    return recordClass;
  }

  /** The key layout, {@code LAYOUT}. */
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

  /** The record's components, in declaration order: each is an attribute of the same name. */
  public List<String> componentNames() {
    return componentNames;
  }

  /** The type of a component. */
  public Class<?> componentType(String component) {
    for (RecordComponent c : components) {
      if (c.getName().equals(component)) {
        return c.getType();
      }
    }
    throw new IllegalArgumentException(name() + " has no component " + component);
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
   * Parses a partition key with the generated parser.
   *
   * @return the generated {@code PartitionParts} record
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   */
  public Object parsePartitionKey(String key) {
    return invoke(parsePartitionKey, key);
  }

  /**
   * Parses a sort key with the generated parser.
   *
   * @return the generated {@code SortParts} record
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   * @throws IllegalStateException when the record has no sort key
   */
  public Object parseSortKey(String key) {
    if (parseSortKey == null) {
      if (layout.sort() != null && layout.sort().segments().isEmpty()) {
        // A constant sort key (an item collection's single item, sk = PROFILE): no parser is
        // generated, the key is right when it is the constant.
        if (!layout.sort().head().equals(key)) {
          throw new KeyFormatException(name(), layout.sort().attribute(), key, "the sort key is always \""
              + layout.sort().head() + "\"");
        }
        return new ConstantKey();
      }
      throw new IllegalStateException(name() + " has no sort key");
    }
    return invoke(parseSortKey, key);
  }

  /** The parts of a constant sort key: none. */
  private record ConstantKey() {}

  /** The components of a parsed {@code PartitionParts} or {@code SortParts}, by name, in order. */
  public static Map<String, Object> parts(Object parts) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (RecordComponent c : parts.getClass().getRecordComponents()) {
      try {
        Method accessor = c.getAccessor();
        accessor.setAccessible(true);
        out.put(c.getName(), accessor.invoke(parts));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read " + c, e);
      }
    }
    return out;
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

  /** The value of a record's component. */
  public Object component(Object record, String component) {
    for (RecordComponent c : components) {
      if (c.getName().equals(component)) {
        try {
          return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot read " + name() + "." + component, e);
        }
      }
    }
    throw new IllegalArgumentException(name() + " has no component " + component);
  }

  /** A copy of {@code record} with one component replaced, through the canonical constructor. */
  public Object withComponent(Object record, String component, Object value) {
    Object[] args = new Object[components.length];
    boolean found = false;
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(component)) {
        args[i] = value;
        found = true;
      } else {
        try {
          args[i] = components[i].getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot read " + name() + "." + components[i].getName(), e);
        }
      }
    }
    if (!found) {
      throw new IllegalArgumentException(name() + " has no component " + component);
    }
    try {
      return constructor.newInstance(args);
    } catch (InvocationTargetException e) {
      throw rethrow(e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + name(), e);
    }
  }

  /**
   * The encoded partition keys of the partition with these components, given as text
   * ({@code "2026-SPRING"}, {@code "125656"}): one key, or one per shard of a {@code @Sharded}
   * record.
   *
   * @param values one text per partition component, in declaration order
   * @return the partition keys, in shard order
   * @throws ConfigurationException when the number of values is wrong, a value does not convert, or
   *     the encoder rejects it
   */
  public List<String> partitionKeysOf(List<String> values) {
    List<EntityLayout.Segment> segments = layout.partition().segments();
    if (values.size() != segments.size()) {
      throw new ConfigurationException(name() + "'s partition key has " + segments.size() + " component(s) ("
          + segments.stream().map(EntityLayout.Segment::component).toList() + "): give " + segments.size()
          + " value(s), not " + values.size());
    }
    String methodName = layout.shards() > 0 ? "partitionKeys" : "partitionKey";
    Method encoder = null;
    for (Method m : keysClass.getMethods()) {
      if (m.getName().equals(methodName) && Modifier.isStatic(m.getModifiers())
          && m.getParameterCount() == segments.size()
          && (segments.size() != 1 || m.getParameterTypes()[0] != recordClass)) {
        encoder = m;
      }
    }
    if (encoder == null) {
      throw new ConfigurationException(keysClass.getName() + " has no " + methodName + " of the components");
    }
    Object[] args = new Object[values.size()];
    for (int i = 0; i < args.length; i++) {
      try {
        args[i] = fromText(values.get(i), encoder.getParameterTypes()[i], segments.get(i));
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(segments.get(i).component() + ": " + e.getMessage(), e);
      }
    }
    Object result;
    try {
      result = invoke(encoder, args);
    } catch (IllegalArgumentException e) { // KeyFormatException: the encoder refuses the value
      throw new ConfigurationException(name() + "'s partition key of " + values + ": " + e.getMessage(), e);
    }
    if (result instanceof List<?> list) {
      return list.stream().map(String.class::cast).toList();
    }
    return List.of((String) result);
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
   * Converts the text of a component value, as a person types it, to its Java type: through the
   * registry of key types, {@link KeyEncoding#fromUserText} of the type's encoding (a path's,
   * with its delimiter, for a {@code @PathSegment} component), so a new key type needs nothing
   * here.
   *
   * @param segment the component's segment, or {@code null}
   * @throws IllegalArgumentException when the text is no value of the type, or the type no key type
   */
  static Object fromText(String text, Class<?> type, EntityLayout.Segment segment) {
    Objects.requireNonNull(text, "text");
    try {
      KeyEncoding<?> encoding = segment != null && segment.kind() == EntityLayout.Kind.PATH
          ? new PathEncoding(segment.pathDelimiter(), '\0')
          : KeyTypes.forClass(type);
      return encoding.fromUserText(text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("\"" + text + "\" is no " + type.getSimpleName() + ": " + e.getMessage(), e);
    }
  }

  /**
   * A path as the command line writes it: {@code root/photos/} (a folder, trailing delimiter) or
   * {@code root/photos/beach.jpg} (a file); {@code /} alone is the root. The codecs' rule,
   * {@link PathEncoding#fromUserText}.
   */
  public static TreePath parsePath(String text, char delimiter) {
    return new PathEncoding(delimiter, '\0').fromUserText(text);
  }

  private static Object invoke(Method method, Object... args) {
    try {
      return method.invoke(null, args);
    } catch (InvocationTargetException e) {
      throw rethrow(e);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + method, e);
    }
  }

  private static RuntimeException rethrow(InvocationTargetException e) {
    Throwable cause = e.getCause();
    if (cause instanceof RuntimeException r) {
      return r;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new IllegalStateException(cause);
  }

  /** Whether the table metadata of the schema declares an index named {@code name}. */
  boolean declaresIndex(String name) {
    return schema.tableMetadata().indices().stream().anyMatch(i -> i.name().equals(name)
        && !i.name().equals(TableMetadata.primaryIndexName()));
  }

  @Override
  public String toString() {
    return keysClass.getName();
  }
}
