package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithOptions;
import static io.dynakeys.processor.KotlinStubs.dataClass;
import static io.dynakeys.processor.KotlinStubs.nullable;
import static io.dynakeys.processor.KotlinStubs.renamedGetter;
import static io.dynakeys.processor.KotlinStubs.val;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Kotlin classes as kapt shows them to the processor: the stub kapt writes for a data class is
 * read through its primary constructor and getters, and yields the same generated API as the
 * record of the same shape, whose code reads the properties through their getters and makes the
 * item with the constructor. A nullable property is an attribute that may be absent and, in an
 * index key, what an {@code Optional} is in a record: the item is left out of the index.
 */
class KotlinClassTest {
  @TempDir
  Path layouts;

  /** Compiles with a layouts directory, as the README's kapt set-up gives one. */
  private Compilation compile(JavaFileObject... sources) {
    Compilation compilation = compileWithOptions(List.of("-Adynakeys.layouts=" + layouts), sources);
    KeysCompiler.assertNoCrash(compilation);
    return compilation;
  }

  private static String generated(Compilation compilation, String name) throws IOException {
    return compilation.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
  }

  @Test
  void theStubKaptWritesIsReadThroughItsGettersAndPrimaryConstructor() throws IOException {
    // Written by kapt (kotlin-maven-plugin 2.2.21) for kotlin-examples' leaderboard Run.kt, as it is.
    JavaFileObject stub = JavaFileObjects.forResource("kapt/Run.java");
    Compilation compilation = compile(stub);

    assertThat(compilation).succeededWithoutWarnings();
    String keys = generated(compilation, "io.dynakeys.examples.kotlin.leaderboard.RunKeys");
    assertTrue(keys.contains("PrimaryKeyComponent<Run, Integer> SCORE = Handles.<Run, Integer>primaryKey("
        + "\"score\", \"score\", Run::getScore, SCORE_CODEC);"), keys);
    assertTrue(keys.contains("return sortKey(item.getScore(), item.getAt(), item.getPlayerId());"), keys);
    assertTrue(keys.contains("return new Run((String) values[0], (Integer) values[1], (Long) values[2],"
        + " (String) values[3], (String) values[4]);"), keys);
    assertTrue(Files.isRegularFile(layouts.resolve("io.dynakeys.examples.kotlin.leaderboard.Run/1.json")),
        "the layout is recorded where dynakeys.layouts says");
  }

  /** The README's leaderboard run, as a data class. */
  private static JavaFileObject run() {
    return dataClass("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        val("@PartitionKey", "String", "season"),
        val("@SortKey @Padded(10) @Inverted", "int", "score"),
        val("@SortKey @Padded(value = 16, max = 9_999_999_999_999_999L)", "long", "at"),
        val("@SortKey @Tiebreaker", "String", "playerId"),
        nullable("", "String", "name"));
  }

  @Test
  void theKeysAreTheRecordsAndTheSchemaRoundTripsThroughTheConstructor() throws Exception {
    Compilation compilation = compile(run());
    assertThat(compilation).succeededWithoutWarnings();
    CompiledClasses classes = new CompiledClasses(compilation);
    Class<?> type = classes.loadClass("com.acme.Run");
    Constructor<?> make = type.getConstructors()[0];
    Object ann = make.newInstance("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann");

    assertEquals("SEASON#2026-SPRING", classes.callStatic("com.acme.RunKeys", "partitionKey", new Class<?>[] {type}, ann));
    assertEquals("9999998499#0000001719100800#p_8842",
        classes.callStatic("com.acme.RunKeys", "sortKey", new Class<?>[] {type}, ann));
    Object parts = classes.callStatic("com.acme.RunKeys", "parseSortKey", new Class<?>[] {String.class},
        "9999998499#0000001719100800#p_8842");
    assertEquals(1500, parts.getClass().getMethod("score").invoke(parts));
    Attribute<?, ?> score = (Attribute<?, ?>) classes.loadClass("com.acme.RunKeys").getField("SCORE").get(null);
    assertEquals("score", score.name());

    TableSchema<Object> schema = schema(classes, "com.acme.RunKeys");
    Map<String, AttributeValue> stored = schema.itemToMap(ann, true);
    assertEquals("SEASON#2026-SPRING", stored.get("pk").s());
    assertEquals("1500", stored.get("score").n());
    assertEquals("Ann", stored.get("name").s());
    assertEquals(ann, schema.mapToItem(stored), "made again by the primary constructor");
  }

