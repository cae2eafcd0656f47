package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One component's values by its typed handle, as typed updates, conditions and projections ask
 * for them: converted as a put converts them, read as strictly as an item is read, and only for
 * the record's own handles.
 */
class ComponentValuesTest {
  record Address(String city, int zip) {}

  record Shipment(String id, int weight, List<String> stops, Set<String> labels, Optional<String> note, Address to,
      Instant sentAt) {}

  private static final TextCodec<String> ID_CODEC = TextCodec.of(String.class, "Shipment", "id", '#');
  private static final PrimaryKeyComponent<Shipment, String> ID = Handles.primaryKey("id", "id", Shipment::id, ID_CODEC);
  private static final ValueAttribute<Shipment, Integer> WEIGHT = Handles.value("weight", "kg", Shipment::weight);
  private static final ValueAttribute<Shipment, List<String>> STOPS = Handles.value("stops", "stops", Shipment::stops);
  private static final ValueAttribute<Shipment, Set<String>> LABELS = Handles.value("labels", "labels", Shipment::labels);
  private static final ValueAttribute<Shipment, Optional<String>> NOTE = Handles.value("note", "note", Shipment::note);
  private static final ValueAttribute<Shipment, Address> TO = Handles.value("to", "to", Shipment::to);
  private static final ValueAttribute<Shipment, Instant> SENT_AT = Handles.value("sentAt", "sentAt", Shipment::sentAt);
  private static final NestedField<Shipment, String> CITY = Handles.field(TO, "city", "town", Address::city);

  @SuppressWarnings("unchecked")
  private static Shipment construct(Object[] v) {
    return new Shipment((String) v[0], (Integer) v[1], (List<String>) v[2], (Set<String>) v[3], (Optional<String>) v[4],
        (Address) v[5], (Instant) v[6]);
  }

  private static final EntityDescriptor<Shipment> SHIPMENT = EntityDescriptor.of(Shipment.class, "ShipmentKeys",
      EntityLayout.of("Shipment", EntityLayout.key("pk", "SHIP", '#', ID_CODEC), null, 0),
      ComponentValuesTest::construct, ID, WEIGHT, STOPS, LABELS, NOTE, TO, SENT_AT);

  /** The nested record's schema, by names: {@code city} stored as {@code town}. */
  private static final RecordSchema<Address> ADDRESS = RecordSchema.builder(Address.class,
          (a, i) -> i == 0 ? a.city() : a.zip(), v -> new Address((String) v[0], (Integer) v[1]))
      .attribute("city", "town", StoredType.of(String.class))
      .attribute("zip", StoredType.of(int.class))
      .build();

  private static RecordTableSchemaBuilder<Shipment> declared(EntityDescriptor<Shipment> entity) {
    List<? extends io.dynakeys.runtime.entity.Attribute<Shipment, ?>> handles = entity.attributes();
    return RecordSchema.builder(entity)
        .attribute(handles.get(0), StoredType.of(String.class))
        .attribute(handles.get(1), StoredType.of(int.class))
        .attribute(handles.get(2), StoredType.listOf(StoredType.of(String.class)))
        .attribute(handles.get(3), StoredType.setOf(StoredType.of(String.class)))
        .attribute(handles.get(4), StoredType.optionalOf(StoredType.of(String.class)))
        .attribute(handles.get(5), StoredType.record(ADDRESS))
        .attribute(handles.get(6), StoredType.epochSeconds(Instant.class))
        .partitionKey("pk", s -> "SHIP#" + ID_CODEC.encode(s.id()));
  }

  private static ComponentValues<Shipment> values(RecordTableSchemaBuilder<Shipment> builder) {
    return new ComponentValues<>(new RecordAttributes<>("Shipment", builder.components, builder.keys), builder.entity);
  }

  private static final ComponentValues<Shipment> VALUES = values(declared(SHIPMENT));

