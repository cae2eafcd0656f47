package io.dynakeys.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Contract 2: every null argument of the generated API is a {@link KeyFormatException} naming the
 * record and the component (never a {@code NullPointerException}). The generated classes of all
 * the package's records are swept by reflection: every public static method (encoders of
 * components and of whole items, {@code key}, parsers, {@code query}, index classes, path
 * attribute functions) and every method of every query stage reached from {@code query(...)}
 * (equality, the five range kinds over every codec kind, {@code pathSubtree},
 * {@code pathChildren}, {@code pathAtDepth}, {@code pathAncestors}) is called once per reference
 * parameter with {@code null} there and valid values elsewhere. A method the sweep cannot
 * attribute to a component fails the test, so new generated methods are swept too.
 */
class NullArgumentsTest {
  private static final List<String> SUFFIXES = List.of(
      "", "Range", "Subtree", "Children", "AtDepth", "Ancestors");
  private static final Set<String> NOT_KEY_API = Set.of("tableSchema", "createTable", "createTableAsync");

  @TestFactory
  Stream<DynamicTest> everyNullArgumentIsAKeyFormatExceptionNamingRecordAndComponent() {
    return Fixtures.KEYS.entrySet().stream().map(e -> dynamicTest(e.getValue().getSimpleName(), () -> {
      Sweep sweep = new Sweep(e.getKey(), e.getValue());
      sweep.run();
      System.out.println(e.getValue().getSimpleName() + ": " + sweep.calls + " calls with a null argument, "
          + sweep.covered.size() + " methods");
      if (!sweep.failures.isEmpty()) {
        fail(sweep.failures.size() + " null arguments mishandled:\n  " + String.join("\n  ", sweep.failures));
      }
    }));
  }

  @Test
  void theSweepReachesEveryKindOfMethodAndEveryRangeCodec() {
    Set<String> covered = new TreeSet<>();
    for (Map.Entry<Class<?>, Class<?>> e : Fixtures.KEYS.entrySet()) {
      Sweep sweep = new Sweep(e.getKey(), e.getValue());
      sweep.run();
      covered.addAll(sweep.covered);
    }
    List<String> expected = List.of(
        // encoders, key(...), parsers, query(...), index classes, path attributes
        "Numbers.partitionKey(Numbers)", "Numbers.partitionKey(String,long)",
        "Numbers.sortKey(int,int,long,BigInteger,String)", "Numbers.key(Numbers)",
        "Numbers.key(String,long,int,int,long,BigInteger,String)", "Numbers.parseSortKey(String)",
        "Numbers.query(String,long)", "Numbers.queryByAccount(BigInteger)",
        "Numbers.ByAccount.partitionKey(Numbers)", "Numbers.ByAccount.partitionKey(BigInteger)",
        "Numbers.ByAccount.parsePartitionKey(String)", "Numbers.ByAccount.query(BigInteger)",
        "Numbers.ByWide.query(String,long)", "Numbers.queryByWide(String,long)", "Numbers.ByWide.QueryByWide.id",
        "Version.pathParentKey(Version)", "Version.pathDepthKey(Version)",
        // stage methods on every codec kind
        "Numbers.QueryByScoreAndDeltaAndFull.big",
        "Numbers.QueryByScoreAndDeltaAndFull.big().between", "Numbers.QueryByScoreAndDeltaAndFullAndBig.id",
        "Moments.Query.at", "Moments.Query.at().between",
        "FullInstant.Query.v().atLeast", "FullDate.Query.v().atMost", "FullDateTime.Query.v().greaterThan",
        "InvertedOffset.Query.v().lessThan", "IsoInstant.QueryByV.w().between", "IsoDate.QueryByV.w().atLeast",
        "IsoDateTime.QueryByV.w().atMost", "IsoOffset.QueryByV.w().greaterThan", "Uuid.QueryByV.w().lessThan",
        "BigInverted.Query.v().between", "SmallBig.QueryByV.w().atLeast", "Text.Query.v().between",
        "Text.QueryByV.w().lessThan", "Shade.Query.v().greaterThan", "Shade.QueryByV.w().between",
        "Label.QueryByName.color().between", "Label.ByName.Query.color().atLeast",
        // paths
        "Version.Query.path", "Version.Query.pathSubtree", "Version.Query.pathChildren",
        "Version.Query.pathAtDepth", "Doc.QueryByVolume.path", "Doc.QueryByVolume.pathSubtree",
        "Doc.QueryByVolume.pathChildren", "Doc.QueryByVolume.pathAtDepth", "Doc.QueryByVolume.pathAncestors");
    List<String> missing = expected.stream().filter(m -> !covered.contains(m)).toList();
    assertEquals(List.of(), missing, "methods the sweep did not call with null (it called "
        + covered.size() + ")");
    assertTrue(covered.size() > 600, "the sweep called only " + covered.size() + " methods");
  }

