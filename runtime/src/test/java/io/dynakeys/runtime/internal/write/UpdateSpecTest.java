package io.dynakeys.runtime.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.fixtures.Page;
import io.dynakeys.runtime.fixtures.PageKeys;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.Run;
import io.dynakeys.runtime.internal.schema.RunKeys;
import io.dynakeys.runtime.internal.write.UpdateAction.Kind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The rules an update's value keeps as each call records an action: every refusal and its message. */
class UpdateSpecTest {
  static UpdateSpec<Task> task() {
    return UpdateSpec.of(TaskKeys.tableSchema(), AttributeValue.fromS("TASK#apollo"), AttributeValue.fromS("000007"));
  }

  static UpdateSpec<Page> page() {
    return UpdateSpec.of(PageKeys.tableSchema(), AttributeValue.fromS("PAGE#home"), null);
  }

  @Test
  void aSchemaWithoutADescriptorIsRefused() {
    RecordSchema<Run> schema = RunKeys.tableSchema();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> UpdateSpec.of(schema, AttributeValue.fromS("SEASON#s"), AttributeValue.fromS("x")));
    assertEquals("Run's schema was not built from a descriptor (RecordSchema.builder(LAYOUT)), so its keys cannot be"
        + " read: typed updates need the generated tableSchema()", e.getMessage());
  }

  @Test
  void theKeyMustBeTheRecordsAndComplete() {
    KeyFormatException other = assertThrows(KeyFormatException.class,
        () -> UpdateSpec.of(TaskKeys.tableSchema(), AttributeValue.fromS("USER#apollo"), AttributeValue.fromS("000007")));
    assertTrue(other.getMessage().contains("is no partition key of Task: it does not start with \"TASK#\" (another"
        + " entity's key?)"), other.getMessage());
    KeyFormatException noSort = assertThrows(KeyFormatException.class,
        () -> UpdateSpec.of(TaskKeys.tableSchema(), AttributeValue.fromS("TASK#apollo"), null));
    assertTrue(noSort.getMessage().contains("a key of Task has a sort key"), noSort.getMessage());
    KeyFormatException number = assertThrows(KeyFormatException.class,
        () -> UpdateSpec.of(TaskKeys.tableSchema(), AttributeValue.fromN("7"), AttributeValue.fromS("000007")));
    assertTrue(number.getMessage().contains("a key of Task is a string, not"), number.getMessage());
    KeyFormatException extraSort = assertThrows(KeyFormatException.class,
        () -> UpdateSpec.of(PageKeys.tableSchema(), AttributeValue.fromS("PAGE#home"), AttributeValue.fromS("x")));
    assertTrue(extraSort.getMessage().contains("Page has no sort key"), extraSort.getMessage());
  }

  @Test
  void eachActionIsRecordedWithItsStoredValue() {
    UpdateSpec<Task> spec = task();
    spec.set(TaskKeys.TITLE, "Land");
    spec.setIfAbsent(TaskKeys.POINTS, 3L);
    spec.add(TaskKeys.EFFORT, 2);
    spec.setElements(TaskKeys.TAGS, List.of("x"), false);
    spec.listElements(TaskKeys.NOTES, List.of("n"), true);
    spec.set(TaskKeys.SHIP_TO_CITY, "Bergen");
    assertEquals(List.of(
        new UpdateAction(Kind.SET, "t", AttributeValue.fromS("Land"), "set", null),
        new UpdateAction(Kind.SET_IF_ABSENT, "points", AttributeValue.fromN("3"), "setIfAbsent", null),
        new UpdateAction(Kind.ADD, "effort", AttributeValue.fromN("2"), "add", null),
        new UpdateAction(Kind.ADD_ELEMENTS, "tags", AttributeValue.fromSs(List.of("x")), "addElements", null),
        new UpdateAction(Kind.PREPEND, "notes", AttributeValue.fromL(List.of(AttributeValue.fromS("n"))), "prepend", null),
        new UpdateAction(Kind.SET, "ship", AttributeValue.fromS("Bergen"), "set", List.of("ship", "city"))),
        spec.actions());
    assertEquals(List.of(List.of("ship")), spec.nestedMaps());
    assertNull(spec.indexValues(), "no index component set");
  }

  @Test
  void anEmptyOptionalSetIsARemoveAndANullValueIsRefused() {
    UpdateSpec<Task> spec = task();
    spec.setGroup(TaskKeys.BY_OWNER, "ann", 3, Optional.empty());
    assertEquals(List.of(Kind.SET, Kind.SET, Kind.REMOVE), spec.actions().stream().map(UpdateAction::kind).toList());
    assertEquals("set(label, Optional.empty())", spec.actions().get(2).operation());
    java.util.HashMap<String, Object> expected = new java.util.HashMap<>();
    expected.put("owner", "ann");
    expected.put("priority", 3);
    expected.put("label", null);
    assertEquals(expected, spec.indexValues());
    NullPointerException nothing = assertThrows(NullPointerException.class, () -> task().set(TaskKeys.TITLE, null));
    assertEquals("set(title, null): a value is needed; to remove the component, say remove(title)", nothing.getMessage());
    NullPointerException delta = assertThrows(NullPointerException.class, () -> task().add(TaskKeys.POINTS, null));
    assertEquals("add(points, null): a value is needed", delta.getMessage());
  }

  @Test
  void whatDynamoDbWouldRefuseIsRefusedAtTheCall() {
    UpdateSpec<Task> twice = task();
    twice.set(TaskKeys.TITLE, "a");
    IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> twice.remove(TaskKeys.TITLE));
    assertEquals("Task.title is updated twice in one update (set, then remove): DynamoDB refuses two actions on one"
        + " attribute", again.getMessage());
    IllegalArgumentException primitive = assertThrows(IllegalArgumentException.class, () -> task().remove(TaskKeys.EFFORT));
    assertEquals("remove(effort) would leave a primitive component of Task without a value, and the item could not be"
        + " read back: set a value", primitive.getMessage());
    IllegalArgumentException noElements = assertThrows(IllegalArgumentException.class,
        () -> task().setElements(TaskKeys.TAGS, Set.of(), true));
    assertEquals("deleteElements(tags) needs at least one element: DynamoDB has no empty sets", noElements.getMessage());
    IllegalArgumentException noList = assertThrows(IllegalArgumentException.class,
        () -> task().listElements(TaskKeys.NOTES, List.of(), false));
    assertEquals("append(notes) needs at least one element", noList.getMessage());
    IllegalArgumentException optionalKey = assertThrows(IllegalArgumentException.class,
        () -> task().removeKeyComponent(TaskKeys.STAGE));
    assertEquals("remove(stage) would leave Task's index key without a component; only an Optional component can be"
        + " removed", optionalKey.getMessage());
  }

  @Test
  void aFieldAndTheRecordHoldingItOverlap() {
    UpdateSpec<Task> spec = task();
    spec.set(TaskKeys.SHIP_TO_CITY, "Bergen");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec.set(TaskKeys.SHIP_TO, new Task.Address("Oslo", "0150")));
    assertEquals("set(shipTo) overlaps the set of ship.city in one update of Task: DynamoDB refuses two actions on"
        + " overlapping document paths; update the nested record whole or its fields one by one", e.getMessage());
    spec.set(TaskKeys.SHIP_TO_POSTCODE, "5003");
    assertEquals(List.of(List.of("ship")), spec.nestedMaps(), "one map, required once");
  }

  @Test
  void theVersionAndTheGeneratedAttributesAreTheUpdatesOwn() {
    IllegalArgumentException version = assertThrows(IllegalArgumentException.class,
        () -> task().set(TaskKeys.VERSION, 4L));
    assertEquals("set(version): \"version\" is Task's @DynamoDbVersionAttribute, which every update increments"
        + " itself: say expectVersion(n) or anyVersion()", version.getMessage());
    IllegalArgumentException counter = assertThrows(IllegalArgumentException.class,
        () -> page().add(PageKeys.SCORE, 1L));
    assertEquals("add(score): \"sc\" is Page's @DynamoDbAtomicCounter, which every update increments by 5 itself"
        + " (as AtomicCounterExtension does): leave it out of the update", counter.getMessage());
    IllegalArgumentException once = assertThrows(IllegalArgumentException.class,
        () -> page().set(PageKeys.CREATED_AT, java.time.Instant.EPOCH));
    assertEquals("set(createdAt): \"createdAt\" is Page's @DynamoDbAutoGeneratedTimestampAttribute, which every"
        + " update sets to now itself when absent (WRITE_IF_NOT_EXISTS) (as AutoGeneratedTimestampRecordExtension"
        + " does; clock(...) sets the clock): leave it out of the update", once.getMessage());
    IllegalStateException unversioned = assertThrows(IllegalStateException.class, () -> page().expectVersion(1));
    assertEquals("expectVersion(): Page has no @DynamoDbVersionAttribute", unversioned.getMessage());
  }

  @Test
  void aUniqueComponentIsWrittenOnlyWithItsGuard() {
    UpdateSpec<User> spec = UpdateSpec.of(
        UserKeys.tableSchema(), AttributeValue.fromS("USER#u1"), null);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spec.set(UserKeys.EMAIL, "a@example.com"));
    assertEquals("set(email): User.email is @Unique, and an update of it alone would leave its guard on the old"
        + " value: write the new value with TransactWrite.replace(table, old, new), which moves the guard in the"
        + " same transaction", e.getMessage());
    assertEquals(List.of(), spec.actions());
  }

  @Test
  void aHandleOfAnotherRecordOrOfNoKeysClassIsRefused() {
    ValueAttribute<Task, String> stray = Handles.value("title", "t", Task::title);
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> task().set(stray, "x"));
    assertTrue(none.getMessage().startsWith("an update of Task takes the handles TaskKeys declares, and "),
        none.getMessage());
    @SuppressWarnings({"unchecked", "rawtypes"})
    ValueAttribute<Task, String> pageTitle = (ValueAttribute) PageKeys.TITLE;
    IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> task().set(pageTitle, "x"));
    assertTrue(other.getMessage().startsWith("an update of Task takes the handles of Task (TaskKeys), and "),
        other.getMessage());
    assertTrue(other.getMessage().endsWith(" is a handle of Page (PageKeys)"), other.getMessage());
  }

  @Test
  void aGroupIsSetWholeOrNotAtAll() {
    UpdateSpec<Task> badValue = task();
    assertThrows(KeyFormatException.class, () -> badValue.setGroup(TaskKeys.BY_OWNER, "ann", 3, Optional.of("a#b")));
    assertEquals(List.of(), badValue.actions(), "no member recorded when a value is refused");
    assertNull(badValue.indexValues());

    UpdateSpec<Task> twice = task();
    twice.removeKeyComponent(TaskKeys.LABEL);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> twice.setGroup(TaskKeys.BY_OWNER, "ann", 3, Optional.of("red")));
    assertEquals("Task.label is updated twice in one update (remove, then set): DynamoDB refuses two actions on one"
        + " attribute", e.getMessage());
    assertEquals(List.of("label"), twice.actions().stream().map(UpdateAction::attribute).toList(),
        "owner and priority, recorded before label was refused, are taken back");
    java.util.HashMap<String, Object> emptied = new java.util.HashMap<>();
    emptied.put("label", null);
    assertEquals(emptied, twice.indexValues());
  }

  @Test
  void whatOnlyTheWholeUpdateTellsIsRefusedWhenItIsComplete() {
    IllegalStateException nothing = assertThrows(IllegalStateException.class, () -> page().requireComplete());
    assertEquals("an update of Page that changes nothing: add set, remove, add... ", nothing.getMessage());
    UpdateSpec<Task> noVersion = task();
    noVersion.set(TaskKeys.TITLE, "x");
    IllegalStateException version = assertThrows(IllegalStateException.class, noVersion::requireComplete);
    assertEquals("Task is versioned by \"version\": say expectVersion(n) to update the item stored at version n, or"
        + " anyVersion() to update whatever is stored (the version increments either way)", version.getMessage());
    noVersion.anyVersion();
    noVersion.requireComplete();
    assertNull(noVersion.expectedVersion());
    noVersion.expectVersion(3);
    assertEquals(3L, noVersion.expectedVersion());
  }

  @Test
  void theConditionsMessageSaysWhichNestedRecordsItRequires() {
    UpdateSpec<Task> spec = task();
    assertEquals("", spec.conditionIncludes());
    spec.set(TaskKeys.SHIP_TO_CITY, "Bergen");
    assertEquals(" (which includes that the nested record ship is stored: a field of a nested record is updated only"
        + " inside a stored one; set the whole record when it is absent)", spec.conditionIncludes());
    assertEquals(Map.of("pk", AttributeValue.fromS("TASK#apollo"), "sk", AttributeValue.fromS("000007")),
        spec.key().attributes());
  }
}
