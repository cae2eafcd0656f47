package io.dynakeys.tools.cli;

import io.dynakeys.operations.schema.EntitySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the {@code --schema} classes: a record's {@code Keys} class or the record, and an item
 * collection's {@code Keys} class or its sealed interface, which stands for every member.
 */
final class Schemas {
  private Schemas() {}

  /**
   * The schemas the names stand for, each record once, in the order named (a collection's members
   * in the order its interface permits them).
   */
  static List<EntitySchema> load(List<String> names, ClassLoader loader) {
    Map<Class<?>, EntitySchema> out = new LinkedHashMap<>();
    if (names != null) {
      for (String name : names) {
        for (EntitySchema schema : EntitySchema.loadAll(name.trim(), loader)) {
          out.putIfAbsent(schema.keysClass(), schema);
        }
      }
    }
    return new ArrayList<>(out.values());
  }
}
