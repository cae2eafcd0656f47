package io.dynakeys.operations.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.TextCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A value of every registered key type, as text and as digits, goes through the command line's text
 * path ({@link EntityModel#partitionKeysOf(EntityLayout, List)} and
 * {@link EntityModel#parsePartitionKey(EntityLayout, String)}) with nothing but the registry's
 * encoding and a codec built on it: adding a key type is one {@link KeyEncoding} and one entry in
 * {@code KeyTypes.ENCODINGS}, and a new registry entry is covered here with no edit. That the
 * operations' and the command line's classes name no concrete encoding and parse no
 * {@code java.time}, {@code UUID} or {@code BigInteger} text themselves is the tools'
 * {@code LayerRulesTest}'s; the processor's side (its writers take a component's encoding from
 * {@code KeyTypes.forName} and emit {@code TextCodec.of}/{@code PaddedCodec.of}, which ask the
 * registry at run time) is the processor's own {@code CodecRulesTest}'s.
 */
class TextPathTest {
  @Test
  void everyRegisteredTypeRoundTripsThroughTheCommandLinesTextPath() {
    List<String> checked = new ArrayList<>();
    for (KeyEncoding<?> registered : KeyTypes.encodings()) {
      @SuppressWarnings("unchecked")
      KeyEncoding<Object> encoding = (KeyEncoding<Object>) registered;
      for (KeyCodec<Object> codec : codecs(encoding)) {
        for (int ordinal = 0; ordinal < 3; ordinal++) {
          Object value = encoding.example(ordinal);
          String typed = encoding.toText(value);
          EntityLayout layout = EntityLayout.of("R", EntityLayout.key("pk", "P", '#', codec), null, 0);
          List<String> keys = EntityModel.partitionKeysOf(layout, List.of(typed));
          String expected = "P#" + codec.encode(value);
          assertEquals(List.of(expected), keys, codec.segment() + " " + typed);
          Map<String, Object> parsed = EntityModel.parsePartitionKey(layout, keys.get(0));
          assertEquals(expected, "P#" + codec.encode(parsed.get("c")), codec.segment() + " " + typed);
          assertEquals(codec.encode(value), codec.encode(codec.parse(codec.encode(value))));
        }
        checked.add(encoding.label() + ":" + codec.segment().kind());
      }
    }
    // every registered type as text, and the paddable ones as digits too
    assertEquals(KeyTypes.encodings().size() + KeyTypes.paddableLabels().size(), checked.size(), checked::toString);
  }

  @Test
  void aPathRoundTripsThroughTheCommandLinesTextPath() {
    io.dynakeys.codecs.internal.PathCodec codec = new io.dynakeys.codecs.internal.PathCodec("R", "c", '#', '/');
    EntityLayout layout = EntityLayout.of("R", EntityLayout.key("pk", "P", '#', codec), null, 0);
    String key = EntityModel.partitionKeysOf(layout, List.of("root/photos/")).get(0);
    assertEquals("P#root/photos/", key);
    assertEquals(io.dynakeys.runtime.TreePath.folder("root", "photos"),
        EntityModel.parsePartitionKey(layout, key).get("c"));
  }

  /** The codecs a component of {@code encoding} may have: as text, and as digits when paddable. */
  private static List<KeyCodec<Object>> codecs(KeyEncoding<Object> encoding) {
    List<KeyCodec<Object>> out = new ArrayList<>();
    out.add(new TextCodec<>("R", "c", '#', encoding));
    if (encoding.paddable()) {
      long lo = encoding.toUnits(encoding.example(0));
      long hi = lo;
      for (int i = 1; i < 3; i++) {
        long units = encoding.toUnits(encoding.example(i));
        lo = Math.min(lo, units);
        hi = Math.max(hi, units);
      }
      long min = Math.max(encoding.minUnits(), Math.min(0, lo));
      long max = Math.min(encoding.maxUnits(), Math.max(hi, 999));
      out.add(new PaddedCodec<>("R", "c", encoding, PaddedLongCodec.digitsNeeded(min, max), min, max, false));
    }
    return out;
  }
}
