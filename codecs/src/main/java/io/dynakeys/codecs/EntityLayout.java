package io.dynakeys.codecs;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A record's key layout as the processor checked it, for tools that read live tables (verify,
 * browse, migrate): every key's attribute, prefix, delimiter and segments (each with its codec),
 * the shard count and the indexes. It is composed of values, not text: the runtime's descriptor of a
 * record ({@code EntityDescriptor}, the {@code LAYOUT} of a generated {@code <Record>Keys}) holds
 * one.
 *
 * @param record the record's simple name
 * @param partition the table's partition key
 * @param sort the table's sort key, or {@code null} when the table has none
 * @param shards the number of shards of a {@code @Sharded} record, or 0
 * @param indexes the secondary indexes
 * @param randomShards whether each write chooses its shard at random ({@code @Sharded(random =
 *     true)}, a write-sharded aggregate): an item's key is then the key without its shard followed
 *     by any shard, and no shard is a function of the item
 */
public record EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes,
    boolean randomShards) {

  /** A layout whose shards, if any, are hashed from the key. */
  public EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes) {
    this(record, partition, sort, shards, indexes, false);
  }

  /** This layout, for a write-sharded aggregate: each write goes to a random shard. */
  public EntityLayout withRandomShards() {
    if (shards < 2) {
      throw new IllegalArgumentException(record + " is not sharded: random shards need a shard count");
    }
    return new EntityLayout(record, partition, sort, shards, indexes, true);
  }

  /**
   * The simple name of the keys class the processor generates for a record: {@code RunKeys} for
   * {@code Run}, {@code Outer_RunKeys} for a record {@code Run} nested in {@code Outer}. It lives
   * in the record's package.
   *
   * @param simpleNames the record's simple name after those of the classes enclosing it,
   *     outermost first ({@code [Outer, Run]})
   */
  public static String keysClassSimpleName(List<String> simpleNames) {
    if (simpleNames.isEmpty()) {
      throw new IllegalArgumentException("a record has a simple name");
    }
    return String.join("_", simpleNames) + "Keys";
  }

  /** Copies the indexes. */
  public EntityLayout {
    Objects.requireNonNull(record, "record");
    Objects.requireNonNull(partition, "partition");
    indexes = List.copyOf(indexes);
  }

  /**
   * One key attribute's layout.
   *
   * @param attribute the attribute that holds the key
   * @param prefix the literal prefix tag, or empty
   * @param delimiter the delimiter between the prefix and the segments
   * @param segments the components, in order
   */
  public record Key(String attribute, String prefix, char delimiter, List<Segment> segments) {

    /** Copies the segments. */
    public Key {
      segments = List.copyOf(segments);
    }

    /** The text every key starts with: the prefix and the delimiter, or the prefix alone. */
    public String head() {
      return prefix.isEmpty() ? "" : segments.isEmpty() ? prefix : prefix + delimiter;
    }
  }

  /**
   * One component in a key, as its codec describes it ({@link KeyCodec#segment()}).
   *
   * @param component the component's name
   * @param kind how it is written
   * @param length the digits of {@link Kind#DIGITS}, the chars of fixed-length {@link Kind#TEXT},
   *     or -1 when the text's length varies
   * @param inverted whether digits are the nines' complement
   * @param pathDelimiter the path delimiter of {@link Kind#PATH}, else {@code '\0'}
   * @param codec the codec that writes and reads the component; two segments are equal when they
   *     describe the same layout, whichever codec objects they hold
   */
  public record Segment(String component, Kind kind, int length, boolean inverted, char pathDelimiter,
      KeyCodec<?> codec) {

    /** Checks the codec is there. */
    public Segment {
      Objects.requireNonNull(codec, "codec");
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Segment s && component.equals(s.component) && kind == s.kind
          && length == s.length && inverted == s.inverted && pathDelimiter == s.pathDelimiter;
    }

    @Override
    public int hashCode() {
      return Objects.hash(component, kind, length, inverted, pathDelimiter);
    }

    /** How the layout reads in messages: {@code score:D10I}, {@code name:T}, {@code path:P/}. */
    @Override
    public String toString() {
      switch (kind) {
        case DIGITS:
          return component + ":D" + length + (inverted ? "I" : "");
        case PATH:
          return component + ":P" + pathDelimiter;
        default:
          return component + ":T" + (length < 0 ? "" : Integer.toString(length));
      }
    }
  }

  /** How a segment is written. */
  public enum Kind {
    /** {@code @Padded}: exactly {@code length} ASCII digits. */
    DIGITS,
    /** Text, of a fixed length or not. */
    TEXT,
    /** A {@code @PathSegment} path. */
    PATH
  }

  /**
   * A secondary index.
   *
   * @param name the index name
   * @param local whether it is a local index (the table's partition key)
   * @param partition its partition key (the table's, for a local index)
   * @param sort its sort key, or {@code null}
   */
  public record Index(String name, boolean local, Key partition, Key sort) {}

  /** A key for generated code: its attribute, prefix, delimiter and the codecs of its components, in order. */
  public static Key key(String attribute, String prefix, char delimiter, KeyCodec<?>... codecs) {
    List<Segment> out = new ArrayList<>(codecs.length);
    for (KeyCodec<?> codec : codecs) {
      out.add(codec.segment());
    }
    return new Key(attribute, prefix, delimiter, out);
  }

  /** A layout for generated code: the record, its keys, its shard count and its indexes. */
  public static EntityLayout of(String record, Key partition, Key sort, int shards, Index... indexes) {
    return new EntityLayout(record, partition, sort, shards, List.of(indexes));
  }

  /** An index for generated code. */
  public static Index index(String name, boolean local, Key partition, Key sort) {
    return new Index(name, local, partition, sort);
  }
}
