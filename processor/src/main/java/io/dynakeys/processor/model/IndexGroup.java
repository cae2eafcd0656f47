package io.dynakeys.processor.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The components an update must set together to rewrite a composed index's key: the index's
 * components outside the table's key and, transitively, those of every other composed index that
 * shares one of them (setting a component rewrites every index it keys, and each of those needs
 * its own components). An index gets a group only when that closure holds two components or more;
 * with one, the component is set alone. Native indexes store their components as themselves and
 * take part in no group; table-key components come from the item's key.
 *
 * @param index the index the group is named after
 * @param members the components, by name: the index's own in key order, then the others in
 *     declaration order
 */
public record IndexGroup(IndexModel index, List<String> members) {

  /** The groups of {@code model}'s composed indexes that need one, in the indexes' order. */
  public static List<IndexGroup> of(KeySchemaModel model) {
    Set<String> table = new LinkedHashSet<>();
    model.table().components().forEach(c -> table.add(c.name()));
    // Union-find over the components outside the table key, linked by the indexes they share.
    Map<String, String> parent = new HashMap<>();
    Map<IndexModel, List<String>> free = new HashMap<>();
    for (IndexModel index : model.indexes()) {
      Set<String> own = new LinkedHashSet<>();
      for (KeyComponent c : index.layout().components()) {
        if (!table.contains(c.name())) {
          own.add(c.name());
        }
      }
      free.put(index, List.copyOf(own));
      String first = null;
      for (String name : own) {
        parent.putIfAbsent(name, name);
        if (first == null) {
          first = name;
        } else {
          parent.put(root(parent, name), root(parent, first));
        }
      }
    }
    List<String> declared = model.attributes().stream().map(Attribute::name).toList();
    List<IndexGroup> groups = new ArrayList<>();
    for (IndexModel index : model.indexes()) {
      List<String> own = free.get(index);
      if (own.isEmpty()) {
        continue;
      }
      String root = root(parent, own.get(0));
      List<String> members = new ArrayList<>(own);
      for (String name : declared) {
        if (!members.contains(name) && parent.containsKey(name) && root(parent, name).equals(root)) {
          members.add(name);
        }
      }
      if (members.size() >= 2) {
        groups.add(new IndexGroup(index, List.copyOf(members)));
      }
    }
    return groups;
  }

  /** The names of the components that are members of some group of {@code model}. */
  public static Set<String> members(KeySchemaModel model) {
    Set<String> out = new LinkedHashSet<>();
    of(model).forEach(g -> out.addAll(g.members()));
    return out;
  }

  private static String root(Map<String, String> parent, String name) {
    String r = name;
    while (!parent.get(r).equals(r)) {
      r = parent.get(r);
    }
    return r;
  }
}
