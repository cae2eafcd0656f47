package io.dynakeys.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Contract 1: a parser accepts exactly the strings its encoder can produce. For every generated
 * parser of the package's records (table and index partition and sort keys, path keys; padded,
 * inverted, negative and full-range numbers, BigInteger, padded and ISO times, UUID, enum,
 * strings in the middle and last, prefixes), valid keys of random hostile items are mutated
 * (inserted, deleted and replaced delimiters, digits, signs, unpaired surrogates, U+0000, U+FFFF,
 * supplementary and non-ASCII characters, swapped components, long runs over the size limits),
 * and for every mutant {@code s}:
 *
 * <ul>
 *   <li>either {@code parse(s)} succeeds and {@code encode(parse(s))} is exactly {@code s},
 *   <li>or it throws a {@link KeyFormatException} naming the record, the key or one of its
 *       components, and {@code s} itself; never any other exception.
 * </ul>
 *
 * Every valid key parses back to the item's values and re-encodes to itself, and no encoder
 * writes a key over DynamoDB's limits; keys of exactly 1024 (sort) and 2048 (partition) UTF-8
 * bytes parse, one byte more (whatever the width of the last character) is refused by both
 * parser and encoder.
 */
class ParserFuzzTest {

  @BeforeAll
  static void banner() {
    System.out.println(Fuzz.banner("ParserFuzzTest"));
  }

  @Test
  void everyGeneratedParserIsFound() {
    Set<String> names = new HashSet<>();
    ParserCase.everyParser().forEach(c -> names.add(c.name()));
    for (String expected : List.of("NumbersKeys.parsePartitionKey", "NumbersKeys.parseSortKey",
        "NumbersKeys.ByAccount.parsePartitionKey", "NumbersKeys.ByAccount.parseSortKey",
        "NumbersKeys.ByWide.parseSortKey",
        "MomentsKeys.ByColor.parsePartitionKey", "MomentsKeys.ByColor.parseSortKey",
        "LabelKeys.ByName.parseSortKey", "VersionKeys.parseSortKey", "DocKeys.parseSortKey",
        "RangeRecords_TextKeys.parseSortKey", "RangeRecords_IsoOffsetKeys.parseSortKey")) {
      assertTrue(names.contains(expected), expected + " not among " + names);
    }
    assertEquals(2 * Fixtures.KEYS.size() + 7, names.size(), names.toString());
  }

  @TestFactory
  Stream<DynamicTest> everyParserAcceptsExactlyTheKeysItsEncoderWrites() {
    return ParserCase.all().stream().map(c -> dynamicTest(c.name(), () -> fuzz(c)));
  }

