package io.dynakeys.tools;

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
 * The command line calls the codecs' rules instead of re-deriving them (issue 19): over the
 * compiled main code of the tools, no class turns the text of a key type into its value by itself
 * (the registry's encodings do, {@code fromUserText}, through the operations' text path), none
 * computes a nines' complement, and none calls a codec rule itself: the operations do, as their own
 * {@code CodecRulesTest} lists. A new key type is a codec and a registry entry: the first rule takes
 * the key types from the registry, so it covers the new one with no edit here.
 */
class CodecRulesTest {
  /**
   * The classes that read the tools' own numbers (checkpoint and report files, JSON, the
   * {@code --segments} option) with {@code Integer.parseInt}/{@code valueOf}: never a key component.
   */
  private static final Set<String> OWN_NUMBERS = Set.of("io.dynakeys.tools.core.Checkpoint",
      "io.dynakeys.tools.verify.VerifyCheckpoints", "io.dynakeys.tools.cli.ScanOptions",
      "io.dynakeys.tools.cli.SwitchIndexCommand"); // durations (--timeout 30m), no component values

  private static final Map<String, String> BOXES = Map.of("byte", "java.lang.Byte", "short", "java.lang.Short",
      "int", "java.lang.Integer", "long", "java.lang.Long");

  /** The names of the codecs' rules, wherever they are called from. */
  private static final Set<String> RULE_NAMES = Set.of("repad", "width", "keysClassSimpleName", "forClass",
      "fromUserText", "parentAttribute", "depthAttribute", "childrenIndex", "depthIndex");

  private static JavaClasses tools;

  @BeforeAll
  static void importMainClasses() {
    tools = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.tools");
  }

  @Test
  void noToolParsesTheTextOfAKeyTypeItself() {
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
        .check(tools);
  }

  @Test
  void noToolComputesPaddingOrTheNinesComplement() {
    noClasses().should().callMethod(BigInteger.class, "pow", int.class)
        .orShould().callMethod(Math.class, "pow", double.class, double.class)
        .because("re-padding and inverting digits is PaddedLongCodec.repad")
        .check(tools);
  }

  @Test
  void theCommandLineCallsNoCodecRuleItself() {
    Map<String, Set<String>> called = new TreeMap<>();
    for (JavaClass c : tools) {
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
    assertEquals(Map.of(), called, "the operations call the codecs' rules (EntityModel, KeyShape)");
  }

  /**
   * The reflection the tools do, by the code unit that does it: exactly this, so a tool that reads
   * a record's components, looks up a generated method by name and arity, or builds a record
   * through its constructor again fails here. Everything about a record comes from its
   * descriptor, {@code LAYOUT}: handles, codecs, {@code construct}, {@code pathIndexes}.
   * Reflective means any call into {@code java.lang.reflect} or {@code java.lang.invoke}, and the
   * methods of {@link Class} in {@link #REFLECTIVE_CLASS_METHODS}. The exceptions, with reasons:
   * <ul>
   *   <li>{@code Migrator.load} and {@code recordTypes}: the user's {@code Migration} class,
   *       instantiated by its no-argument constructor (made accessible, as a package-private
   *       migration's must be), and its type arguments, which name the old and new records.
   * </ul>
   * Loading {@code LAYOUT} and {@code tableSchema()} is the operations' {@code EntityModel}'s, as
   * their own {@code CodecRulesTest} lists.
   */
  @Test
  void reflectionIsConfinedToLoadingTheMigration() {
    Map<String, Set<String>> reflective = new TreeMap<>();
    for (JavaClass c : tools) {
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

  /** The reflection allowed, by code unit (see {@link #reflectionIsConfinedToLoadingTheMigration}). */
  private static final Map<String, Set<String>> REFLECTION = Map.of(
      "Migrator.load", Set.of("Class.forName", "Class.getDeclaredConstructor", "Constructor.setAccessible",
          "Constructor.newInstance", "InvocationTargetException.getCause"),
      "Migrator.recordTypes", Set.of("Class.getGenericInterfaces", "ParameterizedType.getRawType",
          "ParameterizedType.getActualTypeArguments"));
}
