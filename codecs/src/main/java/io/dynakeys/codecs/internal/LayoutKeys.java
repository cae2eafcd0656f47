package io.dynakeys.codecs.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The keys of an {@link EntityLayout} written and read by its segments' codecs, as a generated
 * encoder and parser of that layout write and read them: the head, each component by its codec
 * joined by the delimiter, the shard of a sharded partition key, DynamoDB's length limits. What
 * reads and writes a layout that no generated method stands for, such as an older version's ({@code
 * @LayoutVersion(live = ...)}).
 */
public final class LayoutKeys {
  private LayoutKeys() {}

  /**
   * The text of {@code key} for the components {@code values} gives by name, or {@code null} when
   * an {@code Optional} component is empty (the item is in no index keyed by it).
   *
   * @param record the record's simple name, for messages
   * @param key the key
   * @param values a component's value by its name: an {@code Optional} is unwrapped
   * @param limit DynamoDB's byte limit on the key
   * @param keyName {@code "partition key"} or {@code "sort key"}, for messages
   * @throws io.dynakeys.runtime.KeyFormatException when a codec refuses a value, as the encoder would
   */
  public static String write(String record, EntityLayout.Key key, Function<String, Object> values, int limit,
      String keyName) {
    StringBuilder out = new StringBuilder(key.head());
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = 0; i < segments.size(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      Object value = values.apply(segment.component());
      if (value instanceof Optional<?> optional) {
        if (optional.isEmpty()) {
          return null;
        }
        value = optional.get();
      }
      @SuppressWarnings("unchecked")
      KeyCodec<Object> codec = (KeyCodec<Object>) segment.codec();
      if (i > 0) {
        out.append(key.delimiter());
      }
      out.append(codec.encode(value));
    }
    return Utf8.checkLength(out.toString(), limit, record, keyName);
  }

  /**
   * The partition key of {@code layout} for these components: its shard, for a sharded layout
   * whose shards are hashed from the key, from the components {@code shardBy} names (the whole
   * sort key when empty).
   *
   * @throws IllegalArgumentException when the layout's shards are random: no shard is a function
   *     of the components
   */
  public static String partitionKey(EntityLayout layout, List<String> shardBy, Function<String, Object> values) {
    String key = write(layout.record(), layout.partition(), values, Utf8.PARTITION_KEY_LIMIT, "partition key");
    if (layout.shards() < 1) {
      return key;
    }
    if (layout.randomShards()) {
      throw new IllegalArgumentException(layout.record() + "'s shards are random: an item has no one partition key");
    }
    ShardCodec shards = new ShardCodec(layout.record(), layout.partition().delimiter(), layout.shards());
    String text;
    if (shardBy.isEmpty()) {
      text = sortKey(layout, values);
    } else {
      StringBuilder by = new StringBuilder();
      for (int i = 0; i < shardBy.size(); i++) {
        String component = shardBy.get(i);
        EntityLayout.Segment segment = segment(layout, component);
        Object value = values.apply(component);
        @SuppressWarnings("unchecked")
        KeyCodec<Object> codec = (KeyCodec<Object>) segment.codec();
        by.append(i == 0 ? "" : String.valueOf(layout.partition().delimiter())).append(codec.encode(value));
      }
      text = by.toString();
    }
    return shards.append(key, shards.shardOf(text));
  }

  /** The sort key of {@code layout} for these components, or {@code null} when it has none. */
  public static String sortKey(EntityLayout layout, Function<String, Object> values) {
    return layout.sort() == null ? null
        : write(layout.record(), layout.sort(), values, Utf8.SORT_KEY_LIMIT, "sort key");
  }

  private static EntityLayout.Segment segment(EntityLayout layout, String component) {
    for (EntityLayout.Key key : layout.sort() == null ? List.of(layout.partition())
        : List.of(layout.partition(), layout.sort())) {
      for (EntityLayout.Segment s : key.segments()) {
        if (s.component().equals(component)) {
          return s;
        }
      }
    }
    throw new IllegalArgumentException(component + " is in no key of " + layout.record() + ", so it cannot choose a shard");
  }

  /**
   * The components {@code text} holds, read as the parser of {@code key} reads it: its head, each
   * segment by its codec, and, with {@code shards}, the shard number (under {@code "shard"}).
   *
   * @param shards the shard codec of a sharded partition key, or {@code null}
   * @param partition whether it is a partition key (for the length limit and messages)
   * @return the components by name, in key order
   * @throws io.dynakeys.runtime.KeyFormatException when no value of the components gives this text
   */
  public static Map<String, Object> read(String record, EntityLayout.Key key, String text, ShardCodec shards,
      boolean partition) {
    KeyReader reader = partition ? KeyReader.partitionKey(text, record, key.delimiter())
        : KeyReader.sortKey(text, record, key.delimiter());
    if (!key.head().isEmpty()) {
      reader.literal(key.head());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = 0; i < segments.size(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      if (i > 0) {
        reader.delimiter(segment.component());
      }
      out.put(segment.component(), segment.codec().decode(reader, i == segments.size() - 1 && shards == null));
    }
    if (shards != null) {
      reader.delimiter("shard");
      out.put("shard", shards.decode(reader));
    }
    reader.end();
    return Collections.unmodifiableMap(out);
  }

  /**
   * The components of the whole segments a prefix of a sort key of {@code key} holds, read as
   * {@link #read} reads them: {@code text} is empty, the key's head ({@code RUN#}, or a constant
   * key's bare prefix), the head and some components each followed by the delimiter
   * ({@code RUN#0000001500#}, what an equality on the first components of a query selects), or a
   * whole key.
   *
   * @return the components by name, in key order; empty when the prefix holds none
   * @throws io.dynakeys.runtime.KeyFormatException when {@code text} is no such prefix
   */
  public static Map<String, Object> readPrefix(String record, EntityLayout.Key key, String text) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (text.isEmpty() || key.segments().isEmpty() && text.equals(key.prefix())) {
      return Collections.unmodifiableMap(out);
    }
    KeyReader reader = KeyReader.sortKey(text, record, key.delimiter());
    if (!key.head().isEmpty()) {
      reader.literal(key.head());
    }
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = 0; i < segments.size() && reader.position() < text.length(); i++) {
      EntityLayout.Segment segment = segments.get(i);
      boolean last = i == segments.size() - 1;
      out.put(segment.component(), segment.codec().decode(reader, last));
      if (!last) {
        reader.delimiter(segments.get(i + 1).component());
      }
    }
    reader.end();
    return Collections.unmodifiableMap(out);
  }
}
