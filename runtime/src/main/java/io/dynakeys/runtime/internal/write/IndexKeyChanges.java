package io.dynakeys.runtime.internal.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.internal.KeyText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The index key attributes an update rewrites and removes: for every index a component it sets
 * keys, the index's new keys encoded by the layout's codecs from the update's values and the
 * table-key components decoded from the item's key, or, when the update empties a sparse
 * {@code Optional} component, the index's key attributes removed. Computed for every request,
 * prepared shape or not: the new keys are values, and their refusals (a key too long, a component
 * missing) stay.
 *
 * @param sets the key attributes rewritten, with their new keys, in the layout's order; {@code null}
 *     when the update sets no index component
 * @param removes the key attributes removed; {@code null} when the update sets no index component
 */
public record IndexKeyChanges(List<NewKey> sets, List<String> removes) {
  private static final IndexKeyChanges NONE = new IndexKeyChanges(null, null);

  /**
   * A key attribute and the key it is set to.
   *
   * @param attribute the index's key attribute
   * @param key the new key text
   */
  public record NewKey(String attribute, String key) {}

  /**
   * The changes of {@code spec}'s index keys.
   *
   * @param spec the update
   * @return the changes; both lists {@code null} when the update touches no index component
   * @throws IllegalStateException when the update sets a component of an index key without the
   *     others outside the table's key that the new key needs
   * @throws io.dynakeys.runtime.KeyFormatException when a new key cannot be written (too long), or
   *     the item's key cannot be parsed
   */
  public static IndexKeyChanges of(UpdateSpec<?> spec) {
    Map<String, Object> indexValues = spec.indexValues();
    if (indexValues == null) {
      return NONE;
    }
    EntityDescriptor<?> entity = spec.entity();
    IndexKeyChanges changes = new IndexKeyChanges(new ArrayList<>(4), new ArrayList<>(4));
    for (EntityLayout.Index index : entity.layout().indexes()) {
      List<EntityLayout.Key> keys = new ArrayList<>(2);
      if (!index.local()) {
        keys.add(index.partition());
      }
      if (index.sort() != null) {
        keys.add(index.sort());
      }
      boolean touched = false;
      boolean emptied = false;
      List<String> missing = new ArrayList<>();
      Map<String, Object> values = new HashMap<>(8);
      for (EntityLayout.Key k : keys) {
        for (EntityLayout.Segment segment : k.segments()) {
          String component = segment.component();
          if (indexValues.containsKey(component)) {
            touched = true;
            Object value = indexValues.get(component);
            emptied |= value == null;
            values.put(component, value);
          } else if (spec.key().components().containsKey(component)) {
            values.put(component, spec.key().components().get(component));
          } else if (!missing.contains(component)) {
            missing.add(component);
          }
        }
      }
      if (!touched) {
        continue;
      }
      if (emptied) {
        for (EntityLayout.Key k : keys) {
          changes.removes.add(k.attribute());
        }
        continue;
      }
      if (!missing.isEmpty()) {
        String keysClass = keysClassName(entity);
        throw new IllegalStateException("this update of " + entity.name() + " sets "
            + String.join(", ", touchedComponents(keys, indexValues)) + ", which key" + " the index \"" + index.name()
            + "\", but not " + String.join(", ", missing) + ": the index's new key needs "
            + (missing.size() == 1 ? "its value" : "their values") + ", so set "
            + (missing.size() == 1 ? "it" : "them") + " in the same update: set them together through "
            + keysClass + "' group of the index (" + keysClass + ".BY_...), or put the whole item");
      }
      for (EntityLayout.Key k : keys) {
        changes.sets.add(new NewKey(k.attribute(), KeyText.encode(entity.name(), k, k == index.partition(), values)));
      }
    }
    return changes;
  }

  private static List<String> touchedComponents(List<EntityLayout.Key> keys, Map<String, Object> indexValues) {
    List<String> out = new ArrayList<>();
    for (EntityLayout.Key k : keys) {
      for (EntityLayout.Segment s : k.segments()) {
        if (indexValues.containsKey(s.component()) && !out.contains(s.component())) {
          out.add(s.component());
        }
      }
    }
    return out;
  }

  /** {@code TaskKeys}, for messages. */
  private static String keysClassName(EntityDescriptor<?> entity) {
    String name = entity.keysClass();
    return name.substring(name.lastIndexOf('.') + 1);
  }
}
