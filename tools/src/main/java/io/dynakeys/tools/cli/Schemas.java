package io.dynakeys.tools.cli;

import io.dynakeys.tools.EntitySchema;
import java.util.ArrayList;
import java.util.List;

/** Loads the {@code --schema} classes. */
final class Schemas {
  private Schemas() {}

  static List<EntitySchema> load(List<String> names, ClassLoader loader) {
    List<EntitySchema> out = new ArrayList<>();
    if (names != null) {
      for (String name : names) {
        out.add(EntitySchema.load(name.trim(), loader));
      }
    }
    return out;
  }
}
