package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compileWithOptions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every delimiter the processor accepts yields a generated class that compiles, loads and works:
 * for every printable ASCII character that is neither a letter nor a digit, one record keyed with
 * it as its {@code @KeySchema} delimiter (with an index) and one record whose
 * {@code @PathSegment} path uses it, all compiled by the real processor in one compilation (with
 * javac's Javadoc syntax checks on), then loaded and run: {@code LAYOUT} read back, keys encoded,
 * parsed and refused, items written and read through the table schema. Characters outside
 * printable ASCII are refused at compile time, so these are all the delimiters there are.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DelimiterMatrixTest {

  /** The characters the processor accepts as delimiters: printable ASCII but letters and digits. */
  private static final List<Character> PUNCTUATION = punctuation();

  private CompiledClasses classes;

  @BeforeAll
  void compileOneRecordPerDelimiter() {
    List<JavaFileObject> sources = new ArrayList<>();
    // A lower-case constant puts "\\up" in the drawn layout when the delimiter is a backslash:
    // javac reads "\\u" as a Unicode escape even in a comment.
    sources.add(source("Level", "public enum Level { up, DOWN }"));
    for (int i = 0; i < PUNCTUATION.size(); i++) {
      char d = PUNCTUATION.get(i);
      sources.add(source("K" + i,
          "import io.dynakeys.annotations.SecondaryIndex;",
          "@KeySchema(partitionPrefix = \"P" + i + "\", sortPrefix = \"S\", delimiter = " + literal(d) + ")",
          "@SecondaryIndex(name = \"byCode\", partitionPrefix = \"C\", partitionKey = {\"code\", \"level\"},"
              + " sortKey = {\"n\"})",
          "public record K" + i + "(@PartitionKey String tenant, @PartitionKey Level level,",
          "    @SortKey @Padded(value = 4, max = 9_999) int n, @SortKey @Tiebreaker String userId, String code) {}"));
      char keyDelimiter = d == '#' ? '|' : '#';
      sources.add(source("T" + i,
          "@KeySchema(partitionPrefix = \"DRIVE" + i + "\", delimiter = " + literal(keyDelimiter) + ")",
          "public record T" + i + "(@PartitionKey String account,",
          "    @SortKey @PathSegment(delimiter = " + literal(d) + ") TreePath path, long size) {}"));
    }
    Compilation compilation = compileWithOptions(List.of("-Xdoclint:syntax", "-Xdoclint/package:com.acme"),
        sources.toArray(JavaFileObject[]::new));
    assertThat(compilation).succeeded();
    classes = new CompiledClasses(compilation);
  }

  @Test
  void everyPunctuationCharacterIsAcceptedAndEveryOtherCharacterIsRefused() {
    assertEquals(32, PUNCTUATION.size(), "printable ASCII has 32 characters that are no letter or digit");
    for (char d : new char[] {'\u00a7', '\u00e9', '\u2192', '\u00a0', '\t', '\u0000'}) {
      Compilation compilation = KeysCompiler.compile(source("Odd",
          "@KeySchema(delimiter = " + literal(d) + ")",
          "public record Odd(@PartitionKey String id) {}"));
      assertThat(compilation).failed();
      assertTrue(compilation.errors().stream()
              .anyMatch(e -> e.getMessage(null).contains("delimiter")),
          "delimiter U+" + Integer.toHexString(d) + " must be refused: " + compilation.errors());
    }
  }

  @Test
  void everyKeyDelimiterGivesAClassThatLoadsEncodesParsesAndMaps() throws Exception {
    Class<?> level = classes.loadClass("com.acme.Level");
    Object up = level.getEnumConstants()[0];
    for (int i = 0; i < PUNCTUATION.size(); i++) {
      char d = PUNCTUATION.get(i);
      String keys = "com.acme.K" + i + "Keys";
      String about = "key delimiter " + d + " (" + keys + ")";
      try {
        EntityLayout layout = ((io.dynakeys.codecs.internal.entity.EntityDescriptor<?>) classes.loadClass(keys).getField("LAYOUT").get(null)).layout();
        assertEquals(d, layout.partition().delimiter(), about);
        assertEquals(List.of("tenant", "level"), names(layout.partition()), about);
        assertEquals(List.of("n", "userId"), names(layout.sort()), about);
        assertEquals(EntityLayout.Kind.DIGITS, layout.sort().segments().get(0).kind(), about);
        assertEquals(4, layout.sort().segments().get(0).length(), about);
        assertEquals("byCode", layout.indexes().get(0).name(), about);
        assertEquals(List.of("code", "level"), names(layout.indexes().get(0).partition()), about);

        String pk = (String) classes.callStatic(keys, "partitionKey", new Class<?>[] {String.class, level},
            "t1", up);
        assertEquals("P" + i + d + "t1" + d + "up", pk, about);
        String sk = (String) classes.callStatic(keys, "sortKey", new Class<?>[] {int.class, String.class},
            42, "u9");
        assertEquals("S" + d + "0042" + d + "u9", sk, about);
        Object parts = classes.callStatic(keys, "parseSortKey", new Class<?>[] {String.class}, sk);
        assertEquals(42, component(parts, "n"), about);
        assertEquals("u9", component(parts, "userId"), about);
        Object partition = classes.callStatic(keys, "parsePartitionKey", new Class<?>[] {String.class}, pk);
        assertEquals(up, component(partition, "level"), about);
        assertEquals("C" + d + "c7" + d + "up", classes.callStatic(keys + "$ByCode", "partitionKey",
            new Class<?>[] {String.class, level}, "c7", up), about);

        assertThrows(KeyFormatException.class, () -> classes.callStatic(keys, "sortKey",
            new Class<?>[] {int.class, String.class}, 42, "u" + d + "9"), about);
        assertThrows(KeyFormatException.class, () -> classes.callStatic(keys, "parseSortKey",
            new Class<?>[] {String.class}, sk + d), about);

        Class<?> record = classes.loadClass("com.acme.K" + i);
        Object item = record.getDeclaredConstructors()[0].newInstance("t1", up, 42, "u9", "c7");
        Map<String, AttributeValue> stored = roundTrip(keys, item, about);
        assertEquals(pk, stored.get("pk").s(), about);
        assertEquals(sk, stored.get("sk").s(), about);
        assertEquals("C" + d + "c7" + d + "up", stored.get("byCode_pk").s(), about);
      } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
        fail(about + ": the generated class does not load: " + e, e);
      }
    }
  }

  @Test
  void everyPathDelimiterGivesAClassThatLoadsEncodesParsesAndMaps() throws Exception {
    for (int i = 0; i < PUNCTUATION.size(); i++) {
      char p = PUNCTUATION.get(i);
      char d = p == '#' ? '|' : '#';
      String keys = "com.acme.T" + i + "Keys";
      String about = "path delimiter " + p + " (" + keys + ")";
      try {
        EntityLayout layout = ((io.dynakeys.codecs.internal.entity.EntityDescriptor<?>) classes.loadClass(keys).getField("LAYOUT").get(null)).layout();
        EntityLayout.Segment path = layout.sort().segments().get(0);
        assertEquals("path", path.component(), about);
        assertEquals(EntityLayout.Kind.PATH, path.kind(), about);
        assertEquals(p, path.pathDelimiter(), about);
        assertEquals(d, layout.sort().delimiter(), about);

        TreePath folder = TreePath.folder("root", "photos");
        TreePath file = TreePath.file("root", "photos", "photo1");
        String sk = (String) classes.callStatic(keys, "sortKey", new Class<?>[] {TreePath.class}, folder);
        assertEquals("root" + p + "photos" + p, sk, about);
        assertEquals(folder, component(classes.callStatic(keys, "parseSortKey",
            new Class<?>[] {String.class}, sk), "path"), about);
        String fileKey = (String) classes.callStatic(keys, "sortKey", new Class<?>[] {TreePath.class}, file);
        assertEquals("root" + p + "photos" + p + "photo1", fileKey, about);
        assertEquals(file, component(classes.callStatic(keys, "parseSortKey",
            new Class<?>[] {String.class}, fileKey), "path"), about);
        assertThrows(KeyFormatException.class, () -> classes.callStatic(keys, "sortKey",
            new Class<?>[] {TreePath.class}, TreePath.file("a" + p + "b")), about);

        Class<?> record = classes.loadClass("com.acme.T" + i);
        Object item = record.getDeclaredConstructors()[0].newInstance("a91", file, 7L);
        Map<String, AttributeValue> stored = roundTrip(keys, item, about);
        assertEquals("DRIVE" + i + d + "a91", stored.get("pk").s(), about);
        assertEquals(fileKey, stored.get("sk").s(), about);
      } catch (ExceptionInInitializerError | NoClassDefFoundError e) {
        fail(about + ": the generated class does not load: " + e, e);
      }
    }
  }

  /** Writes {@code item} through the generated table schema and reads it back. */
  @SuppressWarnings("unchecked")
  private Map<String, AttributeValue> roundTrip(String keys, Object item, String about) throws Exception {
    TableSchema<Object> schema = (TableSchema<Object>) classes.callStatic(keys, "tableSchema", new Class<?>[0]);
    Map<String, AttributeValue> stored = schema.itemToMap(item, true);
    assertEquals(item, schema.mapToItem(stored), about);
    return stored;
  }

  private static List<String> names(EntityLayout.Key key) {
    return key.segments().stream().map(EntityLayout.Segment::component).toList();
  }

  private static Object component(Object record, String name) throws ReflectiveOperationException {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        Method accessor = c.getAccessor();
        return accessor.invoke(record);
      }
    }
    throw new AssertionError(record.getClass() + " has no component " + name);
  }

  private static String literal(char c) {
    return switch (c) {
      case '\'' -> "'\\''";
      case '\\' -> "'\\\\'";
      case '\t' -> "'\\t'";
      default -> c < 0x20 ? String.format("'\\u%04x'", (int) c) : "'" + c + "'";
    };
  }

  private static List<Character> punctuation() {
    List<Character> out = new ArrayList<>();
    for (char c = 0x21; c < 0x7f; c++) {
      if (!Character.isLetterOrDigit(c)) {
        out.add(c);
      }
    }
    return out;
  }
}
