package io.dynakeys.operations.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import io.dynakeys.codecs.internal.PathCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.fixtures.EntryKeys;
import io.dynakeys.operations.fixtures.InvoiceLineKeys;
import io.dynakeys.operations.fixtures.Season;
import io.dynakeys.operations.fixtures.Season_LapKeys;
import io.dynakeys.runtime.TreePath;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the operations take from the codecs instead of deriving it: a component's value from the
 * text a person types (the registry's {@code fromUserText}), the keys class of a nested record, and
 * the attributes of a path's generated indexes.
 */
class ComponentTextTest {

  @Test
  void aPartitionComponentIsReadAsItsEncodingReadsUserText() {
    EntityModel invoices = EntityModel.of(InvoiceLineKeys.class);
    // " 125656 " and "+125656" are what the command line accepted before: the same partition.
    List<String> keys = invoices.partitionKeysOf(List.of("125656"));
    assertEquals(10, keys.size());
    assertEquals(keys, invoices.partitionKeysOf(List.of(" 125656 ")));
    assertEquals(keys, invoices.partitionKeysOf(List.of("+125656")));
    assertEquals("INVOICE#125656#0", keys.get(0));
    ConfigurationException notANumber = assertThrows(ConfigurationException.class,
        () -> invoices.partitionKeysOf(List.of("12x")));
    assertEquals("invoice: \"12x\" is no long: is not a whole number", notANumber.getMessage());
  }

  @Test
  void anInstantMayBeTypedInAnyIsoForm() {
    EntityModel laps = EntityModel.of(Season.Lap.class);
    String key = laps.partitionKeysOf(List.of("2026-06-23T10:15:30Z")).get(0);
    assertEquals(Season_LapKeys.partitionKey(Instant.parse("2026-06-23T10:15:30Z")), key);
    assertEquals(key, laps.partitionKeysOf(List.of("2026-06-23T10:15:30.000000000Z")).get(0));
    assertEquals(key, laps.partitionKeysOf(List.of("2026-06-23T12:15:30+02:00")).get(0),
        "an Instant parses ISO instants with an offset too");
  }

  @Test
  void theValueOfEveryRegisteredTypeComesFromItsCodec() {
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      @SuppressWarnings("unchecked")
      KeyEncoding<Object> e = (KeyEncoding<Object>) encoding;
      String text = e.toText(e.example(1));
      // The same key: an OffsetDateTime keeps the offset it was typed with, and is written in UTC.
      TextCodec<Object> codec = new TextCodec<>("R", "c", '#', e);
      assertEquals(text, e.toText(EntityModel.fromText(text, codec)), e.label() + " " + text);
    }
  }

  @Test
  void aPathIsTypedWithItsDelimiterAndMayBeTheRoot() {
    PathCodec path = new PathCodec("R", "path", '#', '.');
    assertEquals(TreePath.folder("a", "b"), EntityModel.fromText("a.b.", path));
    assertEquals(TreePath.root(), EntityModel.parsePath("/", '/'));
    assertEquals(TreePath.file("root", "photos", "beach.jpg"), EntityModel.parsePath("root/photos/beach.jpg", '/'));
  }

  @Test
  void aTextThatIsNoValueIsRefusedNamingItsType() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EntityModel.fromText("1.5", TextCodec.of(Long.class, "R", "c", '#')));
    assertTrue(e.getMessage().startsWith("\"1.5\" is no long: "), e::getMessage);
  }

  @Test
  void aTypeOutsideTheRegistryHasNoCodec() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TextCodec.of(java.math.BigDecimal.class, "R", "c", '#'));
    assertTrue(e.getMessage().startsWith("java.math.BigDecimal is not a key type"), e::getMessage);
  }

  @Test
  void aNestedRecordsKeysClassIsNamedByTheCodecsRule() {
    EntityModel laps = EntityModel.of(Season.Lap.class);
    assertEquals(Season_LapKeys.class, laps.keysClass());
    assertEquals(EntityLayout.keysClassSimpleName(List.of("Season", "Lap")), laps.keysClass().getSimpleName());
  }

  @Test
  void aPathsIndexAttributesAreNamedByTheCodecsRule() {
    EntityModel entries = EntityModel.of(EntryKeys.class);
    for (String attribute : List.of(PathCodec.parentAttribute("path"), PathCodec.depthAttribute("path"))) {
      EntityModel.KeyAttribute key = entries.keyAttributes().get(attribute);
      assertEquals(new EntityModel.KeyAttribute(attribute, null, 0, Utf8.PARTITION_KEY_LIMIT, false), key,
          attribute);
    }
    assertTrue(entries.declaresIndex(PathCodec.childrenIndex("path")));
    assertTrue(entries.declaresIndex(PathCodec.depthIndex("path")));
  }
}
