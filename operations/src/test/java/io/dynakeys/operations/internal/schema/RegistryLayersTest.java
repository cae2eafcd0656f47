package io.dynakeys.operations.internal.schema;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.EnumEncoding;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.TextCodec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What each layer reads from the registry of key types: adding a key type is one
 * {@link KeyEncoding} and one entry in {@code KeyTypes.ENCODINGS}, and the operations (and the
 * command line over them) need no edit. Two halves show it: the operations' compiled classes name no
 * concrete encoding (every class in {@link KeyTypes#encodings()}, whatever it holds) and parse no
 * {@code java.time}, {@code UUID} or {@code BigInteger} text themselves; and a value of every
 * registered type, as text and as digits, goes through the command line's text path
 * ({@link EntityModel#partitionKeysOf(EntityLayout, List)} and
 * {@link EntityModel#parsePartitionKey(EntityLayout, String)}) with nothing but the registry's
 * encoding and a codec built on it. A new registry entry is covered by both with no edit here.
 *
 * <p>The command line's own classes are held to the first half by the tools' {@code
 * RegistryLayersTest}; the processor's side (its writers take a component's encoding from
 * {@code KeyTypes.forName} and emit {@code TextCodec.of}/{@code PaddedCodec.of}, which ask the
 * registry at run time) by the processor's own {@code CodecRulesTest}.
 */
class RegistryLayersTest {
  private static JavaClasses operations;

  @BeforeAll
  static void importMainClasses() {
    operations = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.operations");
  }

  /** Every concrete encoding class behind the registry, and the superclasses they share. */
  private static Set<String> encodingClasses() {
    Set<String> out = new LinkedHashSet<>();
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      for (Class<?> c = encoding.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
        out.add(c.getName());
      }
    }
    out.add(EnumEncoding.class.getName()); // the registry's encoding of every enum (KeyTypes.forClass)
    return out;
  }

  @Test
  void theOperationsNameNoConcreteEncoding() {
    Set<String> encodings = encodingClasses();
    assertFalse(encodings.isEmpty());
    noClasses().should().dependOnClassesThat(new DescribedPredicate<JavaClass>(
            "are a concrete encoding of the registry " + encodings) {
          @Override
          public boolean test(JavaClass c) {
            return encodings.contains(c.getName());
          }
        })
        .because("a component's encoding is its codec's, taken from LAYOUT: a new key type needs no edit in the operations")
        .check(operations);
  }

  @Test
  void theOperationsParseNoTemporalUuidOrBigIntegerText() {
    noClasses().should().callCodeUnitWhere(new DescribedPredicate<JavaCall<?>>(
            "a parse of java.time, UUID or BigInteger text") {
          @Override
          public boolean test(JavaCall<?> call) {
            JavaClass owner = call.getTarget().getOwner();
            String name = call.getName();
            boolean takesText = call.getTarget().getRawParameterTypes().stream()
                .anyMatch(p -> p.isEquivalentTo(String.class) || p.isEquivalentTo(CharSequence.class));
            if (owner.getPackageName().startsWith("java.time")) {
              return name.startsWith("parse") || name.equals("ofPattern") || takesText && name.startsWith("of");
            }
            if (owner.isEquivalentTo(UUID.class)) {
              return name.equals("fromString") || name.equals("nameUUIDFromBytes");
            }
            // (BigDecimal is no key type: the operations compare stored DynamoDB numbers with it.)
            if (owner.isEquivalentTo(java.math.BigInteger.class)) {
              return takesText;
            }
            return false;
          }
        })
        .because("the text of a key type is read by its encoding in the registry (KeyCodec.fromUserText)")
        .check(operations);
  }

  @Test
  void everyRegisteredTypeRoundTripsThroughTheCommandLinesTextPath() {
    List<String> checked = new ArrayList<>();
    for (KeyEncoding<?> registered : KeyTypes.encodings()) {
      @SuppressWarnings("unchecked")
      KeyEncoding<Object> encoding = (KeyEncoding<Object>) registered;
      for (KeyCodec<Object> codec : codecs(encoding)) {
        for (int ordinal = 0; ordinal < 3; ordinal++) {
          Object value = encoding.example(ordinal);
          String typed = encoding.toText(value);
          EntityLayout layout = EntityLayout.of("R", EntityLayout.key("pk", "P", '#', codec), null, 0);
          List<String> keys = EntityModel.partitionKeysOf(layout, List.of(typed));
          String expected = "P#" + codec.encode(value);
          assertEquals(List.of(expected), keys, codec.segment() + " " + typed);
          Map<String, Object> parsed = EntityModel.parsePartitionKey(layout, keys.get(0));
          assertEquals(expected, "P#" + codec.encode(parsed.get("c")), codec.segment() + " " + typed);
          assertEquals(codec.encode(value), codec.encode(codec.parse(codec.encode(value))));
        }
        checked.add(encoding.label() + ":" + codec.segment().kind());
      }
    }
    // every registered type as text, and the paddable ones as digits too
    assertEquals(KeyTypes.encodings().size() + KeyTypes.paddableLabels().size(), checked.size(), checked::toString);
  }

  @Test
  void aPathRoundTripsThroughTheCommandLinesTextPath() {
    io.dynakeys.codecs.internal.PathCodec codec = new io.dynakeys.codecs.internal.PathCodec("R", "c", '#', '/');
    EntityLayout layout = EntityLayout.of("R", EntityLayout.key("pk", "P", '#', codec), null, 0);
    String key = EntityModel.partitionKeysOf(layout, List.of("root/photos/")).get(0);
    assertEquals("P#root/photos/", key);
    assertEquals(io.dynakeys.runtime.TreePath.folder("root", "photos"),
        EntityModel.parsePartitionKey(layout, key).get("c"));
  }

  /** The codecs a component of {@code encoding} may have: as text, and as digits when paddable. */
  private static List<KeyCodec<Object>> codecs(KeyEncoding<Object> encoding) {
    List<KeyCodec<Object>> out = new ArrayList<>();
    out.add(new TextCodec<>("R", "c", '#', encoding));
    if (encoding.paddable()) {
      long lo = encoding.toUnits(encoding.example(0));
      long hi = lo;
      for (int i = 1; i < 3; i++) {
        long units = encoding.toUnits(encoding.example(i));
        lo = Math.min(lo, units);
        hi = Math.max(hi, units);
      }
      long min = Math.max(encoding.minUnits(), Math.min(0, lo));
      long max = Math.min(encoding.maxUnits(), Math.max(hi, 999));
      out.add(new PaddedCodec<>("R", "c", encoding, PaddedLongCodec.digitsNeeded(min, max), min, max, false));
    }
    return out;
  }
}
