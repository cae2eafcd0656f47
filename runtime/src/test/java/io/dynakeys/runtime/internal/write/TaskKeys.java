package io.dynakeys.runtime.internal.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.OptionalComponents;
import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.PrimaryKey;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * Hand-written as the processor writes {@code TaskKeys} for the examples' {@code Task}: codecs,
 * handles, groups, the descriptor and a table schema built from it, so the write path's unit
 * tests run on a generated-like schema without the processor.
 */
public final class TaskKeys {
  private static final TextCodec<String> PROJECT_CODEC = TextCodec.of(String.class, "Task", "project", '#');
  private static final PaddedCodec<Integer> NUMBER_CODEC = PaddedCodec.of(Integer.class, "Task", "number", 6, 0L, 999999L, false);
  private static final TextCodec<String> OWNER_CODEC = TextCodec.of(String.class, "Task", "owner", '#');
  private static final PaddedCodec<Integer> PRIORITY_CODEC = PaddedCodec.of(Integer.class, "Task", "priority", 3, 0L, 999L, false);
  private static final TextCodec<String> LABEL_CODEC = TextCodec.of(String.class, "Task", "label", '#');
  private static final TextCodec<String> STAGE_CODEC = TextCodec.of(String.class, "Task", "stage", '#');

  public static final PrimaryKeyComponent<Task, String> PROJECT = Handles.primaryKey("project", "project", Task::project, PROJECT_CODEC);
  public static final PrimaryKeyComponent<Task, Integer> NUMBER = Handles.primaryKey("number", "number", Task::number, NUMBER_CODEC);
  public static final GroupedIndexComponent<Task, String> OWNER = Handles.groupedIndexKey("owner", "owner", Task::owner, OWNER_CODEC);
  public static final GroupedIndexComponent<Task, Integer> PRIORITY = Handles.groupedIndexKey("priority", "priority", Task::priority, PRIORITY_CODEC);
  public static final GroupedIndexComponent<Task, Optional<String>> LABEL = Handles.groupedIndexKey("label", "label", Task::label, LABEL_CODEC);
  public static final ValueAttribute<Task, String> TITLE = Handles.value("title", "t", Task::title);
  public static final ValueAttribute<Task, Long> POINTS = Handles.value("points", "points", Task::points);
  public static final ValueAttribute<Task, Set<String>> TAGS = Handles.value("tags", "tags", Task::tags);
  public static final ValueAttribute<Task, List<String>> NOTES = Handles.value("notes", "notes", Task::notes);
  public static final ValueAttribute<Task, Integer> EFFORT = Handles.value("effort", "effort", Task::effort);
  public static final ValueAttribute<Task, Long> VERSION = Handles.value("version", "version", Task::version);
  public static final IndexKeyComponent<Task, String> STAGE = Handles.indexKey("stage", "stage", Task::stage, STAGE_CODEC);
  public static final ValueAttribute<Task, Task.Address> SHIP_TO = Handles.value("shipTo", "ship", Task::shipTo);
  public static final NestedField<Task, String> SHIP_TO_CITY = Handles.field(SHIP_TO, "city", "city", Task.Address::city);
  public static final NestedField<Task, String> SHIP_TO_POSTCODE = Handles.field(SHIP_TO, "postcode", "zip", Task.Address::postcode);

  public static final IndexGroup.Of3<Task, String, Integer, Optional<String>> BY_OWNER = Handles.group("byOwner", OWNER, PRIORITY, LABEL);
  public static final IndexGroup.Of3<Task, Optional<String>, String, Integer> BY_LABEL = Handles.group("byLabel", LABEL, OWNER, PRIORITY);

  public static final EntityDescriptor<Task> LAYOUT = EntityDescriptor.of(Task.class,
      "io.dynakeys.runtime.internal.write.TaskKeys",
      EntityLayout.of("Task", EntityLayout.key("pk", "TASK", '#', PROJECT_CODEC), EntityLayout.key("sk", "", '#', NUMBER_CODEC), 0,
          EntityLayout.index("byOwner", false, EntityLayout.key("byOwner_pk", "OWNER", '#', OWNER_CODEC),
              EntityLayout.key("byOwner_sk", "", '#', PRIORITY_CODEC, NUMBER_CODEC)),
          EntityLayout.index("byLabel", false, EntityLayout.key("byLabel_pk", "LABEL", '#', LABEL_CODEC),
              EntityLayout.key("byLabel_sk", "", '#', OWNER_CODEC, NUMBER_CODEC)),
          EntityLayout.index("byStage", false, EntityLayout.key("byStage_pk", "STAGE", '#', STAGE_CODEC),
              EntityLayout.key("byStage_sk", "", '#', NUMBER_CODEC))),
      TaskKeys::construct, PROJECT, NUMBER, OWNER, PRIORITY, LABEL, TITLE, POINTS, TAGS, NOTES, EFFORT, VERSION, STAGE,
      SHIP_TO);

