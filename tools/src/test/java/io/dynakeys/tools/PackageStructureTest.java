package io.dynakeys.tools;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tools' packages by command over a shared core, as tools/README.md draws them: {@code core}
 * (scan, write, checkpoint, rate, progress) and {@code schema} use no command; {@code verify},
 * {@code browse}, {@code migrate} and {@code index} (switch-index) use no other command but verify; only {@code cli} (and
 * {@code Main}) use picocli; no two packages depend on each other.
 */
class PackageStructureTest {
  private static JavaClasses tools;

  @BeforeAll
  static void importMainClasses() {
    tools = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.tools");
  }

  @Test
  void thePackagesFormNoCycle() {
    slices().matching("io.dynakeys.tools.(*)..").should().beFreeOfCycles().check(tools);
  }

  @Test
  void theCoreAndTheSchemaUseNoCommand() {
    noClasses().that().resideInAnyPackage("io.dynakeys.tools.core..", "io.dynakeys.tools.schema..")
        .should().dependOnClassesThat().resideInAnyPackage("io.dynakeys.tools.verify..",
            "io.dynakeys.tools.migrate..", "io.dynakeys.tools.move..", "io.dynakeys.tools.browse..",
            "io.dynakeys.tools.index..", "io.dynakeys.tools.cli..")
        .check(tools);
  }

  @Test
  void theCoreUsesNoSchema() {
    noClasses().that().resideInAPackage("io.dynakeys.tools.core..")
        .should().dependOnClassesThat().resideInAPackage("io.dynakeys.tools.schema..")
        .check(tools);
  }

  @Test
  void theCommandsUseNoOtherCommandButVerify() {
    noClasses().that().resideInAnyPackage("io.dynakeys.tools.verify..", "io.dynakeys.tools.browse..",
            "io.dynakeys.tools.migrate..", "io.dynakeys.tools.index..")
        .should().dependOnClassesThat().resideInAnyPackage("io.dynakeys.tools.move..", "io.dynakeys.tools.cli..")
        .check(tools);
    noClasses().that().resideInAPackage("io.dynakeys.tools.move..")
        .should().dependOnClassesThat().resideInAnyPackage("io.dynakeys.tools.browse..", "io.dynakeys.tools.index..",
            "io.dynakeys.tools.cli..")
        .check(tools);
    noClasses().that().resideInAPackage("io.dynakeys.tools.index..")
        .should().dependOnClassesThat().resideInAnyPackage("io.dynakeys.tools.browse..", "io.dynakeys.tools.migrate..",
            "io.dynakeys.tools.move..", "io.dynakeys.tools.cli..")
        .check(tools);
  }

  @Test
  void onlyTheCommandLineUsesPicocli() {
    noClasses().that().resideOutsideOfPackage("io.dynakeys.tools.cli..")
        .and().doNotHaveFullyQualifiedName(Main.class.getName())
        .should().dependOnClassesThat().resideInAPackage("picocli..")
        .check(tools);
  }
}
