package io.dynakeys.operations.schema;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One record's key layout, loaded from its generated {@code <Record>Keys} class: what the per-item
 * check ({@link io.dynakeys.operations.verify.ItemChecker}), the re-key
 * ({@link io.dynakeys.operations.rekey.Rekey}) and the command line take to know an entity. The
 * keys class is found by name at run time, so a job over a table or an export (Spark, Glue) names
 * the user's records as text, and everything else comes from what the processor generated: the
 * record's descriptor, {@code LAYOUT}, and its table schema, {@code tableSchema()}.
 *
 * <pre>{@code
 * EntitySchema runs = EntitySchema.load("com.acme.RunKeys", loader);   // or the record, com.acme.Run
 * runs.owns(item);                        // the key prefixes match
 * runs.parseSortKey("9999998499#...");    // {score=1500, at=..., playerId=...}, or KeyFormatException
 * runs.readStrictly(item);                // the Run, or null for an item of another layout
 * }</pre>
 *
 * <p>Keys are read and written by the codecs of {@code LAYOUT}'s segments, exactly as the generated
 * parsers and encoders do; items are read and written through the generated table schema, exactly as
 * the application does. Instances are immutable and thread-safe; two schemas of one keys class are
 * equal.
 */
public final class EntitySchema {
  private final EntityModel model;

  private EntitySchema(EntityModel model) {
    this.model = model;
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
    return new EntitySchema(EntityModel.load(className, loader));
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
    return wrap(EntityModel.loadAll(className, loader));
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
    return wrap(EntityModel.allOf(type));
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
    return new EntitySchema(EntityModel.of(keysOrRecord));
  }

  private static List<EntitySchema> wrap(List<EntityModel> models) {
    List<EntitySchema> out = new ArrayList<>();
    for (EntityModel m : models) {
      out.add(new EntitySchema(m));
    }
    return List.copyOf(out);
  }

  /**
   * The record's simple name, as {@code LAYOUT} gives it.
   *
   * @return {@code Run}
   */
  public String name() {
    return model.name();
  }

  /**
   * The generated keys class.
   *
   * @return {@code RunKeys}
   */
  public Class<?> keysClass() {
    return model.keysClass();
  }

  /**
   * The record class.
   *
   * @return {@code Run}
   */
  public Class<?> recordClass() {
    return model.recordClass();
  }

  /**
   * The generated table schema, which checks stored keys on read.
   *
   * @return {@code RunKeys.tableSchema()}
   */
  public RecordTableSchema<Object> tableSchema() {
    return model.tableSchema();
  }

  /**
   * The table's partition key attribute.
   *
   * @return its name
   */
  public String partitionKeyAttribute() {
    return model.partitionKeyAttribute();
  }

  /**
   * The table's sort key attribute.
   *
   * @return its name, or {@code null} when the record has no sort key
   */
  public String sortKeyAttribute() {
    return model.sortKeyAttribute();
  }

  /**
   * The record's components.
   *
   * @return their names, in declaration order
   */
  public List<String> componentNames() {
    return model.componentNames();
  }

  /**
   * The attribute that stores {@code component}: its own name, or the one
   * {@code @DynamoDbAttribute} gives it.
   *
   * @param component the component's name
   * @return the attribute's name
   * @throws IllegalArgumentException when the record has no such component
   */
  public String attributeName(String component) {
    return model.attributeName(component);
  }

  /**
   * Every attribute the table schema writes.
   *
   * @return the components' attributes, then the computed keys
   */
  public List<String> attributeNames() {
    return model.attributeNames();
  }

  /**
   * Whether {@code item}'s stored keys carry this record's prefixes.
   *
   * @param item a stored item
   * @return whether the prefixes match
   */
  public boolean owns(Map<String, AttributeValue> item) {
    return model.owns(item);
  }

  /**
   * Parses a partition key as the generated parser does: the prefix, each component by its codec,
   * then the shard number of a {@code @Sharded} record.
   *
   * @param key the stored partition key
   * @return the components by name, in order, and {@code shard} for a sharded record
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   */
  public Map<String, Object> parsePartitionKey(String key) {
    return model.parsePartitionKey(key);
  }

  /**
   * Parses a sort key as the generated parser does: the prefix, then each component by its codec.
   *
   * @param key the stored sort key
   * @return the components by name, in order
   * @throws io.dynakeys.runtime.KeyFormatException when the key is not one the encoder writes
   * @throws IllegalStateException when the record has no sort key
   */
  public Map<String, Object> parseSortKey(String key) {
    return model.parseSortKey(key);
  }

  /**
   * The record stored in {@code item}, its keys checked against its components.
   *
   * @param item a stored item
   * @return the record
   * @throws io.dynakeys.runtime.schema.ItemMappingException when it cannot be read or its keys differ
   */
  public Object read(Map<String, AttributeValue> item) {
    return model.read(item);
  }

  /**
   * The record stored in {@code item} when it is this layout's item: its prefixes owned, its keys
   * parsed by the generated parsers and equal to the keys its components give.
   *
   * @param item a stored item
   * @return the record, or {@code null} for an item of another entity or of another layout of this one
   */
  public Object readStrictly(Map<String, AttributeValue> item) {
    return model.readStrictly(item);
  }

  /**
   * The item the table schema writes for {@code record}: its components and every key.
   *
   * @param record a record of this layout
   * @return the item
   */
  public Map<String, AttributeValue> toItem(Object record) {
    return model.toItem(record);
  }

  /**
   * The value of a record's component, through its handle.
   *
   * @param record a record of this layout
   * @param component the component's name
   * @return its value
   * @throws IllegalArgumentException when the record has no such component
   */
  public Object component(Object record, String component) {
    return model.component(record, component);
  }

  /**
   * A copy of {@code record} with one component replaced, built by the descriptor.
   *
   * @param record a record of this layout
   * @param component the component's name
   * @param value its new value
   * @return the copy
   * @throws IllegalArgumentException when the record has no such component
   */
  public Object withComponent(Object record, String component, Object value) {
    return model.withComponent(record, component, value);
  }

  /**
   * The encoded partition keys of the partition with these components, given as text
   * ({@code "2026-SPRING"}, {@code "125656"}): one key, or one per shard of a {@code @Sharded}
   * record. Each text is read by its component's codec, as a person types it, and written by it, as
   * the generated encoder does.
   *
   * @param values one text per partition component, in declaration order
   * @return the partition keys, in shard order
   * @throws ConfigurationException when the number of values is wrong, a value does not convert, or
   *     the encoder rejects it
   */
  public List<String> partitionKeysOf(List<String> values) {
    return model.partitionKeysOf(values);
  }

  /** Two schemas are equal when they are of one keys class. */
  @Override
  public boolean equals(Object other) {
    return other instanceof EntitySchema s && s.model == model;
  }

  @Override
  public int hashCode() {
    return model.hashCode();
  }

  /** The keys class's name. */
  @Override
  public String toString() {
    return model.toString();
  }
}
