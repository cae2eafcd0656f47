package io.dynakeys.operations.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JSON of reports and checkpoints through Jackson: the text is exactly what the tools wrote
 * before (the expected strings below are the former hand-written writer's output, byte for byte),
 * printable ASCII whatever the strings hold, and it reads back to the same tree; what is not JSON
 * is refused with where and why.
 */
class JsonTreesTest {
  private static Map<String, Object> hostile() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("s", "é\u0000\u001f\u007f\"\\/\b\f\n\r\t\uD83D\uDE00");
    m.put("n", List.of(0L, -12L, new BigDecimal("1.50"), 2.5d));
    m.put("empty", new LinkedHashMap<>());
    m.put("none", List.of());
    m.put("t", true);
    m.put("z", null);
    m.put("nested", Map.of("k", List.of(Map.of())));
    return m;
  }

  @Test
  void theTextIsTheFormerWritersByteForByte() {
    assertEquals("""
        {
          "s": "\\u00e9\\u0000\\u001f\\u007f\\"\\\\/\\u0008\\u000c\\n\\r\\t\\ud83d\\ude00",
          "n": [
            0,
            -12,
            1.50,
            2.5
          ],
          "empty": {},
          "none": [],
          "t": true,
          "z": null,
          "nested": {
            "k": [
              {}
            ]
          }
        }""", JsonTrees.write(hostile()));
    assertEquals("{\"s\":\"\\u00e9\\u0000\\u001f\\u007f\\\"\\\\/\\u0008\\u000c\\n\\r\\t\\ud83d\\ude00\","
        + "\"n\":[0,-12,1.50,2.5],\"empty\":{},\"none\":[],\"t\":true,\"z\":null,\"nested\":{\"k\":[{}]}}",
        JsonTrees.writeCompact(hostile()));
  }

  @Test
  void randomTreesArePrintableAsciiAndReadBackTheSame() {
    Random random = new Random(25);
    for (int i = 0; i < 2000; i++) {
      Object tree = tree(random, 0);
      for (String text : List.of(JsonTrees.write(tree), JsonTrees.writeCompact(tree))) {
        assertTrue(text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c < 0x7f)), text);
        assertEquals(tree, JsonTrees.parse(text), text);
      }
    }
  }

  private static Object tree(Random random, int depth) {
    switch (random.nextInt(depth > 3 ? 5 : 7)) {
      case 0:
        return null;
      case 1:
        return random.nextBoolean();
      case 2:
        return random.nextLong();
      case 3:
        return new BigDecimal(random.nextInt(1_000_000)).movePointLeft(1 + random.nextInt(4))
            .add(new BigDecimal("0.0001"));
      case 4:
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(8); i > 0; i--) {
          s.append((char) random.nextInt(0x10000));
        }
        return s.toString();
      case 5:
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = random.nextInt(4); i > 0; i--) {
          m.put("k" + i + (char) random.nextInt(0x3000), tree(random, depth + 1));
        }
        return m;
      default:
        List<Object> l = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
          l.add(tree(random, depth + 1));
        }
        return l;
    }
  }

  @Test
  void numbersAreLongsOrDecimals() {
    assertEquals(List.of(1L, 1L, new BigDecimal("1.5"), new BigDecimal("123456789012345678901234567890"), -3L),
        JsonTrees.parse("[1, 1.0, 1.5, 123456789012345678901234567890, -3e0]"));
  }

  @Test
  void whatIsNotJsonIsRefusedWithWhereAndWhy() {
    for (String bad : List.of("", "{", "{\"a\": 1,}", "[1 2]", "{\"a\": 1} x", "{\"a\": 1, \"a\": 2}", "nul",
        "\"open")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonTrees.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("not JSON"), e::getMessage);
    }
    assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonTrees.parse("{\"a\": 1, \"a\": 2}"))
        .getMessage().contains("Duplicate field 'a'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> JsonTrees.parse("{\"a\": 1} x"))
        .getMessage().contains("offset"));
  }
}
