package io.dynakeys.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * What each layer of the processor reads from the key type registry: adding a key type is one
 * {@code KeyEncoding} and one entry in {@code KeyTypes}, with no edit in the processor. No class of
 * the processor names a registered encoding, except the one place that chooses the padded-integer
 * shape (whose encoders run unboxed); the encodings that are not found by name (enums and paths,
 * whose encodings are built from the declaration) are named where they are built and checked.
 */
class RegistryLayersTest {
  private static final Map<String, Set<String>> ALLOWED = Map.of(
      "io.dynakeys.processor.model.KeyComponent", Set.of("IntegerEncoding"),
      "io.dynakeys.processor.reading.KeyTypeReader", Set.of("EnumEncoding", "PathEncoding"),
      "io.dynakeys.processor.validation.PathValidator", Set.of("PathEncoding"));

  @Test
  void noProcessorClassNamesARegisteredEncodingButTheShapeChoice() {
    Set<String> encodings = new TreeSet<>();
    for (KeyEncoding<?> e : KeyTypes.encodings()) {
      encodings.add(e.getClass().getName());
    }
    encodings.add("io.dynakeys.codecs.internal.EnumEncoding");
    encodings.add("io.dynakeys.codecs.internal.PathEncoding");
    assertTrue(encodings.size() >= 10, "the registry lists " + encodings);

    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.processor");
    Map<String, Set<String>> named = new TreeMap<>();
    for (JavaClass c : classes) {
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        if (encodings.contains(d.getTargetClass().getName())) {
          String owner = c.getName().contains("$") ? c.getName().substring(0, c.getName().indexOf('$')) : c.getName();
          named.computeIfAbsent(owner, k -> new TreeSet<>()).add(d.getTargetClass().getSimpleName());
        }
      }
    }
    assertEquals(new TreeMap<>(ALLOWED), named,
        "a processor class names a key type's encoding: ask KeyTypes and the encoding's own methods instead");
  }

  /**
   * The writers take every encoding fact from the model and the codecs, never from a concrete
   * encoding (they may ask the {@code KeyEncoding} interface, as the Javadoc's examples do).
   */
  @Test
  void theWritersNameNoEncodingAtAll() {
    JavaClasses writers = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.processor.writing");
    Set<String> found = new TreeSet<>();
    for (JavaClass c : writers) {
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass();
        if (target.getPackageName().equals("io.dynakeys.codecs") && target.getSimpleName().endsWith("Encoding")
            && !target.getSimpleName().equals("KeyEncoding")) {
          found.add(c.getSimpleName() + " -> " + target.getSimpleName());
        }
      }
    }
    assertEquals(Set.of(), found);
  }
}
