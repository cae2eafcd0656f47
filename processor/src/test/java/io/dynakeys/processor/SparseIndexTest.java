package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.schema.KeyMismatchException;
import java.lang.reflect.Constructor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An index keyed by {@code Optional} components is sparse: an item whose component is empty has
 * no key attribute of that index (so DynamoDB leaves it out of the index), the component itself is
 * stored and read back as {@code Optional.empty()}, and the index's encoders, parsers and queries
 * take the values themselves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparseIndexTest {

  private CompiledClasses classes;
  private Constructor<?> visit;

  @BeforeAll
  void compileTheVisitRecord() {
    Compilation compilation = compile(source("Visit",
        "import io.dynakeys.annotations.SecondaryIndex;",
        "import java.util.Optional;",
        "@KeySchema(partitionPrefix = \"VISIT\")",
        "@SecondaryIndex(name = \"byGuide\", partitionPrefix = \"GUIDE\", partitionKey = \"guide\","
            + " sortKey = {\"rank\", \"day\"})",
        "@SecondaryIndex(name = \"byRank\", local = true, sortKey = \"rank\")",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    @SortKey @Padded(value = 6, max = 999_999) int day,",
        "    Optional<String> guide,",
        "    @Padded(value = 3, max = 999) Optional<Integer> rank,",
        "    String note) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    classes = new CompiledClasses(compilation);
    try {
      visit = classes.loadClass("com.acme.Visit").getDeclaredConstructors()[0];
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  private Object visit(String guide, Integer rank) throws ReflectiveOperationException {
    return visit.newInstance("louvre", 42, Optional.ofNullable(guide), Optional.ofNullable(rank), "n");
  }

  @SuppressWarnings("unchecked")
  private TableSchema<Object> schema() throws ReflectiveOperationException {
    return (TableSchema<Object>) classes.callStatic("com.acme.VisitKeys", "tableSchema", new Class<?>[0]);
  }

  @Test
  void anItemWithItsComponentsHasTheIndexKeys() throws Exception {
    Map<String, AttributeValue> stored = schema().itemToMap(visit("ann", 7), true);
    assertEquals("GUIDE#ann", stored.get("byGuide_pk").s());
    assertEquals("007#000042", stored.get("byGuide_sk").s());
    assertEquals("007", stored.get("byRank_sk").s());
    assertEquals("ann", stored.get("guide").s());
    assertEquals("7", stored.get("rank").n());
    assertEquals(visit("ann", 7), schema().mapToItem(stored));
  }

  @Test
  void anItemWithAnEmptyComponentHasNoKeyOfTheIndexesItKeys() throws Exception {
    Map<String, AttributeValue> noGuide = schema().itemToMap(visit(null, 7), true);
    assertFalse(noGuide.containsKey("byGuide_pk"), noGuide.toString());
    assertFalse(noGuide.containsKey("byGuide_sk"), "an index's keys are written together or not at all");
    assertFalse(noGuide.containsKey("guide"), noGuide.toString());
    assertEquals("007", noGuide.get("byRank_sk").s());
    assertEquals(visit(null, 7), schema().mapToItem(noGuide), "read back with Optional.empty()");

    Map<String, AttributeValue> noRank = schema().itemToMap(visit("ann", null), true);
    assertEquals(List.of("site", "day", "guide", "note", "pk", "sk"), List.copyOf(noRank.keySet()));
    assertEquals(visit("ann", null), schema().mapToItem(noRank));

    Object item = visit(null, 7);
    Class<?> record = item.getClass();
    assertNull(classes.callStatic("com.acme.VisitKeys$ByGuide", "partitionKey", new Class<?>[] {record}, item));
    assertNull(classes.callStatic("com.acme.VisitKeys$ByGuide", "sortKey", new Class<?>[] {record}, item));
    assertEquals("007", classes.callStatic("com.acme.VisitKeys$ByRank", "sortKey", new Class<?>[] {record}, item));
  }

  @Test
  void aNullOptionalIsRefusedLikeANullComponent() throws Exception {
    Object item = visit.newInstance("louvre", 42, null, Optional.of(7), "n");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> classes.callStatic(
        "com.acme.VisitKeys$ByGuide", "partitionKey", new Class<?>[] {item.getClass()}, item));
    assertEquals("Visit", e.record());
    assertEquals("guide", e.component());
  }

  @Test
  void aMissingIndexKeyIsAMismatchWhenTheComponentIsPresent() throws Exception {
    Map<String, AttributeValue> stored = new HashMap<>(schema().itemToMap(visit("ann", 7), true));
    stored.remove("byGuide_pk");
    KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> schema().mapToItem(stored));
    assertEquals("byGuide_pk", e.attribute());
    assertEquals("GUIDE#ann", e.computedValue());
    assertNull(e.storedValue());
  }

  @Test
  void encodersParsersAndQueriesTakeTheValueItself() throws Exception {
    assertEquals("GUIDE#ann", classes.callStatic("com.acme.VisitKeys$ByGuide", "partitionKey",
        new Class<?>[] {String.class}, "ann"));
    assertEquals("007#000042", classes.callStatic("com.acme.VisitKeys$ByGuide", "sortKey",
        new Class<?>[] {Integer.class, int.class}, 7, 42));
    Object parts = classes.callStatic("com.acme.VisitKeys$ByGuide", "parseSortKey",
        new Class<?>[] {String.class}, "007#000042");
    assertEquals(7, parts.getClass().getMethod("rank").invoke(parts));
    QueryStage query = (QueryStage) classes.callStatic("com.acme.VisitKeys", "queryByGuide",
        new Class<?>[] {String.class}, "ann");
    KeyQuery keyQuery = KeyQuery.of(query);
    assertEquals("byGuide", keyQuery.indexName());
    assertEquals("byGuide_pk", keyQuery.partitionAttribute());
    assertEquals("GUIDE#ann", keyQuery.partitionValue());
  }
}