  private static void fuzz(ParserCase c) {
    long seed = Fuzz.caseSeed(c.name());
    SplittableRandom r = new SplittableRandom(seed);
    int limit = c.keyName().equals("sort key") ? 1024 : 2048;
    int mutants = Fuzz.iterations();
    List<String> failures = new ArrayList<>();
    int validKeys = 0;
    int encoderRefusals = 0;
    int accepted = 0;
    int refused = 0;
    String key = null;
    for (int i = 0; i < mutants && failures.size() < 10; i++) {
      if (key == null || i % 16 == 0) {
        Object item = c.randomItem(r);
        for (int attempt = 0; attempt < 200; attempt++) {
          String encoded;
          try {
            encoded = c.encode(item);
          } catch (KeyFormatException e) {
            encoderRefusals++;
            if (!c.recordName().equals(e.record())) {
              failures.add("the encoder's refusal of " + item + " names record " + e.record());
            }
            // Draw the refused component again; a refusal of the whole key draws a new item.
            item = c.components().contains(e.component())
                ? Fixtures.with(item, e.component(), Hostile.value(
                    Fixtures.component(item, e.component()).getClass(), r))
                : c.randomItem(r);
            continue;
          } catch (RuntimeException e) {
            failures.add("the encoder threw " + e + " for " + item);
            item = c.randomItem(r);
            continue;
          }
          validKeys++;
          String problem = checkValid(c, item, encoded, limit);
          if (problem != null) {
            failures.add(problem);
          }
          key = encoded;
          break;
        }
        if (key == null) {
          fail(c + ": no random item encodes (seed " + Fuzz.show(seed) + ")");
        }
      }
      String s = Hostile.mutate(key, r);
      Object parts;
      try {
        parts = c.parse(s);
      } catch (KeyFormatException e) {
        refused++;
        String problem = c.checkRefusal(e, s);
        if (problem != null) {
          failures.add("the refusal of " + Fixtures.escape(s) + " " + problem);
        }
        continue;
      } catch (RuntimeException | Error e) {
        failures.add("parse(" + Fixtures.escape(s) + ") threw " + e + " instead of a KeyFormatException");
        continue;
      }
      accepted++;
      String again;
      try {
        again = c.encodeParts(parts);
      } catch (RuntimeException e) {
        failures.add("parse(" + Fixtures.escape(s) + ") accepted " + parts
            + ", which the encoder refuses: " + e);
        continue;
      }
      if (!again.equals(s)) {
        failures.add("parse(" + Fixtures.escape(s) + ") accepted " + parts + ", which encodes as "
            + Fixtures.escape(again));
      }
    }
    String summary = c + " (case seed " + Fuzz.show(seed) + "): " + validKeys + " valid keys ("
        + encoderRefusals + " random items refused by the encoder), " + (accepted + refused)
        + " mutants: " + accepted + " accepted, " + refused + " refused";
    System.out.println(summary);
    if (!failures.isEmpty()) {
      fail(summary + "\n  " + String.join("\n  ", failures));
    }
  }

  /** A variable-length component stretched to put its key at a given UTF-8 size. */
  private record Stretch(String parser, String component, Function<String, Object> value, String marker) {
    @Override
    public String toString() {
      return parser + " through " + component;
    }
  }

  private static final List<Stretch> STRETCHES = List.of(
      new Stretch("NumbersKeys.parsePartitionKey", "tenant", s -> s, "\u00a7"),
      new Stretch("NumbersKeys.parseSortKey", "id", s -> s, "\u00a7"),
      new Stretch("NumbersKeys.ByAccount.parsePartitionKey", "account", BigInteger::new, "7"),
      new Stretch("LabelKeys.parsePartitionKey", "owner", s -> s, "\u00a7"),
      new Stretch("LabelKeys.parseSortKey", "name", s -> s, "\u00a7"),
      new Stretch("LabelKeys.parseSortKey", "tag", s -> s, "\u00a7"),
      new Stretch("LabelKeys.ByName.parsePartitionKey", "name", s -> s, "\u00a7"),
      new Stretch("LabelKeys.ByName.parseSortKey", "owner", s -> s, "\u00a7"),
      new Stretch("VersionKeys.parsePartitionKey", "owner", s -> s, "\u00a7"),
      new Stretch("VersionKeys.parseSortKey", "path", s -> TreePath.folder("root", s), "\u00a7"),
      new Stretch("DocKeys.parsePartitionKey", "owner", s -> s, "\u00a7"),
      new Stretch("DocKeys.parseSortKey", "volume", s -> s, "\u00a7"),
      new Stretch("DocKeys.parseSortKey", "path", s -> TreePath.file("root", s), "\u00a7"),
      new Stretch("DocKeys.parseSortKey", "path", s -> TreePath.folder(s), "\u00a7"),
      new Stretch("RangeRecords_TextKeys.parseSortKey", "v", s -> s, "\u00a7"),
      new Stretch("RangeRecords_TextKeys.parseSortKey", "w", s -> s, "\u00a7"));

  @TestFactory
  Stream<DynamicTest> keysAtDynamoDbsSizeLimitsParseAndOneByteMoreIsRefusedByParserAndEncoder() {
    Map<String, ParserCase> byName = new HashMap<>();
    ParserCase.everyParser().forEach(c -> byName.put(c.name(), c));
    return STRETCHES.stream().map(s -> dynamicTest(s.toString(), () -> {
      ParserCase c = byName.get(s.parser());
      assertNotNull(c, s.parser());
      stretch(c, s);
    }));
  }

