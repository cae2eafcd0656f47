package io.dynakeys.processor;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers, as rules over the compiled main code of the codecs, the runtime and the processor
 * (all on this module's test class path): the processor and the codecs never depend on the AWS
 * SDK (the processor runs inside javac, the codecs run there too), the processor reaches the
 * runtime only through the codecs' types, and the runtime's main code does no reflection: the
 * generated code is the mapping.
 */
class LayerRulesTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.codecs", "io.dynakeys.runtime", "io.dynakeys.processor");
  }

  @Test
  void theProcessorNeverDependsOnTheSdk() {
    noClasses().that().resideInAPackage("io.dynakeys.processor..")
        .should().dependOnClassesThat().resideInAPackage("software.amazon..")
        .check(classes);
  }

  @Test
  void theCodecsNeverDependOnTheSdkNorOnTheRuntime() {
    noClasses().that().resideInAPackage("io.dynakeys.codecs..")
        .should().dependOnClassesThat().resideInAPackage("software.amazon..")
        .orShould().dependOnClassesThat().resideInAPackage("io.dynakeys.runtime.schema..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.dynakeys.runtime.internal.read.KeyQuery")
        .check(classes);
  }

  @Test
  void theProcessorUsesNoRuntimeClassOutsideTheCodecsModule() {
    // TreePath and KeyFormatException live in the codecs module (package io.dynakeys.runtime).
    noClasses().that().resideInAPackage("io.dynakeys.processor..")
        .should().dependOnClassesThat().resideInAPackage("io.dynakeys.runtime.schema..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.dynakeys.runtime.internal.read.KeyQuery")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.dynakeys.runtime.read.QueryStage")
        .check(classes);
  }

  @Test
  void theRuntimeDoesNoReflection() {
    noClasses().that().resideInAPackage("io.dynakeys.runtime..")
        .should().dependOnClassesThat().resideInAPackage("java.lang.reflect..")
        .orShould().callMethod(Class.class, "getRecordComponents")
        .orShould().callMethod(Class.class, "getDeclaredMethods")
        .orShould().callMethod(Class.class, "getDeclaredFields")
        .check(classes);
  }
}
