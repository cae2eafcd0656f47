package io.dynakeys.runtime.internal;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.KeyReader;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.KeyFormatException;
import java.util.List;
import java.util.Map;

/**
 * Keys read and written from an {@link EntityLayout} alone, by its segments' codecs: the same
 * codecs, prefixes and delimiters the generated encoders and parsers use, so a key decoded here
 * is the key a parser accepts, and a key encoded here is the one the table schema computes (the
 * write oracle compares every stored key with the schema's own on every step).
 */
public final class KeyText {
  private KeyText() {}

  /**
   * Reads the components of the table's partition or sort key {@code text} into {@code out}.
   *
   * @throws KeyFormatException when {@code text} is no key of this layout
   */
  public static void decode(EntityLayout layout, EntityLayout.Key key, boolean partition, String text,
      Map<String, Object> out) {
    KeyReader reader = partition ? KeyReader.partitionKey(text, layout.record(), key.delimiter())
        : KeyReader.sortKey(text, layout.record(), key.delimiter());
    String head = key.head();
    if (!head.isEmpty()) {
      reader.literal(head);
    }
    List<EntityLayout.Segment> segments = key.segments();
    boolean sharded = partition && layout.shards() > 0;
    for (int i = 0; i < segments.size(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      if (i > 0) {
        reader.delimiter(segment.component());
      }
      out.put(segment.component(), segment.codec().decode(reader, i == segments.size() - 1 && !sharded));
    }
    if (sharded) {
      // The shard always follows a delimiter (ShardCodec.append), after a constant partition's bare
      // prefix too, as the generated parser reads it.
      reader.delimiter("shard");
      new ShardCodec(layout.record(), key.delimiter(), layout.shards()).decode(reader);
    }
    reader.end();
  }

  /**
   * The key text of an index key whose components are {@code values} (Optionals unwrapped).
   *
   * @throws KeyFormatException when a value cannot be written in the key, or the key is too long
   */
  @SuppressWarnings("unchecked")
  public static String encode(String record, EntityLayout.Key key, boolean partition, Map<String, Object> values) {
    StringBuilder out = new StringBuilder(key.head());
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = 0; i < segments.size(); i++) {
      if (i > 0) {
        out.append(key.delimiter());
      }
      EntityLayout.Segment segment = segments.get(i);
      out.append(((KeyCodec<Object>) segment.codec()).encode(values.get(segment.component())));
    }
    return partition
        ? Utf8.checkLength(out.toString(), Utf8.PARTITION_KEY_LIMIT, record, "partition key")
        : Utf8.checkLength(out.toString(), Utf8.SORT_KEY_LIMIT, record, "sort key");
  }
}
