package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.LayoutKeys;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A live older version's code is generated from its layout file alone: for each mechanical change,
 * the older keys the generated layout writes and reads are exactly the keys that version's own
 * generated encoders wrote, for random items (version 1 compiled as it was, version 2 with
 * {@code live = 1} compiled with only the file to go by).
 */
class LiveLayoutGenerationTest {

  private static final String RUN = String.join("\n",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.*;",
      "",
      "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"RUN\")",
      "@SecondaryIndex(name = \"byPlayer\", partitionPrefix = \"PLAYER\", partitionKey = \"playerId\","
          + " sortKey = {\"season\", \"score\"})",
      "public record Run(",
      "    @PartitionKey String season,",
      "    @SortKey @Padded(10) @Inverted int score,",
      "    @SortKey String playerId,",
      "    String name) {}",
      "");

  @TempDir
  Path layouts;

  private Compilation compile(String source) {
    return KeysCompiler.compileWithOptions(List.of("-Adynakeys.layouts=" + layouts, "-Xlint:all", "-Werror"),
        JavaFileObjects.forSourceString("com.acme.Run", source));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "a wider score | @Padded(10) | @Padded(12)",
      "no inversion | @Padded(10) @Inverted int | @Padded(10) int",
      "a sort prefix | sortPrefix = \"RUN\" | sortPrefix = \"R\"",
      "a partition prefix | partitionPrefix = \"SEASON\", | partitionPrefix = \"S\",",
      "a delimiter | sortPrefix = \"RUN\") | sortPrefix = \"RUN\", delimiter = '/')",
      "the components' order | @SortKey @Padded(10) @Inverted int score,\\n    @SortKey String playerId, | @SortKey"
          + " String playerId,\\n    @SortKey @Padded(10) @Inverted int score,",
      "an index key | sortKey = {\"season\", \"score\"} | sortKey = {\"score\", \"season\"}",
  })
  void theOlderKeysAreTheKeysThatVersionWrote(String change, String from, String to) throws Exception {
    Compilation first = compile(RUN);
    assertThat(first).succeededWithoutWarnings();
    CompiledClasses v1 = new CompiledClasses(first);

    String source = RUN.replace(from.replace("\\n", "\n"), to.replace("\\n", "\n"))
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");
    Compilation second = compile(source);
    assertThat(second).succeededWithoutWarnings();
    assertThat(second).generatedSourceFile("com.acme.RunKeys").contentsAsUtf8String()
        .contains("public static final class V1 {");
    CompiledClasses v2 = new CompiledClasses(second);
    EntityDescriptor<?> descriptor = (EntityDescriptor<?>) v2.loadClass("com.acme.RunKeys").getField("LAYOUT").get(null);
    assertEquals(2, descriptor.version());
    EntityDescriptor.LiveVersion live = descriptor.liveVersion().orElseThrow();
    assertEquals(1, live.version());
    EntityLayout older = live.layout();

    Random random = new Random(change.hashCode());
    for (int i = 0; i < 300; i++) {
      String season = text(random);
      int score = random.nextInt(Integer.MAX_VALUE);
      String playerId = text(random);
      Map<String, Object> values = new LinkedHashMap<>();
      values.put("season", season);
      values.put("score", score);
      values.put("playerId", playerId);

      String pk = (String) v1.callStatic("com.acme.RunKeys", "partitionKey", new Class<?>[] {String.class}, season);
      String sk = (String) call(v1, "com.acme.RunKeys", "sortKey", score, playerId);
      String indexPk = (String) v1.callStatic("com.acme.RunKeys$ByPlayer", "partitionKey",
          new Class<?>[] {String.class}, playerId);
      String indexSk = (String) call(v1, "com.acme.RunKeys$ByPlayer", "sortKey", season, score);

      assertEquals(pk, LayoutKeys.partitionKey(older, live.shardBy(), values::get));
      assertEquals(sk, LayoutKeys.sortKey(older, values::get));
      EntityLayout.Index index = older.indexes().get(0);
      assertEquals(indexPk, LayoutKeys.write("Run", index.partition(), values::get, 2048, "partition key"));
      assertEquals(indexSk, LayoutKeys.write("Run", index.sort(), values::get, 1024, "sort key"));

      assertEquals(Map.of("season", season), LayoutKeys.read("Run", older.partition(), pk, (ShardCodec) null, true));
      assertEquals(Map.of("score", score, "playerId", playerId),
          LayoutKeys.read("Run", older.sort(), sk, null, false));
    }
  }

  @org.junit.jupiter.api.Test
  void aNamedMigrationGetsTheOlderTableKeyAsARecord() throws Exception {
    assertThat(compile(RUN)).succeededWithoutWarnings();
    String source = RUN.replace("@SortKey String playerId,", "@SortKey String playerId,\n    @SortKey String region,")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1, migration = RunFromV1.class)\npublic record Run(");
    String migration = String.join("\n",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.schema.LayoutMigration;",
        "import java.util.Map;",
        "import software.amazon.awssdk.services.dynamodb.model.AttributeValue;",
        "",
        "public final class RunFromV1 implements LayoutMigration<RunKeys.V1.Key, Run> {",
        "  @Override",
        "  public Run migrate(RunKeys.V1.Key old, Map<String, AttributeValue> item) {",
        "    return new Run(old.season(), old.score(), old.playerId(), \"EU\", item.get(\"name\").s());",
        "  }",
        "}");

    Compilation compilation = KeysCompiler.compileWithOptions(
        List.of("-Adynakeys.layouts=" + layouts, "-Xlint:all", "-Werror"),
        JavaFileObjects.forSourceString("com.acme.Run", source), JavaFileObjects.forSourceString("com.acme.RunFromV1",
            migration));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys").contentsAsUtf8String()
        .contains("public record Key(String season, Integer score, String playerId)");
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys").contentsAsUtf8String()
        .contains(".liveMigration(V1::key, new RunFromV1())");
    CompiledClasses classes = new CompiledClasses(compilation);
    Object schema = classes.callStatic("com.acme.RunKeys", "tableSchema", new Class<?>[0]);
    assertEquals("RecordSchema", schema.getClass().getSimpleName(), "the builder takes the migration");
  }

  /** Calls the static method {@code name} with these arguments, whatever their order of types. */
  private static Object call(CompiledClasses classes, String owner, String name, Object... arguments) throws Exception {
    for (Method m : classes.loadClass(owner).getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == 2 && !m.getParameterTypes()[0].isRecord()) {
        Class<?>[] types = m.getParameterTypes();
        Object[] ordered = new Object[2];
        for (Object argument : arguments) {
          for (int i = 0; i < 2; i++) {
            boolean fits = argument instanceof Integer ? types[i] == int.class : types[i] == String.class;
            if (fits && ordered[i] == null) {
              ordered[i] = argument;
              break;
            }
          }
        }
        return m.invoke(null, ordered);
      }
    }
    throw new AssertionError(owner + " has no " + name + " of two components");
  }

  private static String text(Random random) {
    String alphabet = "abcAZ09-_.~é😀";
    StringBuilder out = new StringBuilder();
    for (int i = 1 + random.nextInt(6); i > 0; i--) {
      out.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, random.nextInt(alphabet.codePointCount(0,
          alphabet.length())))));
    }
    return out.toString();
  }
}
