package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The declared attributes of a schema: their order, their lookup by name, their converters; and one key attribute's value. */
class RecordAttributesTest {
  private static final RecordAttributes<Parcel> ATTRIBUTES = Parcel.attributes();

  @Test
  void theComponentsInDeclarationOrderThenTheKeysAreTheNamesAndTheSlots() {
    List<String> names = List.of("id", "weight", "remark", "label", "tags", "pk", "gsi1pk");
    assertEquals(names, ATTRIBUTES.names());
    assertEquals(names.size(), ATTRIBUTES.slots().size());
    for (int i = 0; i < names.size(); i++) {
      assertEquals(i, ATTRIBUTES.slots().slot(names.get(i)), names.get(i));
    }
    assertEquals(5, ATTRIBUTES.components().length);
    assertEquals(List.of("pk", "gsi1pk"), List.of(ATTRIBUTES.keys()[0].name(), ATTRIBUTES.keys()[1].name()));
    assertEquals("Parcel", ATTRIBUTES.record());
  }

  @Test
  void aComponentIsFoundByItsAttributeNameAndAKeyByItsOwn() {
    ComponentAttribute<Parcel> note = ATTRIBUTES.component("remark");
    assertEquals("note", note.component());
    assertEquals(2, note.index());
    assertNull(ATTRIBUTES.component("note"), "a renamed component is stored under its attribute's name only");
    assertNull(ATTRIBUTES.component("pk"), "a key is no component");
    assertEquals("partition key", ATTRIBUTES.key("pk").role());
    assertEquals("partition key of index byNote", ATTRIBUTES.key("gsi1pk").role());
    assertNull(ATTRIBUTES.key("id"), "a component is no key");
    assertNull(ATTRIBUTES.component(42), "a name is a string");
  }

  @Test
  void aComponentConvertsThroughItsStoredTypeAndAKeyAsAString() {
    assertEquals(EnhancedType.of(Integer.class), ATTRIBUTES.converter("weight").type());
    assertEquals(AttributeValueType.N, ATTRIBUTES.converter("weight").attributeValueType());
    assertSame(DefaultConverters.STRING, ATTRIBUTES.converter("pk"));
    assertSame(DefaultConverters.STRING, ATTRIBUTES.converter("gsi1pk"));
    assertEquals(EnhancedType.of(String.class), DefaultConverters.STRING.type());
    assertEquals(AttributeValueType.S, DefaultConverters.STRING.attributeValueType());
    assertNull(ATTRIBUTES.converter("nope"));
  }

  @Test
  void thePrimitiveComponentsAreNamedAsComponents() {
    assertEquals(Set.of("weight"), ATTRIBUTES.primitiveComponents());
    RecordTableSchemaBuilder<Parcel> renamed = RecordSchema.builder(Parcel.class, Parcel::component, Parcel::construct)
        .attribute("id", StoredType.of(String.class))
        .attribute("weight", "w", StoredType.of(int.class))
        .attribute("note", StoredType.of(String.class))
        .attribute("label", StoredType.optionalOf(StoredType.of(String.class)))
        .attribute("tags", StoredType.setOf(StoredType.of(String.class)));
    assertEquals(List.of("weight"), List.copyOf(
        new RecordAttributes<>("Parcel", renamed.components, renamed.keys).primitiveComponents()));
    assertThrows(UnsupportedOperationException.class, () -> ATTRIBUTES.primitiveComponents().add("id"));
  }

  @Test
  void aKeyAttributeIsItsFunctionsTextOrNothingForAnIndex() {
    Parcel noted = new Parcel("p1", 3, "fragile", Optional.empty(), Set.of());
    Parcel plain = new Parcel("p1", 3, null, Optional.empty(), Set.of());
    assertEquals(AttributeValue.fromS("PARCEL#p1"), ATTRIBUTES.key("pk").write(noted, "Parcel"));
    assertEquals(AttributeValue.fromS("NOTE#fragile"), ATTRIBUTES.key("gsi1pk").write(noted, "Parcel"));
    assertNull(ATTRIBUTES.key("gsi1pk").write(plain, "Parcel"), "a sparse index key: the item is in no index");
  }

  @Test
  void theTablesOwnKeyCannotBeNothing() {
    KeyAttribute<Parcel> sortKey = new KeyAttribute<>("sk", "sort key", p -> null, true);
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> sortKey.write(new Parcel("p1", 3, null, Optional.empty(), Set.of()), "Parcel"));
    assertEquals("Parcel.sk: the sort key function gave null; every item needs a sort key", e.getMessage());
    assertEquals("sk", e.attribute());
  }
}