  private static final RecordSchema<Task> SCHEMA = RecordSchema.builder(LAYOUT)
      .attribute(PROJECT, StoredType.of(String.class))
      .attribute(NUMBER, StoredType.of(int.class))
      .attribute(OWNER, StoredType.of(String.class))
      .attribute(PRIORITY, StoredType.of(int.class))
      .attribute(LABEL, StoredType.optionalOf(StoredType.of(String.class)))
      .attribute(TITLE, StoredType.of(String.class))
      .attribute(POINTS, StoredType.of(Long.class))
      .attribute(TAGS, StoredType.setOf(StoredType.of(String.class)))
      .attribute(NOTES, StoredType.listOf(StoredType.of(String.class)))
      .attribute(EFFORT, StoredType.of(int.class))
      .attribute(VERSION, StoredType.of(Long.class))
      .attribute(STAGE, StoredType.of(String.class))
      .attribute(SHIP_TO, StoredType.record(RecordSchema.builder(Task.Address.class, TaskKeys::addressComponent,
              TaskKeys::address)
          .attribute("city", StoredType.of(String.class))
          .attribute("postcode", "zip", StoredType.of(String.class))
          .build()))
      .version("version", 0L, 1L)
      .partitionKey("pk", TaskKeys::partitionKey)
      .keyPrefixes("TASK", "", '#')
      .sortKey("sk", TaskKeys::sortKey)
      .indexPartitionKey("byOwner", "byOwner_pk", t -> "OWNER#" + OWNER_CODEC.encode(t.owner()))
      .indexSortKey("byOwner", "byOwner_sk", t -> padded(PRIORITY_CODEC, t.priority()) + "#" + padded(NUMBER_CODEC, t.number()))
      .indexPartitionKey("byLabel", "byLabel_pk", t -> OptionalComponents.isEmpty(t.label(), "Task", "label") ? null
          : "LABEL#" + LABEL_CODEC.encode(t.label().get()))
      .indexSortKey("byLabel", "byLabel_sk", t -> OptionalComponents.isEmpty(t.label(), "Task", "label") ? null
          : OWNER_CODEC.encode(t.owner()) + "#" + padded(NUMBER_CODEC, t.number()))
      .indexPartitionKey("byStage", "byStage_pk", t -> "STAGE#" + STAGE_CODEC.encode(t.stage()))
      .indexSortKey("byStage", "byStage_sk", t -> padded(NUMBER_CODEC, t.number()))
      .build();

  private TaskKeys() {}

  public static RecordSchema<Task> tableSchema() {
    return SCHEMA;
  }

  public static String partitionKey(String project) {
    return "TASK#" + PROJECT_CODEC.encode(project);
  }

  public static String sortKey(int number) {
    return padded(NUMBER_CODEC, number);
  }

  public static Key key(String project, int number) {
    return PrimaryKey.of(partitionKey(project), sortKey(number));
  }

  private static String partitionKey(Task task) {
    return partitionKey(task.project());
  }

  private static String sortKey(Task task) {
    return sortKey(task.number());
  }

  private static String padded(PaddedCodec<Integer> codec, int value) {
    long digits = codec.digits().stored(value);
    return codec.digits().zeros(digits) + digits;
  }

  @SuppressWarnings("unchecked")
  private static Task construct(Object[] values) {
    return new Task((String) values[0], (Integer) values[1], (String) values[2], (Integer) values[3],
        (Optional<String>) values[4], (String) values[5], (Long) values[6], (Set<String>) values[7],
        (List<String>) values[8], (Integer) values[9], (Long) values[10], (String) values[11], (Task.Address) values[12]);
  }

  private static Object addressComponent(Task.Address address, int index) {
    switch (index) {
      case 0: return address.city();
      case 1: return address.postcode();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  private static Task.Address address(Object[] values) {
    return new Task.Address((String) values[0], (String) values[1]);
  }
}
