package io.dynakeys.tools;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tools' packages by command over a shared core, as tools/README.md draws them: {@code core}
 * (scan, write, checkpoint, rate, progress) uses no command and no entity schema; {@code verify},
 * {@code browse}, {@code migrate} and {@code index} (switch-index) use no other command but verify;
 * only {@code cli} (and {@code Main}) use picocli. The rules the tools share with the operations
 * (the packages listed, no cycle, no SDK internals, the codecs' rules called and not re-derived) are
 * {@link LayerRulesTest}'s.
 */
class PackageStructureTest {
  private static final String ROOT = "io.dynakeys.tools";

  private static JavaClasses tools;

  @BeforeAll
  static void importMainClasses() {
    tools = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOT);
  }

  @Test
  void theCoreUsesNoCommand() {
    noClasses().that().resideInAPackage(ROOT + ".core..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".verify..", ROOT + ".migrate..", ROOT + ".move..",
            ROOT + ".browse..", ROOT + ".index..", ROOT + ".cli..")
        .check(tools);
  }

  @Test
  void theCoreUsesNoEntitySchema() {
    noClasses().that().resideInAPackage(ROOT + ".core..")
        .should().dependOnClassesThat().resideInAnyPackage("io.dynakeys.operations.schema..",
            "io.dynakeys.operations.internal.schema..")
        .check(tools);
  }

  @Test
  void theCommandsUseNoOtherCommandButVerify() {
    noClasses().that().resideInAnyPackage(ROOT + ".verify..", ROOT + ".browse..", ROOT + ".migrate..",
            ROOT + ".index..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".move..", ROOT + ".cli..")
        .check(tools);
    noClasses().that().resideInAPackage(ROOT + ".move..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".browse..", ROOT + ".index..", ROOT + ".cli..")
        .check(tools);
    noClasses().that().resideInAPackage(ROOT + ".index..")
        .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".browse..", ROOT + ".migrate..", ROOT + ".move..",
            ROOT + ".cli..")
        .check(tools);
  }

  @Test
  void onlyTheCommandLineUsesPicocli() {
    noClasses().that().resideOutsideOfPackage(ROOT + ".cli..")
        .and().doNotHaveFullyQualifiedName(Main.class.getName())
        .should().dependOnClassesThat().resideInAPackage("picocli..")
        .check(tools);
  }
}
