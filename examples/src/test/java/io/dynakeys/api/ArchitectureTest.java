package io.dynakeys.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The line between the API and what is internal, as rules over the compiled code of the library
 * (annotations, codecs, runtime, test kit, Spring integration), the generated keys classes and the examples, which are
 * code a user would write:
 * <ul>
 *   <li>nothing of dynakeys uses the AWS SDK's internals (its {@code internal} packages or what it
 *       marks {@code @SdkInternalApi}): an SDK upgrade cannot break a write path;
 *   <li>the runtime's areas (values, codecs, entity, base, schema, condition, read, write, transact,
 *       batch), each an API package and its {@code internal} counterpart, depend on each other
 *       without a cycle; every package of the runtime and codecs jars is in one;
 *   <li>user code reaches no {@code internal} package: only generated keys classes and sibling
 *       modules do;
 *   <li>generated code references exactly the types listed here, the ABI between the processor
 *       and the library: a new one shows in review.
 * </ul>
 */
class ArchitectureTest {
  private static JavaClasses main;
  private static JavaClasses all;

  @BeforeAll
  static void importClasses() {
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys");
    all = new ClassFileImporter().importPackages("io.dynakeys");
  }

  /** Whether {@code c} is, or is nested in, a generated keys class ({@code RunKeys}, {@code RunKeys$Query}). */
  private static boolean generated(JavaClass c) {
    String name = c.getName();
    int nested = name.indexOf('$');
    String top = nested < 0 ? name : name.substring(0, nested);
    return top.endsWith("Keys") && !top.startsWith("io.dynakeys.runtime") && !top.startsWith("io.dynakeys.codecs");
  }

  private static final DescribedPredicate<JavaClass> GENERATED =
      DescribedPredicate.describe("a generated keys class", ArchitectureTest::generated);

  @Test
  void nothingUsesTheSdksInternals() {
    noClasses().that().resideInAPackage("io.dynakeys..")
        .should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..internal..")
        .orShould().dependOnClassesThat().areAnnotatedWith("software.amazon.awssdk.annotations.SdkInternalApi")
        .check(main);
  }

