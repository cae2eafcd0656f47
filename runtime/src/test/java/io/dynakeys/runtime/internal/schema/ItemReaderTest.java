package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An item read back as its record: strictly, with its keys checked, every error naming the item. */
class ItemReaderTest {
  private static final RecordAttributes<Parcel> ATTRIBUTES = Parcel.attributes();
  private static final KeyOwnership OWNERSHIP =
      new KeyOwnership("Parcel", "pk", null, new KeyPrefix("PARCEL", '#'), KeyPrefix.NONE);
  private static final ItemReader<Parcel> READER = new ItemReader<>(ATTRIBUTES, Parcel::construct, OWNERSHIP, true);
  private static final ItemWriter<Parcel> WRITER = new ItemWriter<>(ATTRIBUTES);

  private static final Parcel FULL = new Parcel("p1", 3, "fragile", Optional.of("red"), Set.of("a"));

  private static Map<String, AttributeValue> stored(Parcel parcel) {
    return new LinkedHashMap<>(WRITER.write(parcel, true));
  }

  @Test
  void readsWhatTheWriterWrote() {
    assertEquals(FULL, READER.read(stored(FULL), false));
    Parcel bare = new Parcel("p2", 0, null, Optional.empty(), Set.of());
    Parcel read = new Parcel("p2", 0, null, Optional.empty(), null);
    assertEquals(read, READER.read(stored(bare), false),
        "absent components read as null or an empty Optional; an empty set is stored as none, so it reads as null");
    assertEquals(read, READER.read(WRITER.write(bare, false), false), "so do NULLs");
  }

  @Test
  void noItemIsNoRecordAndNeitherIsAMapOfNothingItKnows() {
    assertNull(READER.read(null, true));
    assertNull(READER.read(Map.of(), false));
    assertNull(READER.read(Map.of("other", AttributeValue.fromS("x")), false));
  }

  @Test
  void anEmptyMapIsARecordOfAbsentComponentsWhenAsked() {
    record Note(String text, Optional<String> tag) {}
    RecordTableSchemaBuilder<Note> builder = RecordSchema.builder(Note.class,
            (note, i) -> i == 0 ? note.text() : note.tag(), values -> new Note((String) values[0], castOptional(values[1])))
        .attribute("text", StoredType.of(String.class))
        .attribute("tag", StoredType.optionalOf(StoredType.of(String.class)));
    ItemReader<Note> reader = new ItemReader<>(new RecordAttributes<>("Note", builder.components, builder.keys),
        builder.constructor, new KeyOwnership("Note", null, null, KeyPrefix.NONE, KeyPrefix.NONE), true);
    assertEquals(new Note(null, Optional.empty()), reader.read(Map.of(), true));
    assertNull(reader.read(Map.of(), false));
  }

  @SuppressWarnings("unchecked")
  private static Optional<String> castOptional(Object value) {
    return (Optional<String>) value;
  }

  @Test
  void anotherEntitysItemIsForeignBeforeItsValuesAreRead() {
    Map<String, AttributeValue> item = stored(FULL);
    item.put("pk", AttributeValue.fromS("PLAYER#p1"));
    item.put("weight", AttributeValue.fromS("heavy"));
    ForeignItemException e = assertThrows(ForeignItemException.class, () -> READER.read(item, false));
    assertEquals("PLAYER#p1", e.storedKey());
    assertEquals(Map.of("pk", "PLAYER#p1"), e.itemKey());
  }

  @Test
  void withoutKeyVerificationNeitherThePrefixesNorTheKeysAreChecked() {
    ItemReader<Parcel> lenient = READER.withoutKeyVerification();
    assertFalse(lenient.verifiesKeys());
    assertTrue(READER.verifiesKeys());
    assertSame(lenient, lenient.withoutKeyVerification());
    Map<String, AttributeValue> item = stored(FULL);
    item.put("pk", AttributeValue.fromS("PLAYER#p1"));
    item.put("gsi1pk", AttributeValue.fromS("NOTE#other"));
    assertEquals(FULL, lenient.read(item, false));
    assertThrows(ForeignItemException.class, () -> READER.read(item, false));
  }

  @Test
  void aStoredKeyOtherThanTheComponentsGiveIsAMismatch() {
    Map<String, AttributeValue> item = stored(FULL);
    item.put("gsi1pk", AttributeValue.fromS("NOTE#other"));
    KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> READER.read(item, false));
    assertAll(
        () -> assertEquals("gsi1pk", e.attribute()),
        () -> assertEquals(Map.of("pk", "PARCEL#p1"), e.itemKey()));
  }

  @Test
  void aMissingPrimitiveOrKeyComponentIsNamed() {
    Map<String, AttributeValue> noWeight = stored(FULL);
    noWeight.remove("weight");
    ItemMappingException primitive = assertThrows(ItemMappingException.class, () -> READER.read(noWeight, false));
    assertEquals("Parcel.weight: missing: the stored item has no \"weight\" attribute, and the primitive int component"
        + " cannot be absent (the item was written by other code, or is read through an index that does not project"
        + " \"weight\") (item pk = \"PARCEL#p1\")", primitive.getMessage());
    Map<String, AttributeValue> noId = stored(FULL);
    noId.put("id", AttributeValue.fromNul(true));
    ItemMappingException key = assertThrows(ItemMappingException.class,
        () -> READER.withoutKeyVerification().read(noId, false));
    assertEquals("Parcel.id: missing: the stored item has no \"id\" attribute, and a component of the table's keys"
        + " cannot be absent (the item was written by other code, or is read through an index that does not project"
        + " \"id\") (item pk = \"PARCEL#p1\")", key.getMessage());
  }

  @Test
  void aValueOfAnotherTypeIsRefusedNamingTheItem() {
    Map<String, AttributeValue> item = stored(FULL);
    item.put("remark", AttributeValue.fromN("7"));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> READER.read(item, false));
    assertEquals("remark", e.attribute());
    assertTrue(e.getMessage().startsWith("Parcel.remark: cannot read the stored value as String: "), e.getMessage());
    assertTrue(e.getMessage().endsWith(" (item pk = \"PARCEL#p1\")"), e.getMessage());
  }

  @Test
  void aConstructorsRefusalNamesTheAbsentComponents() {
    Function<Object[], Parcel> strict = values -> {
      if (values[2] == null) {
        throw new IllegalArgumentException("a parcel needs a note");
      }
      return Parcel.construct(values);
    };
    ItemReader<Parcel> reader = new ItemReader<>(ATTRIBUTES, strict, OWNERSHIP, true);
    Map<String, AttributeValue> item = stored(new Parcel("p2", 1, null, Optional.empty(), Set.of()));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> reader.read(item, false));
    assertNull(e.attribute());
    assertEquals("Parcel: the constructor rejected the stored values (absent: note, label, tags): a parcel needs a note"
        + " (item pk = \"PARCEL#p2\")", e.getMessage());
    assertInstanceOf(IllegalArgumentException.class, e.getCause());
    assertEquals(List.of("pk"), List.copyOf(e.itemKey().keySet()));
  }
}
