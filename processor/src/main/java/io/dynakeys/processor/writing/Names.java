package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.NameAllocator;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names of a generated keys class, chosen once so that no legal name of a record's
 * components or indexes collides with a generated one: codec constants never equal a component
 * (which names parameters), a type or a package that the generated code refers to, or a member of
 * a nested class; parameters and locals that would shadow a type the body uses are renamed.
 * Parameter names are not part of a method's signature, so renaming one changes no caller.
 */
final class Names {
  /**
   * Names that generated method bodies use unqualified besides their own parameters and locals:
   * fields of the stage classes and of the keys class, and the types the bodies name. A parameter
   * or local of the same name would shadow or obscure them.
   */
  private static final Set<String> USED_IN_BODIES = Set.of(
      "query", "TABLE_SCHEMA", "INDEX_NAME", "PARTITION_KEY_ATTRIBUTE", "SORT_KEY_ATTRIBUTE", "LAYOUT", "String", "Object", "Long", "Integer",
      "IndexOutOfBoundsException", "SuppressWarnings", "Override", "Generated");

  /** Names no codec constant may take, on top of those in bodies: members of nested classes. */
  private final Set<String> reservedForLocals = new HashSet<>(USED_IN_BODIES);
  private final Map<String, String> constants = new LinkedHashMap<>();
  private final Map<String, String> handles = new LinkedHashMap<>();
  private final String shardConstant;
  private final Map<String, String> groups = new LinkedHashMap<>();
  /** The handles of nested records' fields, by the path of component names ({@code [shipTo, city]}). */
  private final Map<List<String>, String> nestedHandles = new LinkedHashMap<>();
  /** An allocator holding every reserved name, copied for each method (cheaper than refilling one). */
  private final NameAllocator reserved;

  Names(KeySchemaModel model) {
    reservedForLocals.add(model.record().simpleName());
    reservedForLocals.add(model.keysClass().simpleName());
    reservedForLocals.add(packageRoot(model.record()));
    for (ClassName type : RuntimeTypes.ALL) {
      reservedForLocals.add(type.simpleName());
    }
    reservedForLocals.add("PartitionParts");
    reservedForLocals.add("SortParts");
    for (KeyLayout layout : model.layouts()) {
      reservedForLocals.addAll(layout.stageNames());
    }
    for (IndexModel index : model.indexes()) {
      reservedForLocals.add(index.className());
    }
    for (IndexModel index : model.nativeIndexes()) {
      reservedForLocals.add(index.className());
      reservedForLocals.addAll(NativeIndexWriter.stageNames(index.sortNames()));
    }
    // Components name parameters everywhere, and the records' components of PartitionParts.
    Set<String> taken = new HashSet<>(reservedForLocals);
    model.components().forEach(c -> taken.add(c.name()));
    // Handles take the plain names (SCORE), codecs the suffixed ones (SCORE_CODEC).
    model.components().forEach(c -> {
      String name = c.name();
      String handle = constantName(name);
      while (!taken.add(handle)) {
        handle = handle + "_";
      }
      handles.put(name, handle);
    });
    for (KeyComponent c : model.keyComponents().values()) {
      String constant = constantName(c.name()) + "_CODEC";
      while (!taken.add(constant)) {
        constant = constant + "_";
      }
      constants.put(c.name(), constant);
    }
    String shard = "SHARD";
    while (!taken.add(shard)) {
      shard = shard + "_";
    }
    shardConstant = shard;
    // Index groups last, so that they rename no handle or codec a record had before them.
    for (io.dynakeys.processor.model.IndexGroup group : io.dynakeys.processor.model.IndexGroup.of(model)) {
      String constant = constantName(group.index().name());
      while (!taken.add(constant)) {
        constant = constant + "_";
      }
      groups.put(group.index().name(), constant);
    }
    // Nested records' fields after everything else, for the same reason: SHIP_TO_CITY.
    for (io.dynakeys.processor.model.Attribute a : model.attributes()) {
      if (hasNestedFields(model, a)) {
        nestedHandles(List.of(a.name()), handles.get(a.name()), a.type().nested(), taken);
      }
    }
    reservedForLocals.addAll(constants.values());
    reservedForLocals.addAll(handles.values());
    reservedForLocals.addAll(nestedHandles.values());
    reservedForLocals.add(shardConstant);
    reservedForLocals.addAll(groups.values());
    reserved = new NameAllocator();
    for (String name : reservedForLocals) {
      reserved.newName(name, "reserved:" + name);
    }
  }

