package io.dynakeys.tools;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import io.dynakeys.codecs.internal.EnumEncoding;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import java.math.BigInteger;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules every layer over the codecs keeps, checked over the compiled main classes of each:
 * the operations (the library behind the command line and the Spark job) and the command line
 * ({@code tools}), which is the one module that sees both. Each layer is one {@link Layer} below:
 * its root package, its packages, and the exceptions it is allowed, with reasons. The rules:
 * <ul>
 *   <li>the codecs' rules are called, not re-derived (issue 19): no class turns the text of a key
 *       type into its value by itself (the registry's encodings do, {@code fromUserText}), none
 *       computes a nines' complement, and the codecs' rules a layer calls are exactly its listed
 *       ones, by the listed classes;
 *   <li>a new key type is one {@link KeyEncoding} and one entry in the registry, and no layer needs
 *       an edit: none names a concrete encoding (every class behind {@link KeyTypes#encodings()},
 *       whatever it holds) or parses {@code java.time}, {@code UUID} or {@code BigInteger} text;
 *   <li>reflection is confined to the listed code units;
 *   <li>the packages are exactly the listed ones, each a slice, and no two depend on each other
 *       (the root package included); nothing uses the AWS SDK's internals.
 * </ul>
 * What is particular to one layer is in its own module: the operations' {@code ArchitectureTest}
 * (the root package and the internal packages) and {@code RegistryLayersTest} (every registered
 * type through the command line's text path), the tools' {@code PackageStructureTest} (commands
 * over a shared core).
 */
class LayerRulesTest {

  /**
   * One layer and what it is allowed.
   *
   * @param root the root package
   * @param packages every package of the layer, the root included
   * @param ownNumbers the classes that read the layer's own numbers (reports, checkpoints, JSON,
   *     options) with {@code Integer.parseInt}/{@code Long.valueOf}: never a key component
   * @param codecRules the static rules of the codecs the layer calls, by the class that calls them
   * @param reflection the reflection allowed, by code unit (see {@link #REFLECTIVE_CLASS_METHODS})
   */
  record Layer(String root, Set<String> packages, Set<String> ownNumbers, Map<String, Set<String>> codecRules,
      Map<String, Set<String>> reflection) {
    @Override
    public String toString() {
      return root;
    }
  }

  private static final String OPERATIONS = "io.dynakeys.operations";
  private static final String TOOLS = "io.dynakeys.tools";

  static Stream<Layer> layers() {
    return Stream.of(
        new Layer(OPERATIONS,
            Set.of(OPERATIONS, OPERATIONS + ".schema", OPERATIONS + ".verify", OPERATIONS + ".rekey",
                OPERATIONS + ".internal.schema", OPERATIONS + ".internal.write", OPERATIONS + ".internal.format"),
            Set.of(OPERATIONS + ".internal.format.JsonTrees", OPERATIONS + ".verify.VerifyReport"),
            Map.of(
                OPERATIONS + ".verify.KeyShape", Set.of("PaddedLongCodec.repad(String, int, boolean)",
                    "ShardCodec.width(int)"),
                OPERATIONS + ".internal.schema.EntityModel", Set.of(
                    "EntityLayout.keysClassSimpleName(List)",
                    "KeyCodec.fromUserText(String)",
                    "PathEncoding.fromUserText(String)")),
            // EntityModel.<init>: reads the keys class's LAYOUT field and looks up tableSchema() (the
            // item mapping the application itself uses); tableSchemaOf: the one Method.invoke, of that
            // tableSchema(), for one record or an item collection (which has no descriptor);
            // collectionMembers: an item collection is named by its sealed interface or its keys
            // class, its members are the interface's permitted records; keysClassOf, loadClass, of:
            // load classes by name, and the keys class of a (nested) record.
            Map.of(
                "EntityModel.<init>", Set.of("Class.getField", "Field.get", "Class.getMethod"),
                "EntityModel.tableSchemaOf", Set.of("Method.invoke"),
                "EntityModel.collectionMembers", Set.of("Class.isRecord", "Class.isSealed",
                    "Class.getPermittedSubclasses", "Class.getField", "Class.getMethod", "Method.getModifiers",
                    "Modifier.isStatic", "Method.getReturnType", "InvocationTargetException.getCause"),
                "EntityModel.keysClassOf", Set.of("Class.getEnclosingClass", "Class.forName"),
                "EntityModel.loadClass", Set.of("Class.forName"),
                "EntityModel.of", Set.of("Class.isRecord"))),
        new Layer(TOOLS,
            Set.of(TOOLS, TOOLS + ".browse", TOOLS + ".cli", TOOLS + ".core", TOOLS + ".index", TOOLS + ".migrate",
                TOOLS + ".move", TOOLS + ".verify"),
            Set.of(TOOLS + ".core.Checkpoint", TOOLS + ".verify.VerifyCheckpoints", TOOLS + ".cli.ScanOptions",
                TOOLS + ".cli.SwitchIndexCommand"), // durations (--timeout 30m), no component values
            Map.of(), // the operations call the codecs' rules for the command line (EntityModel, KeyShape)
            // Migrator.load and recordTypes: the user's Migration class, instantiated by its
            // no-argument constructor (made accessible, as a package-private migration's must be),
            // and its type arguments, which name the old and new records.
            Map.of(
                "Migrator.load", Set.of("Class.forName", "Class.getDeclaredConstructor", "Constructor.setAccessible",
                    "Constructor.newInstance", "InvocationTargetException.getCause"),
                "Migrator.recordTypes", Set.of("Class.getGenericInterfaces", "ParameterizedType.getRawType",
                    "ParameterizedType.getActualTypeArguments"))));
  }

  private static final Map<String, String> BOXES = Map.of("byte", "java.lang.Byte", "short", "java.lang.Short",
      "int", "java.lang.Integer", "long", "java.lang.Long");

  /** The names of the codecs' rules, wherever they are called from. */
  private static final Set<String> RULE_NAMES = Set.of("repad", "width", "keysClassSimpleName", "forClass",
      "fromUserText", "parentAttribute", "depthAttribute", "childrenIndex", "depthIndex");

  /** The methods of {@link Class} that count as reflection, beside all of java.lang.reflect and java.lang.invoke. */
  private static final Set<String> REFLECTIVE_CLASS_METHODS = Set.of("forName", "getField", "getFields",
      "getDeclaredField", "getDeclaredFields", "getMethod", "getMethods", "getDeclaredMethod", "getDeclaredMethods",
      "getConstructor", "getConstructors", "getDeclaredConstructor", "getDeclaredConstructors", "newInstance",
      "getRecordComponents", "getPermittedSubclasses", "getEnumConstants", "isRecord", "isSealed",
      "getEnclosingClass", "getGenericInterfaces");

  private static final Map<String, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

  /** The layer's compiled main classes, imported once. */
  private static JavaClasses classes(Layer layer) {
    return IMPORTED.computeIfAbsent(layer.root(), root -> new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(root));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void nothingParsesTheTextOfAKeyTypeItself(Layer layer) {
    Set<String> keyTypes = new TreeSet<>();
    KeyTypes.encodings().forEach(e -> keyTypes.addAll(e.javaTypes()));
    keyTypes.add(KeyTypes.TREE_PATH);
    noClasses().should().callCodeUnitWhere(new DescribedPredicate<JavaCall<?>>(
            "a constructor or static factory of a registered key type " + keyTypes + " that takes one text") {
          @Override
          public boolean test(JavaCall<?> call) {
            JavaClass owner = call.getTarget().getOwner();
            if (!keyTypes.contains(owner.getName()) || call.getTarget().getRawParameterTypes().size() != 1) {
              return false;
            }
            String parameter = call.getTarget().getRawParameterTypes().get(0).getName();
            if (!parameter.equals(String.class.getName()) && !parameter.equals(CharSequence.class.getName())) {
              return false;
            }
            JavaClass result = call.getTarget().getRawReturnType();
            boolean makesTheType = call.getName().equals("<init>") || result.equals(owner)
                || result.isPrimitive() && owner.getName().equals(BOXES.get(result.getName()));
            boolean ownNumber = layer.ownNumbers().contains(call.getOriginOwner().getName())
                && (owner.isEquivalentTo(Integer.class) || owner.isEquivalentTo(Long.class));
            return makesTheType && !ownNumber;
          }
        })
        .orShould().callMethod(Class.class, "getEnumConstants")
        .because("a component's value is read from text by its encoding in the registry (KeyEncoding.fromUserText)")
        .check(classes(layer));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void nothingComputesPaddingOrTheNinesComplement(Layer layer) {
    noClasses().should().callMethod(BigInteger.class, "pow", int.class)
        .orShould().callMethod(Math.class, "pow", double.class, double.class)
        .because("re-padding and inverting digits is PaddedLongCodec.repad")
        .check(classes(layer));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void theCodecRulesCalledAreTheListedOnes(Layer layer) {
    Map<String, Set<String>> called = new TreeMap<>();
    for (JavaClass c : classes(layer)) {
      for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
        JavaClass owner = call.getTarget().getOwner();
        if (owner.getPackageName().equals("io.dynakeys.codecs.internal") && RULE_NAMES.contains(call.getName())
            && !call.getTarget().getRawParameterTypes().isEmpty()) {
          String params = call.getTarget().getRawParameterTypes().stream().map(JavaClass::getSimpleName)
              .collect(Collectors.joining(", "));
          called.computeIfAbsent(c.getName().replaceAll("\\$.*", ""), k -> new TreeSet<>())
              .add(owner.getSimpleName() + "." + call.getName() + "(" + params + ")");
        }
      }
    }
    assertEquals(new TreeMap<>(layer.codecRules()), called);
  }

  /**
   * Reflective means any call into {@code java.lang.reflect} or {@code java.lang.invoke}, and the
   * methods of {@link Class} in {@link #REFLECTIVE_CLASS_METHODS}: exactly the layer's listed code
   * units, so code that reads a record's components, looks up a generated method by name and arity,
   * or builds a record through its constructor fails here. Everything about a record comes from
   * its descriptor, {@code LAYOUT}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void reflectionIsConfinedToTheListedCodeUnits(Layer layer) {
    Map<String, Set<String>> reflective = new TreeMap<>();
    for (JavaClass c : classes(layer)) {
      for (JavaCall<?> call : c.getCodeUnitCallsFromSelf()) {
        JavaClass owner = call.getTarget().getOwner();
        boolean isReflective = owner.getPackageName().equals("java.lang.reflect")
            || owner.getPackageName().equals("java.lang.invoke")
            || owner.isEquivalentTo(Class.class) && REFLECTIVE_CLASS_METHODS.contains(call.getName());
        if (isReflective) {
          reflective.computeIfAbsent(c.getSimpleName() + "." + call.getOrigin().getName(), k -> new TreeSet<>())
              .add(owner.getSimpleName() + "." + call.getName());
        }
      }
    }
    assertEquals(new TreeMap<>(layer.reflection()), reflective);
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

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void noConcreteEncodingIsNamed(Layer layer) {
    Set<String> encodings = encodingClasses();
    assertFalse(encodings.isEmpty());
    noClasses().should().dependOnClassesThat(new DescribedPredicate<JavaClass>(
            "are a concrete encoding of the registry " + encodings) {
          @Override
          public boolean test(JavaClass c) {
            return encodings.contains(c.getName());
          }
        })
        .because("a component's encoding is its codec's, taken from LAYOUT: a new key type needs no edit in "
            + layer.root())
        .check(classes(layer));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void noTemporalUuidOrBigIntegerTextIsParsed(Layer layer) {
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
            // (BigDecimal is no key type: the layers compare stored DynamoDB numbers with it.)
            if (owner.isEquivalentTo(BigInteger.class)) {
              return takesText;
            }
            return false;
          }
        })
        .because("the text of a key type is read by its encoding in the registry (KeyCodec.fromUserText)")
        .check(classes(layer));
  }

  /** The slice of a class: its package below the root, {@code (root)} for the root, {@code null} outside. */
  private static String slice(Layer layer, JavaClass c) {
    String p = c.getPackageName();
    if (p.equals(layer.root())) {
      return "(root)";
    }
    return p.startsWith(layer.root() + ".") ? p.substring(layer.root().length() + 1) : null;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void thePackagesAreTheListedOnesAndFormNoCycle(Layer layer) {
    Set<String> packages = new TreeSet<>();
    classes(layer).forEach(c -> packages.add(c.getPackageName()));
    assertEquals(new TreeSet<>(layer.packages()), packages, "a new package needs a line here and in docs/design.md");
    Set<String> slices = new TreeSet<>();
    classes(layer).forEach(c -> slices.add(slice(layer, c)));
    assertEquals(packages.size(), slices.size(), slices::toString);
    SlicesRuleDefinition.slices().assignedFrom(new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass c) {
        String slice = slice(layer, c);
        return slice == null ? SliceIdentifier.ignore() : SliceIdentifier.of(slice);
      }

      @Override
      public String getDescription() {
        return "every package of " + layer.root() + ", the root package included";
      }
    }).should().beFreeOfCycles().check(classes(layer));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layers")
  void nothingUsesTheSdksInternals(Layer layer) {
    noClasses().should().dependOnClassesThat().resideInAPackage("software.amazon.awssdk..internal..")
        .orShould().dependOnClassesThat().areAnnotatedWith("software.amazon.awssdk.annotations.SdkInternalApi")
        .check(classes(layer));
  }
}
