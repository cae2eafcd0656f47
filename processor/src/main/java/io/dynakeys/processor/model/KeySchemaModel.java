package io.dynakeys.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Everything the processor knows about one {@code @KeySchema} record: what the checks validate
 * and the writers turn into {@code <Record>Keys}.
 *
 * @param record the record's class name
 * @param keysClass the generated class's name
 * @param table the table's keys
 * @param indexes the secondary indexes
 * @param attributes every record component, as the table schema stores it, in declaration order
 * @param element the record, as the generated file's originating element and for diagnostics
 * @param annotation the {@code @KeySchema} annotation, for diagnostics
 * @param delimiterValue the {@code delimiter} attribute, or null when defaulted
 * @param sharding the record's {@code @Sharded}, or {@code null}
 * @param collections the {@code @ItemCollection} interfaces the record implements, by name
 * @param nativeIndexes the indexes keyed natively by the components' own attributes
 *     ({@code nativeKey = true}), in source order; {@code indexes} holds the composed ones
 * @param uniques the {@code @Unique} components with their guards' key layouts, in declaration order
 * @param components every component of the item type, in declaration order: its accessor, its
 *     place for diagnostics and its annotations (a record's components, or a Kotlin class's
 *     properties)
 */
public record KeySchemaModel(
    ClassName record,
    ClassName keysClass,
    KeyLayout table,
    List<IndexModel> indexes,
    List<Attribute> attributes,
    TypeElement element,
    AnnotationMirror annotation,
    AnnotationValue delimiterValue,
    Sharding sharding,
    java.util.Set<String> collections,
    List<IndexModel> nativeIndexes,
    List<UniqueModel> uniques,
    List<ItemComponent> components) {

  /** The component called {@code name}, or {@code null} when the item type has none. */
  public ItemComponent component(String name) {
    for (ItemComponent c : components) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** Where a diagnostic about the component {@code name} goes: the component, else the record. */
  public javax.lang.model.element.Element elementOf(String name) {
    ItemComponent c = component(name);
    return c == null ? element : c.element();
  }

  /** The record's simple name, as generated code names it in messages. */
  public String recordName() {
    return record.simpleName();
  }

  /** The components of the native indexes, by name, with the indexes and places they key. */
  public java.util.Set<String> nativeComponents() {
    java.util.Set<String> names = new java.util.LinkedHashSet<>();
    for (IndexModel index : nativeIndexes) {
      names.addAll(index.partitionNames());
      names.addAll(index.sortNames());
    }
    return names;
  }

  /** The table's partition key layout. */
  public KeyPart partition() {
    return table.partition();
  }

  /** The table's sort key layout; {@link KeyPart#isEmpty()} when the table has no sort key. */
  public KeyPart sort() {
    return table.sort();
  }

  /** Whether items of the record have a sort key in the table. */
  public boolean hasSortKey() {
    return table.hasSortKey();
  }

  /** The table's layout followed by every index's. */
  public List<KeyLayout> layouts() {
    List<KeyLayout> all = new ArrayList<>();
    all.add(table);
    indexes.forEach(i -> all.add(i.layout()));
    return all;
  }

  /** Every component that takes part in some key (a unique guard's included), once, by name. */
  public Map<String, KeyComponent> keyComponents() {
    Map<String, KeyComponent> byName = new LinkedHashMap<>();
    for (KeyLayout layout : layouts()) {
      layout.components().forEach(c -> byName.putIfAbsent(c.name(), c));
    }
    uniques.forEach(u -> byName.putIfAbsent(u.component().name(), u.component()));
    return byName;
  }

  /** Whether the record's partitions are sharded. */
  public boolean sharded() {
    return sharding != null;
  }

  /**
   * The key components whose encodings choose the shard, in order: the {@code by} components, or
   * every sort component. Empty for a record that is not sharded.
   */
  public List<KeyComponent> shardComponents() {
    if (sharding == null) {
      return List.of();
    }
    if (sharding.bySortKey()) {
      return sort().components();
    }
    List<KeyComponent> out = new ArrayList<>();
    for (String name : sharding.by()) {
      KeyComponent c = table.components().stream().filter(k -> k.name().equals(name)).findFirst().orElse(null);
      if (c != null) {
        out.add(c);
      }
    }
    return out;
  }

  /** The table's path component (the one {@code @PathSegment} of its sort key), or {@code null}. */
  public KeyComponent pathComponent() {
    for (KeyComponent c : sort().components()) {
      if (c.path() != null && c.keyType().isKeyType()) {
        return c;
      }
    }
    return null;
  }
}
