package io.dynakeys.operations;

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
 * The operations' packages, as rules over their compiled classes:
 * <ul>
 *   <li>no two packages depend on each other, the root package ({@code Migration},
 *       {@code ConfigurationException}) included, and every package is such a slice;
 *   <li>the root package uses no other package of the module: what users implement and catch
 *       stands alone;
 *   <li>the {@code internal} packages use no API package but the root: the API ({@code schema},
 *       {@code verify}, {@code rekey}) is built on them, never the other way, so an API type is a
 *       door in front of internal code and internal code never takes one back;
 *   <li>nothing uses the AWS SDK's internals (its {@code internal} packages or what it marks
 *       {@code @SdkInternalApi}).
 * </ul>
 * That the API names no internal type is {@code ApiFileTest}'s.
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
      return "every package of the operations, the root package included";
    }
  };

  @Test
  void thePackagesFormNoCycle() {
    SlicesRuleDefinition.slices().assignedFrom(EVERY_PACKAGE).should().beFreeOfCycles().check(operations);
  }

  /** The packages there are, each a slice above: a new one needs a line here and in docs/design.md. */
  @Test
  void everyPackageIsASlice() {
    Set<String> packages = new TreeSet<>();
    operations.forEach(c -> packages.add(c.getPackageName()));
    assertEquals(Set.of(ROOT, ROOT + ".schema", ROOT + ".verify", ROOT + ".rekey", ROOT + ".internal.schema",
        ROOT + ".internal.write", ROOT + ".internal.format"), packages);
    Set<String> slices = new TreeSet<>();
    operations.forEach(c -> slices.add(slice(c)));
    assertEquals(packages.size(), slices.size(), slices::toString);
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

  @Test
  void nothingUsesTheSdksInternals() {
    noClasses().should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..internal..")
        .orShould().dependOnClassesThat().areAnnotatedWith("software.amazon.awssdk.annotations.SdkInternalApi")
        .check(operations);
  }
}