  @Test
  void nullPathsAndFoldersNameThePathComponent() {
    KeyFormatException e = assertThrows(KeyFormatException.class,
        () -> DocKeys.query("o").volume("v").pathAncestors(null));
    assertEquals("Doc.path: a key component cannot be null: every item needs a value for path (value: null)",
        e.getMessage());
    e = assertThrows(KeyFormatException.class, () -> VersionKeys.query("o").pathSubtree(null));
    assertEquals("Version.path: a folder cannot be null (value: null)", e.getMessage());
    e = assertThrows(KeyFormatException.class, () -> VersionKeys.query("o").pathChildren(null));
    assertEquals("Version.path: a folder cannot be null (value: null)", e.getMessage());
    e = assertThrows(KeyFormatException.class, () -> VersionKeys.query("o").pathAtDepth(3, null));
    assertEquals("Version.path: a folder cannot be null (value: null)", e.getMessage());
    e = assertThrows(KeyFormatException.class, () -> NumbersKeys.key((Numbers) null));
    assertEquals("Numbers.item: cannot build a key of a null item (value: null)", e.getMessage());
    e = assertThrows(KeyFormatException.class, () -> NumbersKeys.parseSortKey(null));
    assertEquals("Numbers.sort key: cannot parse a null key (value: null)", e.getMessage());
    e = assertThrows(KeyFormatException.class,
        () -> MomentsKeys.query(java.time.LocalDate.EPOCH, new java.util.UUID(1, 2)).at().between(null, null));
    assertEquals("Moments.at: a range bound cannot be null (value: null)", e.getMessage());
  }

  /** The sweep of one generated class and the stages it reaches. */
  private static final class Sweep {
    final Class<?> recordType;
    final Class<?> keys;
    final String record;
    final List<String> components;
    final List<String> failures = new ArrayList<>();
    final Set<String> covered = new HashSet<>();
    int calls;

    Sweep(Class<?> recordType, Class<?> keys) {
      this.recordType = recordType;
      this.keys = keys;
      this.record = recordType.getSimpleName();
      this.components = Fixtures.componentNames(recordType);
    }

