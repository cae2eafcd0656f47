package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A record written as its item: every component through its stored type, every key computed. */
class ItemWriterTest {
  private static final ItemWriter<Parcel> WRITER = new ItemWriter<>(Parcel.attributes());
  private static final AttributeValue NUL = AttributeValue.fromNul(true);

  private static final Parcel FULL = new Parcel("p1", 3, "fragile", Optional.of("red"), Set.of("a"));
  private static final Parcel BARE = new Parcel("p2", 0, null, Optional.empty(), Set.of());

  @Test
  void everyComponentThenEveryKeyInDeclarationOrder() {
    Map<String, AttributeValue> item = WRITER.write(FULL, true);
    assertInstanceOf(ItemMap.class, item);
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("id", AttributeValue.fromS("p1"));
    expected.put("weight", AttributeValue.fromN("3"));
    expected.put("remark", AttributeValue.fromS("fragile"));
    expected.put("label", AttributeValue.fromS("red"));
    expected.put("tags", AttributeValue.fromSs(List.of("a")));
    expected.put("pk", AttributeValue.fromS("PARCEL#p1"));
    expected.put("gsi1pk", AttributeValue.fromS("NOTE#fragile"));
    assertEquals(expected, item);
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(item.keySet()));
  }

  @Test
  void whatHasNoValueIsLeftOutOrWrittenAsNull() {
    assertEquals(List.of("id", "weight", "pk"), List.copyOf(WRITER.write(BARE, true).keySet()),
        "a null component, an empty Optional, an empty set and a sparse index key are left out");
    Map<String, AttributeValue> withNulls = WRITER.write(BARE, false);
    assertEquals(List.of("id", "weight", "remark", "label", "tags", "pk", "gsi1pk"), List.copyOf(withNulls.keySet()));
    for (String name : List.of("remark", "label", "tags", "gsi1pk")) {
      assertEquals(NUL, withNulls.get(name), name);
    }
  }

  @Test
  void noItemHasNoKeysAndNoValues() {
    assertEquals(Map.of(), WRITER.write(null, true));
    Map<String, AttributeValue> nulls = WRITER.write(null, false);
    assertEquals(List.of("id", "weight", "remark", "label", "tags"), List.copyOf(nulls.keySet()),
        "no keys are computed without an item");
    nulls.values().forEach(v -> assertEquals(NUL, v));
  }

  @Test
  void theNamedAttributesInTheOrderAsked() {
    Map<String, AttributeValue> some = WRITER.write(FULL, List.of("pk", "remark", "weight"));
    assertEquals(List.of("pk", "remark", "weight"), List.copyOf(some.keySet()));
    assertEquals(AttributeValue.fromS("fragile"), some.get("remark"));
    assertEquals(List.of("pk"), List.copyOf(WRITER.write(BARE, List.of("pk", "remark", "gsi1pk")).keySet()),
        "attributes without a value are left out");
    assertThrows(UnsupportedOperationException.class, () -> some.put("x", NUL));
  }

  @Test
  void oneAttributeIsAComponentsValueOrAComputedKey() {
    assertEquals(AttributeValue.fromS("red"), WRITER.attributeValue(FULL, "label"));
    assertEquals(AttributeValue.fromS("PARCEL#p1"), WRITER.attributeValue(FULL, "pk"));
    assertNull(WRITER.attributeValue(BARE, "label"));
    assertNull(WRITER.attributeValue(BARE, "gsi1pk"));
  }

  @Test
  void anUnknownAttributeIsNamedWithTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WRITER.attributeValue(FULL, "note"));
    assertEquals("Parcel has no attribute \"note\"; its attributes are [id, weight, remark, label, tags, pk, gsi1pk]",
        e.getMessage());
    assertEquals(e.getMessage(), assertThrows(IllegalArgumentException.class,
        () -> WRITER.write(FULL, List.of("id", "note"))).getMessage());
  }

  /** A converter that refuses every value. */
  private static final class Refusing implements AttributeConverter<String> {
    @Override
    public AttributeValue transformFrom(String input) {
      throw new IllegalArgumentException("no " + input);
    }

    @Override
    public String transformTo(AttributeValue input) {
      return input.s();
    }

    @Override
    public EnhancedType<String> type() {
      return EnhancedType.of(String.class);
    }

    @Override
    public AttributeValueType attributeValueType() {
      return AttributeValueType.S;
    }
  }

  @Test
  void aComponentItsConverterRefusesIsNamed() {
    RecordTableSchemaBuilder<Parcel> builder = RecordSchema.builder(Parcel.class, Parcel::component, Parcel::construct)
        .attribute("id", StoredType.converted(new Refusing()))
        .attribute("weight", StoredType.of(int.class))
        .attribute("note", StoredType.of(String.class))
        .attribute("label", StoredType.optionalOf(StoredType.of(String.class)))
        .attribute("tags", StoredType.setOf(StoredType.of(String.class)));
    ItemWriter<Parcel> writer = new ItemWriter<>(new RecordAttributes<>("Parcel", builder.components, builder.keys));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> writer.write(FULL, true));
    assertEquals("Parcel.id: cannot store the value p1 as String (by Refusing): no p1", e.getMessage());
    assertEquals(Map.of(), e.itemKey(), "a write names no stored item");
    assertSame(IllegalArgumentException.class, e.getCause().getClass());
  }
}