  @Test
  void aNullablePropertyIsAnAttributeThatMayBeAbsentAndANonNullOneIsNot() throws Exception {
    Compilation compilation = compile(run(), visit());
    CompiledClasses classes = new CompiledClasses(compilation);
    Constructor<?> makeRun = classes.loadClass("com.acme.Run").getConstructors()[0];
    TableSchema<Object> runs = schema(classes, "com.acme.RunKeys");

    Object anonymous = makeRun.newInstance("2026-SPRING", 9, 1L, "p_1", null);
    Map<String, AttributeValue> stored = runs.itemToMap(anonymous, true);
    assertFalse(stored.containsKey("name"), stored.toString());
    assertEquals(anonymous, runs.mapToItem(stored), "read back as null");

    Object visit = classes.loadClass("com.acme.Visit").getConstructors()[0].newInstance("louvre", 42, null, null, "n");
    TableSchema<Object> visits = schema(classes, "com.acme.VisitKeys");
    Map<String, AttributeValue> withoutNote = new HashMap<>(visits.itemToMap(visit, true));
    withoutNote.remove("note");
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> visits.mapToItem(withoutNote));
    assertTrue(e.getMessage().contains("the constructor rejected the stored values (absent: guide, rank, note)"),
        e.getMessage());
    assertTrue(e.getMessage().contains("parameter note"), e.getMessage());
  }

  /** A visit whose guide is optional: the byGuide index is sparse. */
  private static JavaFileObject visit() {
    return dataClass("Visit", List.of("@KeySchema(partitionPrefix = \"VISIT\")",
            "@SecondaryIndex(name = \"byGuide\", partitionPrefix = \"GUIDE\", partitionKey = \"guide\","
                + " sortKey = {\"rank\", \"day\"})"),
        val("@PartitionKey", "String", "site"),
        val("@SortKey @Padded(value = 6, max = 999_999)", "int", "day"),
        nullable("", "String", "guide"),
        nullable("@Padded(value = 3, max = 999)", "Integer", "rank"),
        val("", "String", "note"));
  }

  @Test
  void aNullablePropertyKeysASparseIndexAsAnOptionalDoes() throws Exception {
    Compilation compilation = compile(visit());
    assertThat(compilation).succeededWithoutWarnings();
    String keys = generated(compilation, "com.acme.VisitKeys");
    assertTrue(keys.contains("or {@code null} when the item is not in the index \"byGuide\" because {@code guide} or"
        + " {@code rank} is null."), keys);
    CompiledClasses classes = new CompiledClasses(compilation);
    Class<?> type = classes.loadClass("com.acme.Visit");
    Constructor<?> make = type.getConstructors()[0];
    TableSchema<Object> schema = schema(classes, "com.acme.VisitKeys");

    Object guided = make.newInstance("louvre", 42, "ann", 7, "n");
    Map<String, AttributeValue> stored = schema.itemToMap(guided, true);
    assertEquals("GUIDE#ann", stored.get("byGuide_pk").s());
    assertEquals("007#000042", stored.get("byGuide_sk").s());
    assertEquals(guided, schema.mapToItem(stored));

    Object alone = make.newInstance("louvre", 42, null, 7, "n");
    Map<String, AttributeValue> unguided = schema.itemToMap(alone, true);
    assertFalse(unguided.containsKey("byGuide_pk"), unguided.toString());
    assertFalse(unguided.containsKey("byGuide_sk"), "an index's keys are written together or not at all");
    assertFalse(unguided.containsKey("guide"), unguided.toString());
    assertEquals(alone, schema.mapToItem(unguided), "read back with a null guide");
    assertNull(classes.callStatic("com.acme.VisitKeys$ByGuide", "partitionKey", new Class<?>[] {type}, alone));

    assertEquals("GUIDE#ann", classes.callStatic("com.acme.VisitKeys$ByGuide", "partitionKey",
        new Class<?>[] {String.class}, "ann"), "an index's encoder takes the value itself");
  }

  @Test
  void gettersAreFoundByKotlinsNamesAndADataClassesComponentFunctions() throws Exception {
    Compilation compilation = compile(dataClass("Door", List.of("@KeySchema(partitionPrefix = \"DOOR\")"),
        val("@PartitionKey", "String", "island"),
        val("", "boolean", "isOpen"),
        val("", "String", "isNamed"),
        renamedGetter("", "String", "label", "title")));
    assertThat(compilation).succeededWithoutWarnings();
    String keys = generated(compilation, "com.acme.DoorKeys");
    assertTrue(keys.contains("Door::getIsland"), keys);
    assertTrue(keys.contains("Door::isOpen"), keys);
    assertTrue(keys.contains("Door::isNamed"), keys);
    assertTrue(keys.contains("Door::component4"), "a getter renamed by @JvmName: its componentN()\n" + keys);

    CompiledClasses classes = new CompiledClasses(compilation);
    Object door = classes.loadClass("com.acme.Door").getConstructors()[0].newInstance("krk", true, "front", "red");
    TableSchema<Object> schema = schema(classes, "com.acme.DoorKeys");
    Map<String, AttributeValue> stored = schema.itemToMap(door, true);
    assertEquals(List.of("krk", true, "front", "red"), List.of(stored.get("island").s(), stored.get("isOpen").bool(),
        stored.get("isNamed").s(), stored.get("label").s()));
    assertEquals(door, schema.mapToItem(stored));
  }

  @Test
  void aKotlinDataClassInAnItemIsStoredAsAMap() throws Exception {
    JavaFileObject address = dataClass("Address", List.of(),
        val("", "String", "street"), nullable("", "String", "floor"));
    JavaFileObject customer = dataClass("Customer", List.of("@KeySchema(partitionPrefix = \"CUSTOMER\")"),
        val("@PartitionKey", "String", "id"), val("", "Address", "home"), nullable("", "Address", "work"));
    Compilation compilation = compile(address, customer);
    assertThat(compilation).succeededWithoutWarnings();
    assertTrue(generated(compilation, "com.acme.CustomerKeys").contains(
        "NestedField<Customer, String> HOME_STREET = Handles.field(HOME, \"street\", \"street\", Address::getStreet);"));

    CompiledClasses classes = new CompiledClasses(compilation);
    Constructor<?> makeAddress = classes.loadClass("com.acme.Address").getConstructors()[0];
    Object home = makeAddress.newInstance("1 Dock Road", null);
    Object ada = classes.loadClass("com.acme.Customer").getConstructors()[0].newInstance("c1", home, null);
    TableSchema<Object> schema = schema(classes, "com.acme.CustomerKeys");
    Map<String, AttributeValue> stored = schema.itemToMap(ada, true);
    assertEquals(Map.of("street", AttributeValue.fromS("1 Dock Road")), stored.get("home").m());
    assertFalse(stored.containsKey("work"), stored.toString());
    assertEquals(ada, schema.mapToItem(stored));
  }

  @SuppressWarnings("unchecked")
  private static TableSchema<Object> schema(CompiledClasses classes, String keys) throws ReflectiveOperationException {
    return (TableSchema<Object>) classes.callStatic(keys, "tableSchema", new Class<?>[0]);
  }
}