    void run() {
      Deque<Object> stages = new ArrayDeque<>();
      List<Class<?>> holders = new ArrayList<>();
      holders.add(keys);
      for (Class<?> nested : keys.getDeclaredClasses()) {
        if (Modifier.isPublic(nested.getModifiers()) && !nested.isRecord()
            && !QueryStage.class.isAssignableFrom(nested)) {
          holders.add(nested);
        }
      }
      for (Class<?> holder : holders) {
        for (Method m : holder.getDeclaredMethods()) {
          if (!Modifier.isPublic(m.getModifiers()) || !Modifier.isStatic(m.getModifiers())
              || NOT_KEY_API.contains(m.getName())) {
            continue;
          }
          String signature = name(holder) + "." + m.getName() + "("
              + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(",")) + ")";
          Class<?>[] types = m.getParameterTypes();
          if (types.length == 1 && types[0] == recordType) {
            expectNull(signature, m, null, new Object[] {null}, "item");
          } else if (m.getName().startsWith("parse")) {
            expectNull(signature, m, null, new Object[] {null},
                m.getName().equals("parsePartitionKey") ? "partition key" : "sort key");
          } else {
            List<String> names = parameterComponents(holder, m);
            if (names == null || names.size() != types.length) {
              failures.add(signature + ": cannot tell which components its parameters are");
              continue;
            }
            for (int i = 0; i < types.length; i++) {
              if (!types[i].isPrimitive()) {
                Object[] args = samples(m);
                args[i] = null;
                expectNull(signature, m, null, args, names.get(i));
              }
            }
            if (m.getName().equals("query") || m.getName().startsWith("queryBy")) {
              stages.add(Fixtures.invoke(m, null, samples(m)));
            }
          }
        }
      }
      Set<Class<?>> visited = new HashSet<>();
      while (!stages.isEmpty()) {
        Object stage = stages.poll();
        if (!visited.add(stage.getClass())) {
          continue;
        }
        for (Method m : stage.getClass().getDeclaredMethods()) {
          if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers())) {
            continue;
          }
          String signature = name(stage.getClass()) + "." + m.getName();
          String component = componentOf(m.getName());
          if (component == null) {
            failures.add(signature + ": no component of " + record + " is named by this method");
            continue;
          }
          Class<?>[] types = m.getParameterTypes();
          for (int i = 0; i < types.length; i++) {
            if (!types[i].isPrimitive()) {
              Object[] args = samples(m);
              args[i] = null;
              expectNull(signature, m, stage, args, component);
            }
          }
          if (QueryStage.class.isAssignableFrom(m.getReturnType())) {
            // A generated stage is swept in turn; the query a last equality returns is the runtime's.
            Object next = Fixtures.invoke(m, stage, samples(m));
            if (!(next instanceof KeyQuery)) {
              stages.add(next);
            }
          }
          if (m.getReturnType() == RangeStep.class) {
            sweepRangeStep(signature, stage, m, component);
          }
        }
      }
    }

    /**
     * The range step a stage method returns ({@code v()}): each of its bounds with null, the other
     * bound a valid value of the component (taken from the stage's equality method).
     */
    private void sweepRangeStep(String signature, Object stage, Method stepMethod, String component) {
      Object step = Fixtures.invoke(stepMethod, stage);
      Object valid = null;
      for (Method eq : stage.getClass().getDeclaredMethods()) {
        if (eq.getName().equals(component) && eq.getParameterCount() == 1) {
          valid = samples(eq)[0];
        }
      }
      for (Method range : RangeStep.class.getDeclaredMethods()) {
        if (!Modifier.isPublic(range.getModifiers()) || Modifier.isStatic(range.getModifiers())
            || range.getParameterCount() == 0) {
          continue;
        }
        for (int i = 0; i < range.getParameterCount(); i++) {
          Object[] args = new Object[range.getParameterCount()];
          java.util.Arrays.fill(args, valid);
          args[i] = null;
          expectNull(signature + "()." + range.getName(), range, step, args, component);
        }
      }
    }

    private void expectNull(String signature, Method m, Object target, Object[] args, String component) {
      calls++;
      covered.add(signature);
      String call = signature + " with " + Arrays.toString(args);
      try {
        Object result = Fixtures.invoke(m, target, args);
        failures.add(call + " accepted the null and returned " + result);
      } catch (KeyFormatException e) {
        if (!record.equals(e.record()) || !component.equals(e.component()) || e.value() != null
            || !e.getMessage().startsWith(record + "." + component + ": ")
            || !e.getMessage().endsWith(" (value: null)")) {
          failures.add(call + " threw a KeyFormatException naming " + e.record() + "." + e.component()
              + " and value " + e.value() + " (expected " + record + "." + component + " and null): "
              + e.getMessage());
        }
      } catch (RuntimeException | Error e) {
        failures.add(call + " threw " + e + " instead of a KeyFormatException naming " + record + "." + component);
      }
    }

    /** The component a stage method is about: its name, or its name before a range or path suffix. */
    private String componentOf(String method) {
      String best = null;
      for (String c : components) {
        for (String suffix : SUFFIXES) {
          if (method.equals(c + suffix) && (best == null || c.length() > best.length())) {
            best = c;
          }
        }
      }
      return best;
    }

    /** The components the parameters of a static encoder or query method stand for, in order. */
    private List<String> parameterComponents(Class<?> holder, Method m) {
      String name = m.getName();
      if (name.equals("partitionKey")) {
        return parts(holder, "PartitionParts");
      }
      if (name.equals("sortKey")) {
        return parts(holder, "SortParts");
      }
      if (name.equals("key")) {
        List<String> both = new ArrayList<>(parts(keys, "PartitionParts"));
        both.addAll(parts(keys, "SortParts"));
        return both;
      }
      if (name.equals("query")) {
        return parts(holder, "PartitionParts");
      }
      if (name.startsWith("queryBy")) {
        for (Class<?> nested : keys.getDeclaredClasses()) {
          if (nested.getSimpleName().equals(name.substring("query".length()))) {
            return parts(nested, "PartitionParts");
          }
        }
      }
      return null;
    }

    /** The components of {@code holder}'s parts record, or the table's for a local index. */
    private List<String> parts(Class<?> holder, String partsName) {
      for (Class<?> nested : holder.getDeclaredClasses()) {
        if (nested.getSimpleName().equals(partsName)) {
          return Fixtures.componentNames(nested);
        }
      }
      return holder == keys ? null : parts(keys, partsName);
    }

    private Object[] samples(Method m) {
      Class<?>[] types = m.getParameterTypes();
      Object[] args = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        if (types[i] == TreePath.class) {
          args[i] = m.getName().endsWith("Ancestors") ? TreePath.file("a", "b") : TreePath.folder("a");
        } else if (types[i] == int.class && m.getName().endsWith("AtDepth")) {
          args[i] = 2;
        } else {
          args[i] = Fixtures.sample(types[i]);
        }
      }
      return args;
    }

    private String name(Class<?> type) {
      String simple = type.getSimpleName();
      Class<?> outer = type.getEnclosingClass();
      if (outer == null || outer == RangeRecords.class) {
        return simple.equals(keys.getSimpleName()) ? record : simple;
      }
      return outer == keys ? record + "." + simple : name(outer) + "." + simple;
    }
  }
}
