package io.dynakeys.operations;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operations' packages, as rules over their compiled classes:
 * <ul>
 *   <li>the root package uses no other package of the module: what users implement and catch
 *       ({@code Migration}, {@code ConfigurationException}) stands alone;
 *   <li>the {@code internal} packages use no API package but the root: the API ({@code schema},
 *       {@code verify}, {@code rekey}) is built on them, never the other way, so an API type is a
 *       door in front of internal code and internal code never takes one back.
 * </ul>
 * The rules the operations share with the command line (the packages listed, each a slice, no
 * cycle, no SDK internals, the codecs' rules called and not re-derived, reflection only where
 * listed) run over both in the tools' {@code LayerRulesTest}, the one module that sees both. That
 * the API names no internal type is {@code ApiFileTest}'s.
 */
class ArchitectureTest {
  private static final String ROOT = "io.dynakeys.operations";

  private static JavaClasses operations;

  @BeforeAll
  static void importMainClasses() {
    operations = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOT);
  }

  @Test
  void theRootPackageStandsAlone() {
    noClasses().that().resideInAPackage(ROOT)
        .should().dependOnClassesThat().resideInAPackage(ROOT + ".*..")
        .check(operations);
  }

  @Test
  void internalCodeUsesNoApiPackageButTheRoot() {
    noClasses().that().resideInAPackage(ROOT + ".internal..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".schema..", ROOT + ".verify..", ROOT + ".rekey..")
        .check(operations);
  }
}
