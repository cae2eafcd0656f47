package io.dynakeys.tools;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tools' packages by command over a shared core, as tools/README.md draws them: {@code core}
 * (scan, write, checkpoint, rate, progress) uses no command and no entity schema; {@code verify},
 * {@code browse}, {@code migrate} and {@code index} (switch-index) use no other command but verify;
 * only {@code cli} (and {@code Main}) use picocli; no two packages depend on each other, the root
 * package ({@code Main}) included; nothing uses the AWS SDK's internals.
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

  /** The slice of a class: its package below the root, {@code (root)} for the root, {@code null} outside. */
  private static String slice(JavaClass c) {
    String p = c.getPackageName();
    if (p.equals(ROOT)) {
      return "(root)";
    }
    return p.startsWith(ROOT + ".") ? p.substring(ROOT.length() + 1) : null;
  }

  /** Every package of the module its own slice, the root package too. */
  private static final SliceAssignment EVERY_PACKAGE = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String slice = slice(c);
      return slice == null ? SliceIdentifier.ignore() : SliceIdentifier.of(slice);
    }

    @Override
    public String getDescription() {
      return "every package of the tools, the root package included";
    }
  };

  @Test
  void thePackagesFormNoCycle() {
    SlicesRuleDefinition.slices().assignedFrom(EVERY_PACKAGE).should().beFreeOfCycles().check(tools);
  }

  /** The slices above are the packages there are: a new one is in the rule without an edit there. */
  @Test
  void everyPackageIsASlice() {
    Set<String> packages = new TreeSet<>();
    tools.forEach(c -> packages.add(c.getPackageName()));
    assertEquals(Set.of(ROOT, ROOT + ".browse", ROOT + ".cli", ROOT + ".core", ROOT + ".index", ROOT + ".migrate",
        ROOT + ".move", ROOT + ".verify"), packages);
    Set<String> slices = new TreeSet<>();
    tools.forEach(c -> slices.add(slice(c)));
    assertEquals(packages.size(), slices.size(), slices::toString);
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

  @Test
  void nothingUsesTheSdksInternals() {
    noClasses().should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..internal..")
        .orShould().dependOnClassesThat().areAnnotatedWith("software.amazon.awssdk.annotations.SdkInternalApi")
        .check(tools);
  }
}