  private void nestedHandles(List<String> path, String parent, io.dynakeys.processor.model.NestedRecord nested,
      Set<String> taken) {
    for (io.dynakeys.processor.model.Attribute field : nested.attributes()) {
      String handle = parent + "_" + constantName(field.name());
      while (!taken.add(handle)) {
        handle = handle + "_";
      }
      List<String> fieldPath = new java.util.ArrayList<>(path);
      fieldPath.add(field.name());
      nestedHandles.put(List.copyOf(fieldPath), handle);
      if (field.type().kind() == io.dynakeys.processor.model.AttributeType.Kind.RECORD) {
        nestedHandles(fieldPath, handle, field.type().nested(), taken);
      }
    }
  }

  /**
   * Whether the component has handles for the fields of its nested record: one in no key, stored
   * as a nested record's map (a record-typed key component, such as a {@code TreePath}, has none).
   */
  static boolean hasNestedFields(KeySchemaModel model, io.dynakeys.processor.model.Attribute a) {
    return a.type().kind() == io.dynakeys.processor.model.AttributeType.Kind.RECORD
        && !model.keyComponents().containsKey(a.name()) && !model.nativeComponents().contains(a.name());
  }

  /**
   * The handle constant of a nested record's field, by its path of component names:
   * {@code SHIP_TO_CITY} for {@code [shipTo, city]}, unless taken (then with a suffix).
   */
  String nestedHandle(List<String> path) {
    return nestedHandles.get(path);
  }

  /** The constant of a sharded record's shard codec: {@code SHARD}, unless taken. */
  String shardConstant() {
    return shardConstant;
  }

  /** The handle constant of the record component {@code component}: {@code SCORE} for {@code score}, unless taken. */
  String handle(String component) {
    return handles.get(component);
  }

  /**
   * The constant of the index group named after {@code index}: {@code BY_OWNER} for
   * {@code byOwner}, unless a handle, codec or the shard took it (then with a suffix).
   */
  String group(String index) {
    return groups.get(index);
  }

  /** The codec constant of {@code component}: {@code SCORE_CODEC} for {@code score}, unless taken. */
  String constant(String component) {
    return constants.get(component);
  }

  /**
   * An allocator for one method's parameters and locals: every name is free of the types, the
   * constants and the fixed names generated code uses, so none shadows what the body refers to.
   */
  NameAllocator allocator() {
    return reserved.clone();
  }

  /**
   * The parameter name for {@code component} in {@code names}: the component's own name when it
   * is free, or the same with a suffix.
   */
  static String parameter(NameAllocator names, KeyComponent component) {
    return names.newName(component.name(), component);
  }

  /** Allocates parameters for every component of {@code components}, in order. */
  static List<String> parameters(NameAllocator names, List<KeyComponent> components) {
    return components.stream().map(c -> parameter(names, c)).toList();
  }

  /** The methods every stage inherits that take no argument, which a range step's name must not be. */
  private static final Set<String> INHERITED_WITHOUT_ARGUMENTS =
      Set.of("toKeyQuery", "toQueryConditional", "toKeyCondition");

  /**
   * The name of a stage's range step over {@code component}: the component's own name, or, for a
   * component named like a method every stage inherits without arguments, that name with
   * {@code Range} ({@code toKeyQueryRange}). Composed and native stages alike.
   */
  static String rangeStep(String component) {
    return INHERITED_WITHOUT_ARGUMENTS.contains(component) ? component + "Range" : component;
  }

  /** {@code SCORE} for {@code score}, {@code PLAYER_ID} for {@code playerId}. */
  static String constantName(String camel) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
        out.append('_');
      }
      out.append(Character.toUpperCase(c));
    }
    return out.toString();
  }

  private static String packageRoot(ClassName type) {
    String pkg = type.packageName();
    int dot = pkg.indexOf('.');
    return dot < 0 ? pkg : pkg.substring(0, dot);
  }
}
