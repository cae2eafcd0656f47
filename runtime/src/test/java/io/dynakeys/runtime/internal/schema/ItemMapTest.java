package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The write path of {@link RecordSchema#itemToMap(Object, boolean)}: the array-backed
 * {@link ItemMap} against the {@code LinkedHashMap} the schema built before (filled through the
 * enhanced client's converters), on random items, and its unmodifiability.
 */
class ItemMapTest {
  private static final RecordSchema<Run> SCHEMA = RunKeys.tableSchema();
  private static final AttributeConverterProvider DEFAULTS = AttributeConverterProvider.defaultProvider();

  @SuppressWarnings("unchecked")
  private static <V> AttributeConverter<Object> sdk(Class<V> type) {
    return (AttributeConverter<Object>) (AttributeConverter<?>) DEFAULTS.converterFor(EnhancedType.of(type));
  }

  private static String randomString(Random random) {
    StringBuilder out = new StringBuilder();
    int n = random.nextInt(12);
    for (int i = 0; i < n; i++) {
      switch (random.nextInt(4)) {
        case 0 -> out.append((char) ('a' + random.nextInt(26)));
        case 1 -> out.append("#é€");
        case 2 -> out.appendCodePoint(0x1F600 + random.nextInt(16));
        default -> out.append((char) random.nextInt(0x80));
      }
    }
    return out.toString();
  }

  /** What {@code itemToMap} wrote before: a LinkedHashMap filled through the SDK's converters. */
  private static Map<String, AttributeValue> reference(Run run, boolean ignoreNulls) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    put(out, "season", run.season() == null ? null : sdk(String.class).transformFrom(run.season()), ignoreNulls);
    put(out, "score", sdk(Integer.class).transformFrom(run.score()), ignoreNulls);
    put(out, "at", sdk(Long.class).transformFrom(run.at()), ignoreNulls);
    put(out, "playerId", sdk(String.class).transformFrom(run.playerId()), ignoreNulls);
    put(out, "name", run.name() == null ? null : sdk(String.class).transformFrom(run.name()), ignoreNulls);
    put(out, "tags", run.tags() == null ? null
        : StoredType.listOf(StoredType.of(String.class)).converter().transformFrom(run.tags()), ignoreNulls);
    AttributeValue finished = StoredType.optionalOf(StoredType.of(Instant.class)).converter()
        .transformFrom(run.finishedAt());
    put(out, "finishedAt", AttributeValues.isNull(finished) ? null : finished, ignoreNulls);
    put(out, "pk", AttributeValue.fromS(RunKeys.partitionKey(run)), ignoreNulls);
    put(out, "sk", AttributeValue.fromS(RunKeys.sortKey(run)), ignoreNulls);
    put(out, "gsi1pk", AttributeValue.fromS(RunKeys.byPlayerPartitionKey(run)), ignoreNulls);
    put(out, "gsi1sk", AttributeValue.fromS(RunKeys.byPlayerSortKey(run)), ignoreNulls);
    String lsi = RunKeys.byNameSortKey(run);
    put(out, "lsi1sk", lsi == null ? null : AttributeValue.fromS(lsi), ignoreNulls);
    return out;
  }

  private static void put(Map<String, AttributeValue> out, String name, AttributeValue value, boolean ignoreNulls) {
    if (value != null) {
      out.put(name, value);
    } else if (!ignoreNulls) {
      out.put(name, AttributeValues.NUL);
    }
  }

  private static Run randomRun(Random random) {
    String season = "s" + random.nextInt(1000);
    String player = "p_" + random.nextInt(100_000);
    String name = random.nextInt(4) == 0 ? null : randomString(random).replaceAll("[#\\x00-\\x1f\\x7f]", "");
    if (name != null && name.isEmpty()) {
      name = null;
    }
    List<String> tags = switch (random.nextInt(3)) {
      case 0 -> null;
      case 1 -> List.of();
      default -> List.of("t" + random.nextInt(10), "u");
    };
    Optional<Instant> finished = random.nextBoolean() ? Optional.empty()
        : Optional.of(Instant.ofEpochSecond(random.nextInt(2_000_000_000)));
    return new Run(season, random.nextInt(Integer.MAX_VALUE), random.nextLong() & 0x3FFF_FFFF_FFFFL, player, name,
        tags, finished);
  }

  @Test
  void itemToMapIsTheMapItWroteBefore() {
    Random random = new Random(7);
    for (int i = 0; i < 500; i++) {
      Run run = randomRun(random);
      for (boolean ignoreNulls : new boolean[] {true, false}) {
        Map<String, AttributeValue> expected = reference(run, ignoreNulls);
        Map<String, AttributeValue> actual = SCHEMA.itemToMap(run, ignoreNulls);
        String what = run + " ignoreNulls=" + ignoreNulls;
        assertEquals(expected, actual, what);
        assertEquals(actual, expected, what);
        assertEquals(new HashMap<>(expected), actual, what);
        assertEquals(actual, new HashMap<>(expected), what);
        assertEquals(expected.hashCode(), actual.hashCode(), what);
        assertEquals(expected.toString(), actual.toString(), what);
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(actual.keySet()), what);
        assertEquals(List.copyOf(expected.values()), List.copyOf(actual.values()), what);
        assertEquals(List.copyOf(expected.entrySet()), List.copyOf(actual.entrySet()), what);
        assertEquals(expected.size(), actual.size(), what);
        assertEquals(expected.isEmpty(), actual.isEmpty(), what);
        List<String> visited = new ArrayList<>();
        actual.forEach((k, v) -> {
          visited.add(k);
          assertEquals(expected.get(k), v, what);
        });
        assertEquals(List.copyOf(expected.keySet()), visited, what);
        for (String name : SCHEMA.attributeNames()) {
          assertEquals(expected.get(name), actual.get(name), what + " " + name);
          assertEquals(expected.containsKey(name), actual.containsKey(name), what + " " + name);
        }
        for (Object foreign : new Object[] {"nope", "", "PK", 42, null}) {
          assertNull(actual.get(foreign), what);
          assertFalse(actual.containsKey(foreign), what);
        }
        assertEquals(expected.containsValue(AttributeValues.NUL), actual.containsValue(AttributeValues.NUL), what);
      }
    }
  }

  @Test
  void aNullItemGivesNoKeys() {
    Map<String, AttributeValue> written = SCHEMA.itemToMap(null, false);
    assertEquals(List.of("season", "score", "at", "playerId", "name", "tags", "finishedAt"),
        List.copyOf(written.keySet()));
    written.values().forEach(v -> assertEquals(AttributeValues.NUL, v));
    assertTrue(SCHEMA.itemToMap(null, true).isEmpty());
    assertEquals(Map.of(), SCHEMA.itemToMap(null, true));
  }

  @Test
  void theMapIsUnmodifiable() {
    Run run = randomRun(new Random(3));
    Map<String, AttributeValue> written = SCHEMA.itemToMap(run, true);
    Map<String, AttributeValue> before = new LinkedHashMap<>(written);
    AttributeValue x = AttributeValue.fromS("x");
    UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class, () -> written.put("pk", x));
    assertEquals("an item map from RecordSchema.itemToMap is unmodifiable: copy it (new HashMap<>(map)) to"
        + " change it", refused.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> written.put("other", x));
    assertThrows(UnsupportedOperationException.class, () -> written.remove("pk"));
    assertThrows(UnsupportedOperationException.class, written::clear);
    assertThrows(UnsupportedOperationException.class, () -> written.putAll(Map.of("a", x)));
    assertThrows(UnsupportedOperationException.class, () -> written.replaceAll((k, v) -> x));
    assertThrows(UnsupportedOperationException.class, () -> written.computeIfAbsent("other", k -> x));
    assertThrows(UnsupportedOperationException.class, () -> written.merge("pk", x, (a, b) -> b));
    assertThrows(UnsupportedOperationException.class, () -> written.entrySet().iterator().next().setValue(x));
    assertThrows(UnsupportedOperationException.class, () -> written.keySet().remove("pk"));
    assertThrows(UnsupportedOperationException.class, () -> written.values().clear());
    Iterator<Map.Entry<String, AttributeValue>> it = written.entrySet().iterator();
    it.next();
    assertThrows(UnsupportedOperationException.class, it::remove);
    // Also the calls that would change nothing: Map's defaults return quietly for those.
    assertThrows(UnsupportedOperationException.class, () -> written.remove("absent"));
    assertThrows(UnsupportedOperationException.class, () -> written.remove("pk", x));
    assertThrows(UnsupportedOperationException.class, () -> written.putAll(Map.of()));
    assertThrows(UnsupportedOperationException.class, () -> written.putIfAbsent("pk", x));
    assertThrows(UnsupportedOperationException.class, () -> written.computeIfAbsent("pk", k -> x));
    assertThrows(UnsupportedOperationException.class, () -> written.computeIfPresent("absent", (k, v) -> x));
    assertThrows(UnsupportedOperationException.class, () -> written.compute("absent", (k, v) -> null));
    assertThrows(UnsupportedOperationException.class, () -> written.replace("absent", x));
    assertThrows(UnsupportedOperationException.class, () -> written.replace("absent", x, x));
    assertThrows(UnsupportedOperationException.class, () -> written.keySet().remove("absent"));
    assertThrows(UnsupportedOperationException.class, () -> written.keySet().removeIf(k -> false));
    assertThrows(UnsupportedOperationException.class, () -> written.values().removeIf(v -> false));
    assertThrows(UnsupportedOperationException.class, () -> written.entrySet().removeIf(e -> false));
    assertThrows(UnsupportedOperationException.class, () -> written.entrySet().clear());
    Map<String, AttributeValue> empty = SCHEMA.itemToMap(null, true);
    assertThrows(UnsupportedOperationException.class, empty::clear);
    assertEquals(before, written);
  }

  @Test
  void theMapSerializesAsTheMapItIs() throws Exception {
    Run run = randomRun(new Random(5));
    Map<String, AttributeValue> written = SCHEMA.itemToMap(run, false);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(written);
    }
    Object back;
    try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
        new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      back = in.readObject();
    }
    assertEquals(written, back);
    assertEquals(List.copyOf(written.keySet()), List.copyOf(((Map<?, ?>) back).keySet()));
  }

  @Test
  void manyNamesAreLookedUpThroughAnIndex() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < ItemMap.Slots.SCAN_LIMIT * 3; i++) {
      names.add("a" + i);
    }
    ItemMap.Slots slots = new ItemMap.Slots(names);
    AttributeValue[] values = new AttributeValue[names.size()];
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    int size = 0;
    for (int i = 0; i < values.length; i++) {
      if (i % 3 != 1) {
        values[i] = AttributeValue.fromN(Integer.toString(i));
        expected.put(names.get(i), values[i]);
        size++;
      }
    }
    ItemMap map = new ItemMap(slots, values, size);
    assertEquals(expected, map);
    assertEquals(List.copyOf(expected.keySet()), List.copyOf(map.keySet()));
    for (int i = 0; i < names.size(); i++) {
      assertEquals(expected.get(names.get(i)), map.get(names.get(i)));
      assertEquals(expected.containsKey(names.get(i)), map.containsKey(names.get(i)));
      assertEquals(i, slots.slot(names.get(i)));
    }
    assertEquals(-1, slots.slot("b1"));
    assertEquals(-1, slots.slot(7));
    assertEquals(-1, new ItemMap.Slots(List.of("x", "y")).slot("z"));
    assertEquals(1, new ItemMap.Slots(List.of("x", "y")).slot("y"));
  }
}
