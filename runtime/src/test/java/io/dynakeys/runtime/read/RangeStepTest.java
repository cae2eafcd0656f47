package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.read.NumberRange;
import io.dynakeys.runtime.internal.read.Range;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.TextCodec;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A range step sends exactly the condition the codec's range gives {@code KeyQuery.withRange}: the
 * same bounds as calling the codec directly, for every operation, for text, digits and integers.
 */
class RangeStepTest {
  private static final PaddedCodec<Integer> SCORE = PaddedCodec.of(Integer.class, "Run", "score", 10, 0, Integer.MAX_VALUE, true);
  private static final PaddedCodec<Instant> AT = PaddedCodec.of(Instant.class, "Run", "at", 13, 0, 9_999_999_999_999L, false);
  private static final TextCodec<String> NAME = TextCodec.of(String.class, "Run", "name", '#');

  private static KeyQuery<Object> partition() {
    return KeyQuery.partition(null, "pk", "SEASON#x", "sk", '#', "RUN#");
  }

  @Test
  void everyOperationIsTheCodecsRange() {
    for (boolean last : new boolean[] {false, true}) {
      KeyQuery<Object> q = partition();
      NumberRangeStep<Object> score = NumberRange.of(q, SCORE.digits(), last);
      assertEquals(q.withRange(SCORE.digits().between(10, 1500), last).toString(), score.between(10, 1500).toString());
      assertEquals(q.withRange(SCORE.digits().atLeast(10), last).toString(), score.atLeast(10).toString());
      assertEquals(q.withRange(SCORE.digits().atMost(10), last).toString(), score.atMost(10).toString());
      assertEquals(q.withRange(SCORE.digits().greaterThan(10), last).toString(), score.greaterThan(10).toString());
      assertEquals(q.withRange(SCORE.digits().lessThan(10), last).toString(), score.lessThan(10).toString());

      RangeStep<Object, String> name = Range.of(q, NAME, last);
      assertEquals(q.withRange(NAME.between("a", "m"), last).toString(), name.between("a", "m").toString());
      assertEquals(q.withRange(NAME.atLeast("a"), last).toString(), name.atLeast("a").toString());
      assertEquals(q.withRange(NAME.atMost("a"), last).toString(), name.atMost("a").toString());
      assertEquals(q.withRange(NAME.greaterThan("a"), last).toString(), name.greaterThan("a").toString());
      assertEquals(q.withRange(NAME.lessThan("b"), last).toString(), name.lessThan("b").toString());

      Instant t = Instant.ofEpochMilli(1_719_100_800_000L);
      RangeStep<Object, Instant> at = Range.of(q, AT, last);
      assertEquals(q.withRange(AT.atLeast(t), last).toString(), at.atLeast(t).toString());
    }
  }

  @Test
  void anIntegerStepTakesLongBoundsAndCutsThemToTheDomain() {
    NumberRangeStep<Object> score = NumberRange.of(partition(), SCORE.digits(), false);
    assertEquals(score.atLeast(0).toString(), score.atLeast(Long.MIN_VALUE).toString(), "below the domain is its start");
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> score.atLeast(5_000_000_000L));
    assertEquals(true, empty.getMessage().startsWith("empty range: Run.score"), empty.getMessage());
    assertThrows(IllegalArgumentException.class, () -> score.between(10, 1));
  }

  @Test
  void nullBoundsAndNullPartsAreRefused() {
    RangeStep<Object, String> name = Range.of(partition(), NAME, true);
    assertThrows(KeyFormatException.class, () -> name.atLeast(null));
    assertThrows(KeyFormatException.class, () -> name.between("a", null));
    assertThrows(NullPointerException.class, () -> Range.of(null, NAME, true));
    assertThrows(NullPointerException.class, () -> Range.of(partition(), null, true));
    assertThrows(NullPointerException.class, () -> NumberRange.of(partition(), null, true));
  }
}
