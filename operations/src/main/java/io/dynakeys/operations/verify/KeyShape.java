package io.dynakeys.operations.verify;

import io.dynakeys.codecs.internal.Digits;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.ShardCodec;
import java.util.ArrayList;
import java.util.List;

/**
 * A stored key split by its layout's delimiter and compared with the layout segment by segment,
 * for keys the generated parser rejects: does the key have the layout's shape except for the
 * widths of its numbers (an item written before a {@code @Padded} width changed) or its shard
 * number? Components never contain the delimiter (the encoders refuse such values), so splitting
 * on it yields exactly one piece per component.
 *
 * @param fits whether the key has the layout's prefix, number of components, digits where digits
 *     belong and text of the declared length, widths aside
 * @param problem why it does not fit, or {@code null}
 * @param widths the numeric segments of another width
 * @param shardProblem what is wrong with the shard number, or {@code null}
 * @param normalized the key with every number re-encoded at its declared width (inverted digits
 *     re-complemented, by {@link PaddedLongCodec#repad}) and the shard padded to
 *     {@link ShardCodec#width(int)}, or {@code null} when that is impossible: what the key
 *     would be in the current layout, to tell a pure width change from a changed value
 * @param withoutShard for a sharded key, {@code normalized} up to the delimiter before the shard
 *     (known even when the shard number is out of range); else {@code null}
 */
record KeyShape(boolean fits, String problem, List<Width> widths, String shardProblem, String normalized,
    String withoutShard) {

  /**
   * A numeric segment of another width.
   *
   * @param component the component
   * @param declared the width the layout declares
   * @param found the width stored
   */
  record Width(String component, int declared, int found) {}

  static KeyShape misfit(String problem) {
    return new KeyShape(false, problem, List.of(), null, null, null);
  }

  /**
   * Whether {@code computed}, the key recomputed from the item's components, is this key in the
   * current layout: the difference is exactly the widths or the shard number found.
   */
  boolean explains(String computed, char delimiter) {
    if (!explainsParseFailure()) {
      return false;
    }
    if (computed.equals(normalized)) {
      return true;
    }
    int cut = computed.lastIndexOf(delimiter);
    return shardProblem != null && withoutShard != null && cut >= 0
        && computed.substring(0, cut).equals(withoutShard.endsWith(String.valueOf(delimiter))
            ? withoutShard.substring(0, withoutShard.length() - 1) : withoutShard);
  }

  /** Whether the key fits the layout but differs in widths or the shard number. */
  boolean explainsParseFailure() {
    return fits && (!widths.isEmpty() || shardProblem != null);
  }

  static KeyShape analyze(EntityLayout.Key layout, int shards, String stored) {
    List<EntityLayout.Segment> segments = layout.segments();
    char delimiter = layout.delimiter();
    String head = layout.head();
    if (segments.isEmpty() && shards > 0 && !layout.prefix().isEmpty()) {
      head = layout.prefix() + delimiter; // a constant partition followed by its shard
    }
    if (!stored.startsWith(head)) {
      return misfit("does not start with \"" + head + "\"");
    }
    int expected = segments.size() + (shards > 0 ? 1 : 0);
    String rest = stored.substring(head.length());
    if (expected == 0) {
      return rest.isEmpty() ? new KeyShape(true, null, List.of(), null, stored, null)
          : misfit("has text after the constant key \"" + head + "\"");
    }
    List<String> parts = split(rest, delimiter);
    if (parts.size() != expected) {
      return misfit("has " + parts.size() + " component(s) between delimiters '" + delimiter + "', the layout "
          + expected);
    }
    List<Width> widths = new ArrayList<>();
    StringBuilder normalized = new StringBuilder(head);
    boolean normalizable = true;
    for (int i = 0; i < segments.size(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      String part = parts.get(i);
      if (part.isEmpty()) {
        return misfit(segment.component() + " is empty");
      }
      switch (segment.kind()) {
        case DIGITS -> {
          if (!digits(part)) {
            return misfit(segment.component() + " \"" + part + "\" is not " + Digits.count(segment.length()));
          }
          if (part.length() != segment.length()) {
            widths.add(new Width(segment.component(), segment.length(), part.length()));
            String repadded = PaddedLongCodec.repad(part, segment.length(), segment.inverted());
            if (repadded == null) {
              normalizable = false;
            } else {
              part = repadded;
            }
          }
        }
        case TEXT -> {
          if (segment.length() >= 0 && part.length() != segment.length()) {
            return misfit(segment.component() + " \"" + part + "\" is not " + segment.length() + " characters");
          }
        }
        default -> {
          // A path: any non-empty text without the key's delimiter.
        }
      }
      normalized.append(i == 0 ? "" : String.valueOf(delimiter)).append(part);
    }
    String shardProblem = null;
    String withoutShard = null;
    if (shards > 0) {
      withoutShard = normalizable ? normalized.toString() : null;
      String part = parts.get(parts.size() - 1);
      // The shard codec's own width and text of the last shard: nothing here re-derives them.
      ShardCodec codec = new ShardCodec("the stored key", delimiter, shards);
      int width = ShardCodec.width(shards);
      if (!digits(part)) {
        return misfit("the shard \"" + part + "\" is not a number");
      }
      // At the layout's width, or null when the number has more digits than any shard's; digits of
      // one width compare as their numbers do.
      String atWidth = PaddedLongCodec.repad(part, width, false);
      String last = codec.encode(shards - 1);
      if (atWidth == null || atWidth.compareTo(last) > 0) {
        shardProblem = "shard " + withoutLeadingZeros(part) + " is outside 0…" + (shards - 1)
            + " (@Sharded(count = " + shards + "))";
        normalizable = false;
      } else if (part.length() != width) {
        shardProblem = "shard \"" + part + "\" is written with " + part.length() + " digit(s), the layout "
            + width;
        part = atWidth;
      }
      normalized.append(segments.isEmpty() ? "" : String.valueOf(delimiter)).append(part);
    }
    return new KeyShape(true, null, List.copyOf(widths), shardProblem, normalizable ? normalized.toString() : null,
        withoutShard);
  }

  private static String withoutLeadingZeros(String digits) {
    int start = 0;
    while (start < digits.length() - 1 && digits.charAt(start) == '0') {
      start++;
    }
    return digits.substring(start);
  }

  private static boolean digits(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static List<String> split(String s, char delimiter) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == delimiter) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }
}
