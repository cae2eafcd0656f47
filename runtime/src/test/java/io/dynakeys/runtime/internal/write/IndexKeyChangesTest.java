package io.dynakeys.runtime.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.internal.write.IndexKeyChanges.NewKey;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The index-key upkeep: which key attributes an update rewrites or removes, and what it refuses. */
class IndexKeyChangesTest {
  @Test
  void anUpdateOfNoIndexComponentTouchesNoIndex() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.set(TaskKeys.TITLE, "x");
    IndexKeyChanges changes = IndexKeyChanges.of(spec);
    assertNull(changes.sets());
    assertNull(changes.removes());
  }

  @Test
  void aComponentSetAloneRewritesItsIndexWithTheTableKeysComponents() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.set(TaskKeys.STAGE, "done");
    IndexKeyChanges changes = IndexKeyChanges.of(spec);
    assertEquals(List.of(new NewKey("byStage_pk", "STAGE#done"), new NewKey("byStage_sk", "000007")), changes.sets(),
        "the number comes from the item's sort key, decoded by its codec");
    assertEquals(List.of(), changes.removes());
  }

  @Test
  void aGroupRewritesEveryIndexItsMembersKey() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.setGroup(TaskKeys.BY_OWNER, "ann", 3, Optional.of("red"));
    assertEquals(List.of(new NewKey("byOwner_pk", "OWNER#ann"), new NewKey("byOwner_sk", "003#000007"),
        new NewKey("byLabel_pk", "LABEL#red"), new NewKey("byLabel_sk", "ann#000007")), IndexKeyChanges.of(spec).sets());
  }

  @Test
  void anEmptiedSparseComponentRemovesItsIndexesKeysAndTheOthersAreRewritten() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.setGroup(TaskKeys.BY_LABEL, Optional.empty(), "bob", 9);
    IndexKeyChanges changes = IndexKeyChanges.of(spec);
    assertEquals(List.of(new NewKey("byOwner_pk", "OWNER#bob"), new NewKey("byOwner_sk", "009#000007")), changes.sets());
    assertEquals(List.of("byLabel_pk", "byLabel_sk"), changes.removes());

    UpdateSpec<Task> removed = UpdateSpecTest.task();
    removed.removeKeyComponent(TaskKeys.LABEL);
    assertEquals(List.of(), IndexKeyChanges.of(removed).sets());
    assertEquals(List.of("byLabel_pk", "byLabel_sk"), IndexKeyChanges.of(removed).removes(),
        "removing the label needs none of the group's other values");
  }

  @Test
  void anIndexKeyMissingAComponentIsRefusedNamingTheIndexAndTheComponents() {
    // A group made by hand that leaves out a member: the second line behind the generated groups.
    IndexGroup.Of2<Task, String, Integer> half = Handles.group("byOwner", TaskKeys.OWNER, TaskKeys.PRIORITY);
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.setGroup(half, "ann", 3);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> IndexKeyChanges.of(spec));
    assertEquals("this update of Task sets owner, which key the index \"byLabel\", but not label: the index's new key"
        + " needs its value, so set it in the same update: set them together through TaskKeys' group of the index"
        + " (TaskKeys.BY_...), or put the whole item", e.getMessage());
  }

  @Test
  void aKeyItsParserRefusesIsRefusedWhenAnIndexNeedsItsComponents() {
    UpdateSpec<Task> spec = UpdateSpec.of(TaskKeys.tableSchema(), AttributeValue.fromS("TASK#apollo"),
        AttributeValue.fromS("7"));
    spec.set(TaskKeys.TITLE, "x");
    assertNull(IndexKeyChanges.of(spec).sets(), "a key no index needs is not parsed");
    spec.set(TaskKeys.STAGE, "done");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> IndexKeyChanges.of(spec));
    assertTrue(e.getMessage().contains("Task"), e.getMessage());
  }
}