  @Test
  void aValueIsStoredAsAPutStoresItUnderTheHandlesAttribute() {
    assertEquals(AttributeValue.fromN("12"), VALUES.storedValue(WEIGHT, 12));
    assertEquals(AttributeValue.fromL(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("b"))),
        VALUES.storedValue(STOPS, List.of("a", "b")));
    assertEquals(AttributeValue.fromS("fragile"), VALUES.storedValue(NOTE, Optional.of("fragile")));
    assertEquals(AttributeValue.fromN("1700000000"), VALUES.storedValue(SENT_AT, Instant.ofEpochSecond(1_700_000_000L)));
    assertEquals(AttributeValue.fromM(Map.of("town", AttributeValue.fromS("Oslo"), "zip", AttributeValue.fromN("150"))),
        VALUES.storedValue(TO, new Address("Oslo", 150)));
  }

  @Test
  void noValueIsStoredAsNoAttribute() {
    assertNull(VALUES.storedValue(NOTE, Optional.empty()));
    assertNull(VALUES.storedValue(LABELS, Set.of()));
    assertThrows(NullPointerException.class, () -> VALUES.storedValue(NOTE, null));
  }

  @Test
  void aValueTheConverterRefusesIsNamed() {
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> VALUES.storedValue(SENT_AT, Instant.ofEpochSecond(1, 500)));
    assertEquals("sentAt", e.attribute());
    assertTrue(e.getMessage().startsWith("Shipment.sentAt: cannot store the value 1970-01-01T00:00:01.000000500Z as "),
        e.getMessage());
  }

  @Test
  void anElementIsStoredAsItsCollectionStoresIt() {
    assertEquals(AttributeValue.fromS("x"), VALUES.storedElement(STOPS, "x"));
    assertEquals(AttributeValue.fromS("y"), VALUES.storedElement(LABELS, "y"));
    assertThrows(NullPointerException.class, () -> VALUES.storedElement(STOPS, null));
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void aComponentWithoutElementsHasNone() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VALUES.storedElement((ValueAttribute) NOTE, "x"));
    assertEquals("Shipment.note is stored as Optional<String>, which has no elements", e.getMessage());
  }

  @Test
  void aStoredValueIsReadStrictlyAndNothingReadsAsAbsent() {
    assertEquals(12, VALUES.readStored(WEIGHT, AttributeValue.fromN("12")));
    assertEquals(Optional.of("n"), VALUES.readStored(NOTE, AttributeValue.fromS("n")));
    assertEquals(Optional.empty(), VALUES.readStored(NOTE, null));
    assertEquals(Optional.empty(), VALUES.readStored(NOTE, AttributeValue.fromNul(true)));
    assertNull(VALUES.readStored(STOPS, null));
    assertEquals(new Address("Oslo", 150), VALUES.readStored(TO,
        AttributeValue.fromM(Map.of("town", AttributeValue.fromS("Oslo"), "zip", AttributeValue.fromN("150")))));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> VALUES.readStored(WEIGHT, AttributeValue.fromS("12")));
    assertEquals("kg", e.attribute());
    assertTrue(e.getMessage().startsWith("Shipment.kg: cannot read the stored value as int: "), e.getMessage());
  }

  @Test
  void aNestedFieldIsReadWithItsRecordOnly() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VALUES.readStored(CITY, AttributeValue.fromS("Oslo")));
    assertEquals("Shipment.to.city is a field of a nested record, returned and projected only with its record: read"
        + " Shipment.to's component", e.getMessage());
  }

  @Test
  void aNestedFieldIsStoredByTheNestedRecordsSchema() {
    assertEquals(AttributeValue.fromS("Oslo"), VALUES.storedValue(CITY, "Oslo"));
    assertSame(ADDRESS.attributes().component("town"), VALUES.component(CITY));
  }

  @Test
  void aNestedFieldNeedsANestedRecordThatHasIt() {
    ValueAttribute<Shipment, Optional<String>> note = Handles.value("note", "note", Shipment::note);
    ValueAttribute<Shipment, Address> to = Handles.value("to", "to", Shipment::to);
    NestedField<Shipment, String> noteField = Handles.field(note, "city", "town", o -> "x");
    NestedField<Shipment, String> unknown = Handles.field(to, "street", "street", a -> "x");
    EntityDescriptor<Shipment> other = EntityDescriptor.of(Shipment.class, "ShipmentKeys",
        SHIPMENT.layout(), ComponentValuesTest::construct,
        Handles.primaryKey("id", "id", Shipment::id, ID_CODEC), Handles.value("weight", "kg", Shipment::weight),
        Handles.value("stops", "stops", Shipment::stops), Handles.value("labels", "labels", Shipment::labels),
        note, to, Handles.value("sentAt", "sentAt", Shipment::sentAt));
    ComponentValues<Shipment> values = values(declared(other));
    IllegalArgumentException notNested = assertThrows(IllegalArgumentException.class,
        () -> values.storedValue(noteField, "Oslo"));
    assertEquals(noteField + " is a field of Shipment.note, which is stored as Optional<String>, not as a nested"
        + " record's map", notNested.getMessage());
    IllegalArgumentException noSuchField = assertThrows(IllegalArgumentException.class,
        () -> values.storedValue(unknown, "Main St"));
    assertEquals(unknown + " is not a field of Address, the nested record of Shipment.to", noSuchField.getMessage());
  }

  @Test
  void primitivesAndOptionalsAreTold() {
    assertTrue(VALUES.isPrimitive(WEIGHT));
    assertFalse(VALUES.isPrimitive(ID));
    assertFalse(VALUES.isPrimitive(NOTE));
    assertTrue(VALUES.isOptional(NOTE));
    assertFalse(VALUES.isOptional(WEIGHT));
    assertFalse(VALUES.isOptional(LABELS));
  }

  @Test
  void aTimestampIsStoredByItsAttributesConverter() {
    Instant at = Instant.ofEpochSecond(1_700_000_000L);
    assertEquals(AttributeValue.fromN("1700000000"), VALUES.storedTimestamp("sentAt", at));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VALUES.storedTimestamp("sent", at));
    assertEquals("\"sent\" is no attribute of Shipment's schema", e.getMessage());
  }

  @Test
  void onlyTheRecordsOwnHandlesAreTaken() {
    ValueAttribute<Shipment, Integer> lookalike = Handles.value("weight", "kg", Shipment::weight);
    IllegalArgumentException byHand = assertThrows(IllegalArgumentException.class, () -> VALUES.storedValue(lookalike, 1));
    assertEquals("the table schema of Shipment takes the handles ShipmentKeys declares, and " + lookalike
        + " is none: no keys class made it (handles are not made by hand)", byHand.getMessage());
    assertSame(WEIGHT, VALUES.requireOwn(WEIGHT, "an update of Shipment"));
    IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
        () -> VALUES.requireOwn(OtherRecord.RIGHT, "an update of Shipment"));
    assertTrue(foreign.getMessage().startsWith("an update of Shipment takes the handles of Shipment (ShipmentKeys), and "),
        foreign.getMessage());
  }

  @Test
  void aSchemaByNamesTakesAHandleByItsNames() {
    RecordTableSchemaBuilder<Shipment> byNames = RecordSchema.builder(Shipment.class, (s, i) -> null,
            ComponentValuesTest::construct)
        .attribute("id", StoredType.of(String.class))
        .attribute("weight", "kg", StoredType.of(int.class));
    ComponentValues<Shipment> values = values(byNames);
    ValueAttribute<Shipment, Integer> lookalike = Handles.value("weight", "kg", Shipment::weight);
    assertSame(lookalike, values.requireOwn(lookalike, "a read"));
    assertEquals(AttributeValue.fromN("4"), values.storedValue(lookalike, 4));
    ValueAttribute<Shipment, Integer> renamed = Handles.value("mass", "kg", Shipment::weight);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> values.storedValue(renamed, 4));
    assertEquals(renamed + " is not a component of Shipment's schema", e.getMessage());
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> values.isPrimitive(Handles.value("stops", "stops", Shipment::stops)));
    assertTrue(unknown.getMessage().endsWith(" is not a component of Shipment's schema"), unknown.getMessage());
  }

  /** A handle of another record's keys class. */
  private static final class OtherRecord {
    record Other(String left) {}

    static final ValueAttribute<Other, String> RIGHT = Handles.value("right", "right", Other::left);

    static {
      EntityDescriptor.of(Other.class, "OtherKeys", EntityLayout.of("Other", EntityLayout.key("pk", "O", '#',
          TextCodec.of(String.class, "Other", "left", '#')), null, 0), v -> new Other((String) v[0]), RIGHT);
    }
  }
}
