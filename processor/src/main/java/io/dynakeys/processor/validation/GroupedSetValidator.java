package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexGroup;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.UpdateCalls;
import io.dynakeys.processor.writing.KeysClassConstants;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The mistakes of updates over index groups that javac reports as a page of "no suitable method"
 * candidates, said in one line that names the group to use: a member of a group set alone
 * ({@code set(TaskKeys.OWNER, "bob")}) and a group set with another number of values than it has
 * members ({@code set(TaskKeys.BY_OWNER, "bob")}). Both never compile; this only says why, for the
 * calls {@link UpdateCalls} proves to be such calls.
 */
public final class GroupedSetValidator {
  private final ValidationReport report;
  /** By keys class, the handles of the components that are group members, and the groups. */
  private final Map<String, Map<String, Member>> members = new HashMap<>();
  private final Map<String, Map<String, Group>> groups = new HashMap<>();

  private record Member(KeySchemaModel model, String component) {}

  private record Group(KeySchemaModel model, IndexGroup group) {}

  /** @param report where findings go */
  public GroupedSetValidator(ValidationReport report) {
    this.report = report;
  }

  /** Adds the groups of {@code model}, a record whose keys class is written. */
  public void add(KeySchemaModel model) {
    List<IndexGroup> of = IndexGroup.of(model);
    if (of.isEmpty()) {
      return;
    }
    KeysClassConstants constants = KeysClassConstants.of(model);
    String keysClass = model.keysClass().canonicalName();
    for (IndexGroup group : of) {
      groups.computeIfAbsent(keysClass, k -> new HashMap<>())
          .put(constants.group(group.index().name()), new Group(model, group));
      for (String member : group.members()) {
        members.computeIfAbsent(keysClass, k -> new HashMap<>())
            .put(constants.handle(member), new Member(model, member));
      }
    }
  }

  /** Whether any record added has a group: else no call can be at fault. */
  public boolean hasGroups() {
    return !groups.isEmpty();
  }

  /** The qualified names of the keys classes that declare groups. */
  public java.util.Set<String> keysClasses() {
    return java.util.Set.copyOf(groups.keySet());
  }

  /** Checks {@code call}. */
  public void check(UpdateCalls.Call call) {
    Member member = members.getOrDefault(call.keysClass(), Map.of()).get(call.constant());
    if (member != null && call.values() == 1) {
      memberSetAlone(call, member);
    }
    Group group = groups.getOrDefault(call.keysClass(), Map.of()).get(call.constant());
    if (group != null && call.values() != group.group().members().size()) {
      report.error(Messages.groupValueCount(simpleName(call.keysClass()) + "." + call.constant(),
          typed(group.model(), group.group().members()), call.values()), call.at());
    }
  }

  private void memberSetAlone(UpdateCalls.Call call, Member member) {
    KeySchemaModel model = member.model();
    List<String> indexes = new ArrayList<>();
    for (IndexModel index : model.indexes()) {
      if (index.layout().components().stream().anyMatch(c -> c.name().equals(member.component()))) {
        indexes.add(index.name());
      }
    }
    KeysClassConstants constants = KeysClassConstants.of(model);
    String keys = simpleName(call.keysClass());
    List<String> together = new ArrayList<>();
    List<String> sets = new ArrayList<>();
    for (IndexGroup group : IndexGroup.of(model)) {
      if (!group.members().contains(member.component())) {
        continue;
      }
      if (together.isEmpty()) {
        together.add(member.component());
        group.members().stream().filter(m -> !m.equals(member.component())).forEach(together::add);
      }
      sets.add("set(" + keys + "." + constants.group(group.index().name()) + ", "
          + String.join(", ", group.members()) + ")");
    }
    report.error(Messages.groupMemberSetAlone(keys + "." + call.constant(), member.component(), indexes, together,
        sets), call.at());
  }

  /** {@code owner (String)}, {@code priority (int)}: the members with their types. */
  private static List<String> typed(KeySchemaModel model, List<String> names) {
    List<String> out = new ArrayList<>();
    for (String name : names) {
      Attribute a = model.attributes().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
      String type = (a.primitive() ? a.valueType().unbox() : a.valueType()).toString();
      out.add(name + " (" + type.replaceAll("\\b[a-z_][A-Za-z0-9_]*\\.", "") + ")");
    }
    return out;
  }

  private static String simpleName(String qualified) {
    return qualified.substring(qualified.lastIndexOf('.') + 1);
  }
}
