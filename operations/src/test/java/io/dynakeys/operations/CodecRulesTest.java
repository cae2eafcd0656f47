package io.dynakeys.operations;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynakeys.codecs.internal.KeyTypes;
import java.math.BigInteger;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operations call the codecs' rules instead of re-deriving them (issue 19): over the compiled
 * main code of the operations, no class turns the text of a key type into its value by itself (the
 * registry's encodings do, {@code fromUserText}), none computes a nines' complement, and the
 * codecs' rules the operations call are exactly the listed ones, by the listed classes. A new key
 * type is a codec and a registry entry: the first rule takes the key types from the registry, so it
 * covers the new one with no edit here. The command line's classes are held to the same rules by
 * the tools' own {@code CodecRulesTest}.
 */
class CodecRulesTest {
  /**
   * The classes that read the operations' own numbers (reports, JSON) with
   * {@code Integer.parseInt}/{@code valueOf}: never a key component.
   */
  private static final Set<String> OWN_NUMBERS = Set.of("io.dynakeys.operations.internal.format.JsonTrees",
      "io.dynakeys.operations.verify.VerifyReport");

  private static final Map<String, String> BOXES = Map.of("byte", "java.lang.Byte", "short", "java.lang.Short",
      "int", "java.lang.Integer", "long", "java.lang.Long");

  /** The static rules of the codecs the operations call, by the class that calls them. */
  private static final Map<String, Set<String>> CODEC_RULES_CALLED = Map.of(
      "io.dynakeys.operations.verify.KeyShape", Set.of("PaddedLongCodec.repad(String, int, boolean)",
          "ShardCodec.width(int)"),
      "io.dynakeys.operations.internal.schema.EntityModel", Set.of(
          "EntityLayout.keysClassSimpleName(List)",
          "KeyCodec.fromUserText(String)",
          "PathEncoding.fromUserText(String)"));

  /** The names of the rules above, wherever they are called from. */
  private static final Set<String> RULE_NAMES = Set.of("repad", "width", "keysClassSimpleName", "forClass",
      "fromUserText", "parentAttribute", "depthAttribute", "childrenIndex", "depthIndex");

  private static JavaClasses operations;

  @BeforeAll
  static void importMainClasses() {
    operations = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.operations");
  }

  @Test
  void nothingParsesTheTextOfAKeyTypeItself() {
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
            boolean ownNumber = OWN_NUMBERS.contains(call.getOriginOwner().getName())
                && (owner.isEquivalentTo(Integer.class) || owner.isEquivalentTo(Long.class));
            return makesTheType && !ownNumber;
          }
        })
        .orShould().callMethod(Class.class, "getEnumConstants")
        .because("a component's value is read from text by its encoding in the registry (KeyEncoding.fromUserText)")
        .check(operations);
  }

  @Test
  void nothingComputesPaddingOrTheNinesComplement() {
    noClasses().should().callMethod(BigInteger.class, "pow", int.class)
        .orShould().callMethod(Math.class, "pow", double.class, double.class)
        .because("re-padding and inverting digits is PaddedLongCodec.repad")
        .check(operations);
  }

  @Test
  void theOperationsCallTheListedCodecRules() {
    Map<String, Set<String>> called = new TreeMap<>();
    for (JavaClass c : operations) {
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
    assertEquals(new TreeMap<>(CODEC_RULES_CALLED), called);
  }

  /**
   * The reflection the operations do, by the code unit that does it: exactly this, so code that
   * reads a record's components, looks up a generated method by name and arity, or builds a record
   * through its constructor again fails here. Everything about a record comes from its
   * descriptor, {@code LAYOUT}: handles, codecs, {@code construct}, {@code pathIndexes}.
   * Reflective means any call into {@code java.lang.reflect} or {@code java.lang.invoke}, and the
   * methods of {@link Class} in {@link #REFLECTIVE_CLASS_METHODS}. The exceptions, with reasons:
   * <ul>
   *   <li>{@code EntityModel.<init>}: reads the keys class's {@code LAYOUT} field and looks up
   *       {@code tableSchema()} (the item mapping the application itself uses);
   *   <li>{@code EntityModel.tableSchemaOf}: the one {@code Method.invoke}, of that
   *       {@code tableSchema()}, for one record or an item collection (which has no descriptor);
   *   <li>{@code EntityModel.collectionMembers}: an item collection is named by its sealed
   *       interface or its keys class; its members are the interface's permitted records;
   *   <li>{@code EntityModel.keysClassOf}, {@code loadClass}, {@code of}: load classes by name,
   *       and the keys class of a (nested) record.
   * </ul>
   * The command line's own reflection (loading the user's {@code Migration}) is listed in the
   * tools' {@code CodecRulesTest}.
   */
  @Test
  void reflectionIsConfinedToLoadingTheDescriptor() {
    Map<String, Set<String>> reflective = new TreeMap<>();
    for (JavaClass c : operations) {
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
    assertEquals(new TreeMap<>(REFLECTION), reflective);
  }

  private static final Set<String> REFLECTIVE_CLASS_METHODS = Set.of("forName", "getField", "getFields",
      "getDeclaredField", "getDeclaredFields", "getMethod", "getMethods", "getDeclaredMethod", "getDeclaredMethods",
      "getConstructor", "getConstructors", "getDeclaredConstructor", "getDeclaredConstructors", "newInstance",
      "getRecordComponents", "getPermittedSubclasses", "getEnumConstants", "isRecord", "isSealed",
      "getEnclosingClass", "getGenericInterfaces");

  /** The reflection allowed, by code unit (see {@link #reflectionIsConfinedToLoadingTheDescriptor}). */
  private static final Map<String, Set<String>> REFLECTION = Map.of(
      "EntityModel.<init>", Set.of("Class.getField", "Field.get", "Class.getMethod"),
      "EntityModel.tableSchemaOf", Set.of("Method.invoke"),
      "EntityModel.collectionMembers", Set.of("Class.isRecord", "Class.isSealed", "Class.getPermittedSubclasses",
          "Class.getField", "Class.getMethod", "Method.getModifiers", "Modifier.isStatic", "Method.getReturnType",
          "InvocationTargetException.getCause"),
      "EntityModel.keysClassOf", Set.of("Class.getEnclosingClass", "Class.forName"),
      "EntityModel.loadClass", Set.of("Class.forName"),
      "EntityModel.of", Set.of("Class.isRecord"));
}
