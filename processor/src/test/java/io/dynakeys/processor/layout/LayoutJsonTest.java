package io.dynakeys.processor.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A layout file reads back into the layout it was written from, byte for byte the same when
 * written again, for random layouts with hostile names; and a file that is not one is refused with
 * the field and the line.
 */
class LayoutJsonTest {

  private static final String ODD = "a\"b\\c/d\té\u0001\u2028😀#|~";

  @Test
  void randomLayoutsReadBackEqualAndWriteTheSameText() throws Exception {
    Random random = new Random(20261205L);
    for (int i = 0; i < 500; i++) {
      StoredLayout layout = randomLayout(random);
      String text = LayoutJson.write(layout);
      StoredLayout back = LayoutJson.read(text);
      assertEquals(layout, back, text);
      assertEquals(text, LayoutJson.write(back));
      assertEquals(List.of(), LayoutDiff.between(layout, back));
      assertTrue(text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7f)), "the file is printable ASCII");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "two fields of one name | REPLACE:\"version\": 1,=\"version\": 1, \"version\": 1, | line 4: the field \"version\""
          + " appears twice",
      "a number with a fraction | REPLACE:\"version\": 1=\"version\": 1.5 | line 4: only whole numbers appear in a"
          + " layout",
      "a string for a number | REPLACE:\"version\": 1=\"version\": \"1\" | version (line 4) is not a whole number",
      "a two-char delimiter | REPLACE:\"delimiter\": \"#\"=\"delimiter\": \"##\" | partitionKey.delimiter (line 8) is"
          + " \"##\": it must be one character",
      "a width on text | REPLACE:\"codec\": \"text\",=\"codec\": \"text\", \"width\": 3, | has \"width\", which a text"
          + " component does not have",
      "a digits segment without its width | REPLACE:\"width\": 4, = | has no \"width\", which a digits component"
          + " needs",
      "text after the end | APPEND:{} | text after the end of the layout",
      "a bad escape | REPLACE:\"SEASON\"=\"SEA\\qSON\" | \\q is not an escape",
  })
  void aFileThatIsNotALayoutIsRefusedWithWhereItIsWrong(String what, String edit, String message) {
    String text = LayoutJson.write(sample());
    String broken;
    if (edit.startsWith("APPEND:")) {
      broken = text + edit.substring("APPEND:".length());
    } else {
      String[] parts = edit.substring("REPLACE:".length()).split("=", 2);
      broken = text.replaceFirst(java.util.regex.Pattern.quote(parts[0]),
          java.util.regex.Matcher.quoteReplacement(parts[1]));
    }
    assertTrue(!broken.equals(text), "the edit applies to\n" + text);
    LayoutJson.LayoutFileException e = assertThrows(LayoutJson.LayoutFileException.class, () -> LayoutJson.read(broken));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  private static StoredLayout sample() {
    StoredLayout.Segment season = new StoredLayout.Segment("season", "java.lang.String", StoredLayout.Codec.TEXT, 0, 0, 0,
        false, '\0', false, false);
    StoredLayout.Segment score = new StoredLayout.Segment("score", "java.lang.Integer", StoredLayout.Codec.DIGITS, 4, 0,
        9999, true, '\0', false, false);
    return new StoredLayout("com.acme.Run", 1, new StoredLayout.Key("pk", "SEASON", '#', List.of(season)),
        new StoredLayout.Key("sk", "", '#', List.of(score)), null, List.of(), List.of(), List.of(), null,
        List.of(new StoredLayout.Attribute("season", "season", "java.lang.String")));
  }

  private static StoredLayout randomLayout(Random random) {
    List<StoredLayout.Index> indexes = new ArrayList<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      indexes.add(new StoredLayout.Index("ix" + i, random.nextBoolean(), key(random),
          random.nextBoolean() ? key(random) : null));
    }
    List<StoredLayout.NativeIndex> natives = new ArrayList<>();
    for (int i = random.nextInt(2); i > 0; i--) {
      natives.add(new StoredLayout.NativeIndex("n" + i, List.of(name(random)),
          random.nextBoolean() ? List.of() : List.of(name(random), name(random))));
    }
    List<StoredLayout.Unique> uniques = new ArrayList<>();
    for (int i = random.nextInt(2); i > 0; i--) {
      uniques.add(new StoredLayout.Unique("u" + i, key(random), random.nextBoolean() ? key(random) : null));
    }
    List<StoredLayout.Attribute> attributes = new ArrayList<>();
    for (int i = random.nextInt(5); i > 0; i--) {
      attributes.add(new StoredLayout.Attribute(name(random), name(random), "java.util.List<" + name(random) + ">"));
    }
    StoredLayout.Shards shards = random.nextBoolean() ? null
        : new StoredLayout.Shards(1 + random.nextInt(64), random.nextBoolean() ? List.of() : List.of(name(random)),
            random.nextBoolean());
    return new StoredLayout("com.acme." + name(random), 1 + random.nextInt(1000), key(random),
        random.nextBoolean() ? key(random) : null, shards, indexes, natives, uniques,
        random.nextBoolean() ? name(random) : null, attributes);
  }

  private static StoredLayout.Key key(Random random) {
    List<StoredLayout.Segment> segments = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      StoredLayout.Codec codec = StoredLayout.Codec.values()[random.nextInt(3)];
      boolean digits = codec == StoredLayout.Codec.DIGITS;
      boolean path = codec == StoredLayout.Codec.PATH;
      segments.add(new StoredLayout.Segment("c" + i + name(random), name(random), codec, digits ? 1 + random.nextInt(38) : 0,
          digits ? random.nextLong() : 0, digits ? random.nextLong() : 0, digits && random.nextBoolean(),
          path ? ODD.charAt(random.nextInt(ODD.length())) : '\0', path && random.nextBoolean(), random.nextBoolean()));
    }
    return new StoredLayout.Key(name(random), random.nextBoolean() ? "" : name(random),
        ODD.charAt(random.nextInt(ODD.length())), segments);
  }

  private static String name(Random random) {
    StringBuilder out = new StringBuilder();
    for (int i = random.nextInt(8); i >= 0; i--) {
      out.append(random.nextInt(4) == 0 ? ODD.charAt(random.nextInt(ODD.length())) : (char) ('a' + random.nextInt(26)));
    }
    return out.toString();
  }
}