  @Test
  void theRuntimesAreasFormNoCycle() {
    SlicesRuleDefinition.slices().assignedFrom(new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        String p = c.getPackageName();
        if (p.equals("io.dynakeys.runtime")) {
          return SliceIdentifier.of("values");
        }
        if (p.equals("io.dynakeys.codecs.internal")) {
          return SliceIdentifier.of("codecs");
        }
        if (p.equals("io.dynakeys.runtime.internal")) {
          return SliceIdentifier.of("base");
        }
        if (p.equals("io.dynakeys.codecs.internal.entity")) {
          return SliceIdentifier.of("entity");
        }
        for (String prefix : List.of("io.dynakeys.runtime.internal.", "io.dynakeys.runtime.")) {
          if (p.startsWith(prefix)) {
            return SliceIdentifier.of(p.substring(prefix.length()).split("\\.")[0]);
          }
        }
        return SliceIdentifier.ignore();
      }

      @Override
      public String getDescription() {
        return "the runtime's areas: each API package with its internal counterpart";
      }
    }).should().beFreeOfCycles().check(main);
  }

  @Test
  void everyRuntimePackageIsInAnArea() {
    Set<String> packages = new TreeSet<>();
    main.stream().map(JavaClass::getPackageName)
        .filter(p -> p.startsWith("io.dynakeys.runtime") || p.startsWith("io.dynakeys.codecs"))
        .filter(p -> !p.equals("io.dynakeys.codecs.testing")) // the codecs' test jar, for the project's tests
        .forEach(packages::add);
    assertEquals(Set.of("io.dynakeys.codecs.internal", "io.dynakeys.codecs.internal.entity", "io.dynakeys.runtime",
        "io.dynakeys.runtime.batch", "io.dynakeys.runtime.condition", "io.dynakeys.runtime.entity",
        "io.dynakeys.runtime.internal", "io.dynakeys.runtime.internal.condition", "io.dynakeys.runtime.internal.read",
        "io.dynakeys.runtime.internal.schema", "io.dynakeys.runtime.internal.transact",
        "io.dynakeys.runtime.internal.write", "io.dynakeys.runtime.read",
        "io.dynakeys.runtime.schema", "io.dynakeys.runtime.transact", "io.dynakeys.runtime.write"), packages,
        "a new package needs a place among the areas above (and a line in docs/design.md)");
  }

  /**
   * Every jar of dynakeys on this module's class path has a module name ({@code Automatic-Module-Name},
   * read from the manifest of a jar, or from the module's pom when the build gave its classes
   * directory), and no package is in two of them: so the jars can be put on the module path
   * (ModularApplicationTest runs an application from there). The codecs jar, module
   * {@code io.dynakeys.codecs}, holds {@code io.dynakeys.runtime} (the values users hold) and
   * {@code io.dynakeys.runtime.entity}; the runtime jar holds only packages below those.
   */
  @Test
  void everyJarHasAModuleNameAndNoPackageIsInTwo() throws Exception {
    java.util.Map<String, String> packageToJar = new java.util.TreeMap<>();
    java.util.Map<String, String> names = new java.util.TreeMap<>();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      java.nio.file.Path path = java.nio.file.Path.of(entry).toAbsolutePath().normalize();
      String moduleName = moduleName(path);
      if (moduleName == null) {
        continue;
      }
      names.put(path.toString(), moduleName);
      for (String pkg : packages(path)) {
        String before = packageToJar.put(pkg, path.toString());
        if (before != null) {
          throw new AssertionError("the package " + pkg + " is in two jars: " + before + " and " + path);
        }
      }
    }
    // The tools and the operations are here for the window's migration test (WindowMigrateTest).
    assertEquals(Set.of("io.dynakeys.annotations", "io.dynakeys.codecs", "io.dynakeys.runtime", "io.dynakeys.processor",
        "io.dynakeys.testing", "io.dynakeys.test", "io.dynakeys.spring", "io.dynakeys.operations", "io.dynakeys.tools"),
        new TreeSet<>(names.values())
            .stream().filter(n -> !n.equals("io.dynakeys.examples")).collect(java.util.stream.Collectors.toSet()),
        "the library's modules on this class path: " + names);
  }

  /** The module name of a dynakeys jar or classes directory; {@code null} for anything else. */
  private static String moduleName(java.nio.file.Path path) throws java.io.IOException {
    if (java.nio.file.Files.isRegularFile(path) && path.getFileName().toString().startsWith("dynakeys-")
        && path.toString().endsWith(".jar") && !path.toString().endsWith("-tests.jar")) {
      try (java.util.jar.JarFile jar = new java.util.jar.JarFile(path.toFile())) {
        String name = jar.getManifest() == null ? null
            : jar.getManifest().getMainAttributes().getValue("Automatic-Module-Name");
        if (name == null || !name.matches("io\\.dynakeys(\\.[a-z]+)+")) {
          throw new AssertionError(path + " has no valid Automatic-Module-Name: " + name);
        }
        return name;
      }
    }
    if (java.nio.file.Files.isDirectory(path) && path.endsWith(java.nio.file.Path.of("target", "classes"))) {
      java.nio.file.Path pom = path.getParent().getParent().resolve("pom.xml");
      if (java.nio.file.Files.isRegularFile(pom)) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<dynakeys.module>([^<]+)</dynakeys.module>")
            .matcher(java.nio.file.Files.readString(pom));
        if (!m.find()) {
          throw new AssertionError(pom + " sets no dynakeys.module, the name its jar's Automatic-Module-Name takes");
        }
        return m.group(1);
      }
    }
    return null;
  }

  private static Set<String> packages(java.nio.file.Path path) throws java.io.IOException {
    Set<String> out = new TreeSet<>();
    if (java.nio.file.Files.isDirectory(path)) {
      try (var files = java.nio.file.Files.walk(path)) {
        files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
          String relative = path.relativize(f.getParent()).toString().replace(java.io.File.separatorChar, '.');
          out.add(relative);
        });
      }
    } else {
      try (java.util.jar.JarFile jar = new java.util.jar.JarFile(path.toFile())) {
        jar.stream().map(java.util.jar.JarEntry::getName)
            .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/") && n.contains("/"))
            .forEach(n -> out.add(n.substring(0, n.lastIndexOf('/')).replace('/', '.')));
      }
    }
    return out;
  }

  @Test
  void usersCodeReachesNoInternalPackage() {
    noClasses().that().resideInAPackage("io.dynakeys.examples..")
        .and(DescribedPredicate.not(GENERATED))
        .should().dependOnClassesThat().resideInAPackage("..internal..")
        .check(main);
  }

  /**
   * What generated code calls of the library, every fixture compiled by the processor in this
   * module included: the API types a user sees in a keys class, and the internal entry points.
   */
  @Test
  void generatedCodeReferencesExactlyTheListedTypes() {
    Set<String> referenced = new TreeSet<>();
    for (JavaClass c : all) {
      if (!generated(c)) {
        continue;
      }
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass().getBaseComponentType();
        String name = target.getName();
        if ((name.startsWith("io.dynakeys.runtime") || name.startsWith("io.dynakeys.codecs")) && !generated(target)) {
          int nested = name.indexOf('$');
          referenced.add(nested < 0 ? name : name.substring(0, nested));
        }
      }
    }
    assertEquals(new TreeSet<>(List.of(
        // internal entry points: no compatibility promise, released with the processor
        "io.dynakeys.codecs.internal.EntityLayout",
        "io.dynakeys.codecs.internal.Items",
        "io.dynakeys.codecs.internal.KeyReader",
        "io.dynakeys.codecs.internal.OptionalComponents",
        "io.dynakeys.codecs.internal.PaddedCodec",
        "io.dynakeys.codecs.internal.PaddedLongCodec",
        "io.dynakeys.codecs.internal.PathCodec",
        "io.dynakeys.codecs.internal.ShardCodec",
        "io.dynakeys.codecs.internal.TextCodec",
        "io.dynakeys.codecs.internal.Utf8",
        "io.dynakeys.codecs.internal.entity.EntityDescriptor",
        "io.dynakeys.codecs.internal.entity.Handles",
        "io.dynakeys.runtime.internal.Lazy",
        "io.dynakeys.runtime.internal.PrimaryKey",
        "io.dynakeys.runtime.internal.read.KeyQuery",
        "io.dynakeys.runtime.internal.read.KeyStage",
        "io.dynakeys.runtime.internal.read.NumberRange",
        "io.dynakeys.runtime.internal.read.Range",
        "io.dynakeys.runtime.internal.read.TextRange",
        "io.dynakeys.runtime.internal.schema.CollectionSchema",
        "io.dynakeys.runtime.internal.schema.RecordSchema",
        "io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder",
        "io.dynakeys.runtime.internal.schema.StoredType",
        "io.dynakeys.runtime.internal.write.Aggregate",
        // the API a user sees in a keys class
        "io.dynakeys.runtime.TreePath",
        "io.dynakeys.runtime.entity.GroupedIndexComponent",
        "io.dynakeys.runtime.entity.IndexGroup",
        "io.dynakeys.runtime.entity.IndexKeyComponent",
        "io.dynakeys.runtime.entity.NestedField",
        "io.dynakeys.runtime.entity.PrimaryKeyComponent",
        "io.dynakeys.runtime.entity.ValueAttribute",
        "io.dynakeys.runtime.read.NumberRangeStep",
        "io.dynakeys.runtime.read.QueryStage",
        "io.dynakeys.runtime.read.RangeStep",
        "io.dynakeys.runtime.read.TextRangeStep",
        "io.dynakeys.runtime.schema.CollectionTableSchema",
        "io.dynakeys.runtime.schema.RecordTableSchema",
        "io.dynakeys.runtime.write.ShardedAggregate")), referenced);
  }
}
