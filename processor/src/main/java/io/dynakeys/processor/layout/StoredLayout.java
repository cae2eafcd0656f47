package io.dynakeys.processor.layout;

import java.util.List;
import java.util.Objects;

/**
 * A record's stored form at one version: everything that decides which attributes and key texts
 * its items have. It is what a layout file holds ({@link LayoutJson}), what two versions are
 * compared by ({@link LayoutDiff}) and what the code of an older version is generated from. It
 * holds only values (names and numbers), never a type of the compilation, so a file written by an
 * earlier build reads back into the same value.
 *
 * @param entity the record's qualified name
 * @param version the layout version
 * @param partition the table's partition key
 * @param sort the table's sort key, or {@code null} when items have none
 * @param shards the record's {@code @Sharded}, or {@code null}
 * @param indexes the indexes whose keys are composed, in source order
 * @param nativeIndexes the indexes keyed by the components' own attributes, in source order
 * @param uniques the {@code @Unique} components with their guards' keys
 * @param timeToLive the time-to-live attribute, or {@code null}
 * @param attributes every record component as the table schema stores it, in declaration order
 */
public record StoredLayout(String entity, int version, Key partition, Key sort, Shards shards,
    List<Index> indexes, List<NativeIndex> nativeIndexes, List<Unique> uniques, String timeToLive,
    List<Attribute> attributes) {

  /** Copies the lists. */
  public StoredLayout {
    Objects.requireNonNull(entity, "entity");
    Objects.requireNonNull(partition, "partition");
    indexes = List.copyOf(indexes);
    nativeIndexes = List.copyOf(nativeIndexes);
    uniques = List.copyOf(uniques);
    attributes = List.copyOf(attributes);
  }

  /** The record's simple name, as messages name it. */
  public String simpleName() {
    return entity.substring(entity.lastIndexOf('.') + 1);
  }

  /**
   * How a message names a type written in a layout file: every qualified name by its simple name,
   * type arguments included ({@code java.util.Optional<java.lang.String>} is {@code Optional<String>}).
   */
  static String simpleType(String type) {
    return type.replaceAll("(?:[\\w$]+\\.)+([\\w$]+)", "$1");
  }

  /** This layout as version {@code version}. */
  public StoredLayout withVersion(int version) {
    return new StoredLayout(entity, version, partition, sort, shards, indexes, nativeIndexes, uniques,
        timeToLive, attributes);
  }

  /** The composed index named {@code name}, or {@code null}. */
  public Index index(String name) {
    return indexes.stream().filter(i -> i.name().equals(name)).findFirst().orElse(null);
  }

  /** The stored attribute of the component {@code component}, or {@code null}. */
  public Attribute attribute(String component) {
    return attributes.stream().filter(a -> a.component().equals(component)).findFirst().orElse(null);
  }

  /**
   * One key attribute: a literal prefix and components, joined by a delimiter.
   *
   * @param attribute the attribute that holds the key
   * @param prefix the literal prefix, or empty
   * @param delimiter the delimiter
   * @param segments the components, in order
   */
  public record Key(String attribute, String prefix, char delimiter, List<Segment> segments) {
    /** Copies the segments. */
    public Key {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(prefix, "prefix");
      segments = List.copyOf(segments);
    }

    /** The components' names, in order. */
    public List<String> componentNames() {
      return segments.stream().map(Segment::component).toList();
    }

    /** The segment of {@code component}, or {@code null}. */
    public Segment segment(String component) {
      return segments.stream().filter(s -> s.component().equals(component)).findFirst().orElse(null);
    }
  }

  /** How a segment is written. */
  public enum Codec {
    /** {@code @Padded}: fixed-width digits. */
    DIGITS,
    /** The type's own text. */
    TEXT,
    /** A {@code @PathSegment} path. */
    PATH
  }

  /**
   * One component in a key.
   *
   * @param component the record component's name
   * @param type the component's type (the box of a primitive, the value type of an {@code Optional})
   * @param codec how it is written
   * @param width the digits of {@link Codec#DIGITS}, else 0
   * @param min the smallest value of {@link Codec#DIGITS}' domain, else 0
   * @param max the largest value of {@link Codec#DIGITS}' domain, else 0
   * @param inverted whether {@link Codec#DIGITS} are the nines' complement
   * @param pathDelimiter the path delimiter of {@link Codec#PATH}, else {@code '\0'}
   * @param pathIndexes whether a {@link Codec#PATH} component has the children and depth indexes
   * @param optional whether the component is an {@code Optional} (an empty one leaves the item out
   *     of the index)
   */
  public record Segment(String component, String type, Codec codec, int width, long min, long max,
      boolean inverted, char pathDelimiter, boolean pathIndexes, boolean optional) {

    /** Whether this segment writes the same text as {@code other} for every value both hold. */
    public boolean writesLike(Segment other) {
      return component.equals(other.component) && type.equals(other.type) && codec == other.codec
          && width == other.width && inverted == other.inverted && pathDelimiter == other.pathDelimiter
          && optional == other.optional
          && (codec != Codec.DIGITS || offset(min) == offset(other.min));
    }

    /** Whether every value this segment's domain holds, {@code other}'s holds too. */
    public boolean domainWithin(Segment other) {
      return codec != Codec.DIGITS || (other.min <= min && max <= other.max);
    }

    /** What digits subtract from a value: {@code min} when negative, else 0 (as the codec does). */
    static long offset(long min) {
      return io.dynakeys.codecs.internal.PaddedLongCodec.offset(min);
    }
  }

  /**
   * A record's {@code @Sharded}.
   *
   * @param count the number of shards
   * @param by the components that choose the shard; empty for the whole sort key
   * @param random whether each write chooses its shard at random
   */
  public record Shards(int count, List<String> by, boolean random) {
    /** Copies the components. */
    public Shards {
      by = List.copyOf(by);
    }
  }

  /**
   * A composed secondary index.
   *
   * @param name the index name
   * @param local whether it is a local index
   * @param partition its partition key (the table's, for a local index)
   * @param sort its sort key, or {@code null}
   */
  public record Index(String name, boolean local, Key partition, Key sort) {}

  /**
   * An index keyed by the components' own attributes.
   *
   * @param name the index name
   * @param partition the partition key's attributes, in order
   * @param sort the sort key's attributes, in order
   */
  public record NativeIndex(String name, List<String> partition, List<String> sort) {
    /** Copies the lists. */
    public NativeIndex {
      partition = List.copyOf(partition);
      sort = List.copyOf(sort);
    }
  }

  /**
   * A {@code @Unique} component and the keys of the items that guard its values.
   *
   * @param component the component
   * @param partition the guards' partition key
   * @param sort the guards' sort key, or {@code null}
   */
  public record Unique(String component, Key partition, Key sort) {}

  /**
   * A record component as stored.
   *
   * @param component the component's name
   * @param attribute the attribute's name
   * @param type the component's type, as the source names it
   */
  public record Attribute(String component, String attribute, String type) {}
}
