package io.dynakeys.codecs.internal;

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
 * @param indexes the secondary indexes whose keys are composed ({@code byPlayer_pk}, {@code byPlayer_sk})
 * @param nativeIndexes the native indexes, keyed by the components' own attributes
 *     ({@code @SecondaryIndex(nativeKey = true)}): what the table schema declares and the tools check
 * @param randomShards whether each write chooses its shard at random ({@code @Sharded(random =
 *     true)}, a write-sharded aggregate): an item's key is then the key without its shard followed
 *     by any shard, and no shard is a function of the item
 */
public record EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes,
    List<NativeIndex> nativeIndexes, boolean randomShards) {

  /** A layout whose shards, if any, are hashed from the key. */
  public EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes,
      List<NativeIndex> nativeIndexes) {
    this(record, partition, sort, shards, indexes, nativeIndexes, false);
  }

  /** This layout, for a write-sharded aggregate: each write goes to a random shard. */
  public EntityLayout withRandomShards() {
    if (shards < 2) {
      throw new IllegalArgumentException(record + " is not sharded: random shards need a shard count");
    }
    return new EntityLayout(record, partition, sort, shards, indexes, nativeIndexes, true);
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

  /** Copies the indexes; refuses two indexes of one name. */
  public EntityLayout {
    Objects.requireNonNull(record, "record");
    Objects.requireNonNull(partition, "partition");
    indexes = List.copyOf(indexes);
    nativeIndexes = List.copyOf(nativeIndexes);
    java.util.Set<String> names = new java.util.HashSet<>();
    for (Index index : indexes) {
      if (!names.add(index.name())) {
        throw new IllegalArgumentException(record + " declares the index " + index.name() + " twice");
      }
    }
    for (NativeIndex index : nativeIndexes) {
      if (!names.add(index.name())) {
        throw new IllegalArgumentException(record + " declares the index " + index.name() + " twice");
      }
    }
  }

  /** A layout without native indexes, whose shards, if any, are hashed from the key. */
  public EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes) {
    this(record, partition, sort, shards, indexes, List.of(), false);
  }

  /** The native index named {@code name}, if the record declares one. */
  public java.util.Optional<NativeIndex> nativeIndex(String name) {
    return nativeIndexes.stream().filter(i -> i.name().equals(name)).findFirst();
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

  /**
   * This layout with these native indexes (and none it had before). For generated code:
   * {@code EntityLayout.of(...).withNativeIndexes(EntityLayout.nativeIndex(...), ...)}.
   */
  public EntityLayout withNativeIndexes(NativeIndex... indexes) {
    return new EntityLayout(record, partition, sort, shards, this.indexes, List.of(indexes), randomShards);
  }

  /**
   * How DynamoDB stores a native index's key attribute: the three types a key may have.
   * {@link #CONVERTER} is a component whose {@code @DynamoDbConvertedBy} converter decides it; the
   * table schema resolves it (and refuses anything but a string, number or binary) when built.
   */
  public enum StoredType {
    /** A string: compared by UTF-8 bytes. */
    S,
    /** A number: compared numerically. */
    N,
    /** Binary: compared as unsigned bytes. */
    B,
    /** Decided by the component's converter, known when the table schema is built. */
    CONVERTER
  }

  /**
   * One key attribute of a native index: a component stored as its own attribute.
   *
   * @param component the component's name
   * @param attribute the attribute it is stored as (its {@code @DynamoDbAttribute} name, or the
   *     component's)
   * @param type how it is stored
   * @param optional whether the component is an {@code Optional}: an empty one writes no
   *     attribute, and DynamoDB leaves the item out of the index
   */
  public record NativeKey(String component, String attribute, StoredType type, boolean optional) {

    /** Checks every part is there. */
    public NativeKey {
      Objects.requireNonNull(component, "component");
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(type, "type");
    }

    /** How the attribute reads in messages: {@code points:N}, {@code coach:S?} (optional). */
    @Override
    public String toString() {
      return (component.equals(attribute) ? component : component + "(" + attribute + ")") + ":" + type
          + (optional ? "?" : "");
    }
  }

  /**
   * A native global index: keyed by one to four partition attributes and up to four sort
   * attributes, each a component's own attribute with its own type, queried left to right.
   *
   * @param name the index name
   * @param partition its partition attributes, in key order
   * @param sort its sort attributes, in key order
   */
  public record NativeIndex(String name, List<NativeKey> partition, List<NativeKey> sort) {

    /** Copies the attributes; checks DynamoDB's limits (one to four partition attributes, up to four sort attributes). */
    public NativeIndex {
      Objects.requireNonNull(name, "name");
      partition = List.copyOf(partition);
      sort = List.copyOf(sort);
      if (partition.isEmpty() || partition.size() > 4 || sort.size() > 4) {
        throw new IllegalArgumentException("native index " + name + " has " + partition.size() + " partition and "
            + sort.size() + " sort attributes; DynamoDB allows one to four partition and up to four sort attributes");
      }
    }

    /** Every key attribute: the partition ones, then the sort ones, in key order. */
    public List<NativeKey> keys() {
      List<NativeKey> out = new ArrayList<>(partition);
      out.addAll(sort);
      return out;
    }

    /** Whether the index is sparse: an item with an empty {@code Optional} key component is not in it. */
    public boolean sparse() {
      return keys().stream().anyMatch(NativeKey::optional);
    }
  }

  /** A native index for generated code. */
  public static NativeIndex nativeIndex(String name, List<NativeKey> partition, List<NativeKey> sort) {
    return new NativeIndex(name, partition, sort);
  }

  /** A native key attribute for generated code. */
  public static NativeKey nativeKey(String component, String attribute, StoredType type, boolean optional) {
    return new NativeKey(component, attribute, type, optional);
  }
}
