package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.codecs.testing.PropertySeed;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link PaddedLongCodec#repad}: digits stored at one width, written at another, as a key written
 * before a {@code @Padded} width changed would be in the new layout. Checked against the codec
 * itself: re-padding what a codec of the old width wrote gives what a codec of the new width
 * writes.
 */
class PaddedRepadTest {

  @ParameterizedTest(name = "{0} at {1} digits, inverted {2}: {3}")
  @CsvSource(nullValues = "null", value = {
      // growing
      "1500,          10, false, 0000001500",
      "9999998499,    12, true,  999999998499",
      "0000001500,    12, false, 000000001500",
      "0,              3, false, 000",
      "9,              3, true,  999",
      // shrinking
      "0000001500,     4, false, 1500",
      "9999998499,     4, true,  8499",
      "0000001500,     5, false, 01500",
      // the same width
      "0042,           4, false, 0042",
      "9957,           4, true,  9957",
      // values that no longer fit
      "123456789012,  10, false, null",
      "0000001500,     3, false, null",
      "9999998499,     3, true,  null",
      "9999,           1, true,  9",
      "0000,           1, true,  null",
      // a complement of all nines is 0 at any width
      "99,            25, true,  9999999999999999999999999",
      // 19 digits and more: beyond a long
      "9223372036854775807,       25, false, 0000009223372036854775807",
      "99999999999999999999,      19, false, null",
      "00000000000000000000042,   19, false, 0000000000000000042",
      "9999999999999999999957,    20, true,  99999999999999999957",
      "0999999999999999999999,    21, true,  null",
  })
  void repadsAtTheNewWidth(String digits, int width, boolean inverted, String expected) {
    assertEquals(expected, PaddedLongCodec.repad(digits, width, inverted));
  }

  /** What a codec of one width wrote, re-padded, is what a codec of another width writes. */
  @Test
  void agreesWithTheCodecsOfBothWidths() {
    Random random = new Random(PropertySeed.of("repad"));
    for (int trial = 0; trial < 2_000; trial++) {
      boolean inverted = random.nextBoolean();
      int from = 1 + random.nextInt(19);
      int to = 1 + random.nextInt(19);
      long max = from >= 19 ? Long.MAX_VALUE : (long) Math.pow(10, from) - 1;
      long any = max == Long.MAX_VALUE ? random.nextLong() & Long.MAX_VALUE : Math.floorMod(random.nextLong(), max + 1);
      long value = trial % 10 == 0 ? (trial % 20 == 0 ? 0 : max) : any;
      String stored = new PaddedLongCodec("Run", "score", from, 0, max, inverted).encode(value);
      String repadded = PaddedLongCodec.repad(stored, to, inverted);
      if (Long.toString(value).length() > to) {
        assertNull(repadded, stored + " at " + to);
      } else {
        long top = to >= 19 ? Long.MAX_VALUE : (long) Math.pow(10, to) - 1;
        assertEquals(new PaddedLongCodec("Run", "score", to, 0, top, inverted).encode(value), repadded,
            stored + " at " + to);
      }
    }
  }

  @Test
  void refusesTextThatIsNoDigits() {
    assertThrows(IllegalArgumentException.class, () -> PaddedLongCodec.repad("", 3, false));
    assertThrows(IllegalArgumentException.class, () -> PaddedLongCodec.repad("-1", 3, false));
    assertThrows(IllegalArgumentException.class, () -> PaddedLongCodec.repad("12a", 3, true));
    assertThrows(IllegalArgumentException.class, () -> PaddedLongCodec.repad("12", 0, true));
  }
}
