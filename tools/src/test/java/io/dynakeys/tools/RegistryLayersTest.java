package io.dynakeys.tools;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynakeys.codecs.internal.EnumEncoding;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the command line reads from the registry of key types: adding a key type is one
 * {@link KeyEncoding} and one entry in {@code KeyTypes.ENCODINGS}, and the command line needs no
 * edit. Its compiled classes name no concrete encoding (every class in {@link KeyTypes#encodings()},
 * whatever it holds) and parse no {@code java.time}, {@code UUID} or {@code BigInteger} text
 * themselves: a value typed on the command line is read by the operations' text path, which the
 * operations' own {@code RegistryLayersTest} runs for every registered type. A new registry entry is
 * covered with no edit here.
 */
class RegistryLayersTest {
  private static JavaClasses tools;

  @BeforeAll
  static void importMainClasses() {
    tools = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.tools");
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
  void theToolsNameNoConcreteEncoding() {
    Set<String> encodings = encodingClasses();
    assertFalse(encodings.isEmpty());
    noClasses().should().dependOnClassesThat(new DescribedPredicate<JavaClass>(
            "are a concrete encoding of the registry " + encodings) {
          @Override
          public boolean test(JavaClass c) {
            return encodings.contains(c.getName());
          }
        })
        .because("a component's encoding is its codec's, taken from LAYOUT: a new key type needs no edit in the tools")
        .check(tools);
  }

  @Test
  void theToolsParseNoTemporalUuidOrBigIntegerText() {
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
            // (BigDecimal is no key type: the tools compare stored DynamoDB numbers with it.)
            if (owner.isEquivalentTo(java.math.BigInteger.class)) {
              return takesText;
            }
            return false;
          }
        })
        .because("the text of a key type is read by its encoding in the registry (KeyCodec.fromUserText)")
        .check(tools);
  }
}
