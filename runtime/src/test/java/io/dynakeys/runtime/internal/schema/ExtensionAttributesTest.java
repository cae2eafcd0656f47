package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.internal.schema.RecordSchema.GeneratedAttribute;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.mapper.UpdateBehavior;

/** The attributes the SDK's extensions write, as the schema's tags declare them: what typed updates write themselves. */
class ExtensionAttributesTest {
  record Doc(String id, long version, long views, long likes, Instant created, Instant updated) {}

  private static RecordTableSchemaBuilder<Doc> docs() {
    return RecordSchema.builder(Doc.class, (d, i) -> null, v -> null)
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("version", StoredType.of(long.class))
        .attribute("views", StoredType.of(long.class))
        .attribute("likes", StoredType.of(long.class))
        .attribute("created", StoredType.of(Instant.class))
        .attribute("updated", StoredType.of(Instant.class));
  }

  @Test
  void aRecordWithoutTagsHasNone() {
    ExtensionAttributes none = ExtensionAttributes.of(docs().tags);
    assertNull(none.versionAttribute());
    assertEquals(1L, none.versionIncrement(), "what a version would be incremented by");
    assertEquals(List.of(), none.generated());
  }

  @Test
  void theVersionIsTheTaggedAttributeAndItsIncrement() {
    ExtensionAttributes tagged = ExtensionAttributes.of(docs().version("version", 10L, 5L).tags);
    assertEquals("version", tagged.versionAttribute());
    assertEquals(5L, tagged.versionIncrement());
    assertEquals(List.of(), tagged.generated(), "a version is no generated attribute: updates check it");
  }

  @Test
  void countersAndTimestampsAreSortedByAttribute() {
    ExtensionAttributes tagged = ExtensionAttributes.of(docs()
        .generatedTimestamp("updated")
        .atomicCounter("views", 1L, 0L)
        .generatedTimestamp("created")
        .atomicCounter("likes", 2L, 10L)
        .tags);
    assertEquals(List.of(
            new GeneratedAttribute("created", false, 0, 0, false),
            new GeneratedAttribute("likes", true, 2L, 10L, false),
            new GeneratedAttribute("updated", false, 0, 0, false),
            new GeneratedAttribute("views", true, 1L, 0L, false)),
        tagged.generated());
    assertThrows(UnsupportedOperationException.class, () -> tagged.generated().clear());
  }

  @Test
  void aTimestampWrittenIfAbsentIsTheOneTaggedSo() {
    ExtensionAttributes tagged = ExtensionAttributes.of(docs()
        .generatedTimestamp("created")
        .updateBehavior("created", UpdateBehavior.WRITE_IF_NOT_EXISTS)
        .generatedTimestamp("updated")
        .updateBehavior("updated", UpdateBehavior.WRITE_ALWAYS)
        .updateBehavior("views", UpdateBehavior.WRITE_IF_NOT_EXISTS)
        .tags);
    assertEquals(List.of(
            new GeneratedAttribute("created", false, 0, 0, true),
            new GeneratedAttribute("updated", false, 0, 0, false)),
        tagged.generated(), "an update behaviour alone generates nothing");
  }

  @Test
  void theSchemaAnswersFromThem() {
    RecordSchema<Doc> schema = docs().partitionKey("pk", d -> "DOC#" + d.id())
        .version("version", 0L, 3L).atomicCounter("views", 1L, 0L).build();
    assertEquals(java.util.Optional.of("version"), schema.versionAttribute());
    assertEquals(3L, schema.versionIncrement());
    assertEquals(List.of(new GeneratedAttribute("views", true, 1L, 0L, false)), schema.generatedAttributes());
    RecordSchema<Doc> plain = docs().partitionKey("pk", d -> "DOC#" + d.id()).build();
    assertEquals(java.util.Optional.empty(), plain.versionAttribute());
    assertEquals(1L, plain.versionIncrement());
  }
}