  private static void stretch(ParserCase c, Stretch s) {
    int limit = c.keyName().equals("sort key") ? 1024 : 2048;
    Object marked = Fixtures.with(Fixtures.sampleRecord(c.recordType()), s.component(), s.value().apply(s.marker()));
    String template = c.encode(marked);
    assertEquals(template.indexOf(s.marker()), template.lastIndexOf(s.marker()), template);
    int fixedBytes = utf8(template) - utf8(s.marker());
    boolean digits = s.marker().equals("7");
    List<String> tails = digits ? List.of("0") : List.of("x", "\u00e9", "\u4e2d", Hostile.EMOJI);
    int checked = 0;
    for (int target = limit - 4; target <= limit + 4; target++) {
      for (String tail : tails) {
        int fill = target - fixedBytes - utf8(tail);
        if (fill < 0) {
          continue;
        }
        String filler = (digits ? "1" + "0".repeat(fill - 1) : "x".repeat(fill)) + tail;
        String key = template.replace(s.marker(), filler);
        assertEquals(target, utf8(key), "the stretched key's size");
        Object item = Fixtures.with(marked, s.component(), s.value().apply(filler));
        String what = c + " of " + target + " UTF-8 bytes ending in " + Fixtures.escape(tail);
        checked++;
        if (target <= limit) {
          assertEquals(key, c.encode(item), what + ": the encoder's key");
          Object parts = c.parse(key);
          assertTrue(c.sameValues(parts, item), what + ": parsed " + parts);
          assertEquals(key, c.encodeParts(parts), what + ": re-encoded");
        } else {
          KeyFormatException encoding = assertThrows(KeyFormatException.class, () -> c.encode(item), what);
          assertEquals(c.recordName(), encoding.record(), what);
          assertEquals(c.keyName(), encoding.component(), what);
          assertEquals(key, encoding.value(), what);
          assertEquals(c.recordName() + "." + c.keyName() + ": the key is " + target + " UTF-8 bytes, over"
              + " DynamoDB's limit of " + limit + " bytes: shorten the variable-length components"
              + " (value: " + quote(key) + ")", encoding.getMessage(), what);
          KeyFormatException parsing = assertThrows(KeyFormatException.class, () -> c.parse(key), what);
          assertEquals(c.recordName(), parsing.record(), what);
          assertEquals(c.keyName(), parsing.component(), what);
          assertEquals(key, parsing.value(), what);
          assertTrue(parsing.getMessage().startsWith(c.recordName() + "." + c.keyName() + ": cannot parse "
              + c.keyName() + ": the key is " + target + " UTF-8 bytes, over DynamoDB's limit of " + limit
              + ": no encoder writes such a key"), what + ": " + parsing.getMessage());
        }
      }
    }
    assertTrue(checked >= 9 * tails.size() - 4, "checked " + checked);
  }

  /** KeyFormatException's rendering of a value in messages: the first 200 chars. */
  private static String quote(String value) {
    return "\"" + value.substring(0, Math.min(200, value.length()))
        + (value.length() > 200 ? "…(" + value.length() + " chars)" : "") + "\"";
  }

  private static int utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  private static String checkValid(ParserCase c, Object item, String key, int limit) {
    int bytes = key.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > limit) {
      return "the encoder wrote " + Fixtures.escape(key) + " of " + bytes + " bytes for " + item;
    }
    Object parts;
    try {
      parts = c.parse(key);
    } catch (RuntimeException e) {
      return "the parser refuses the encoder's key " + Fixtures.escape(key) + " of " + item + ": " + e;
    }
    if (!c.sameValues(parts, item)) {
      return "parse(" + Fixtures.escape(key) + ") gives " + parts + ", but the item was " + item;
    }
    String again = c.encodeParts(parts);
    if (!again.equals(key)) {
      return "parse(" + Fixtures.escape(key) + ") gives " + parts + ", which encodes as " + Fixtures.escape(again);
    }
    return null;
  }
}
