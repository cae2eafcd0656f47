package io.dynakeys.codecs;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A record's key layout as the processor checked it, for tools that read live tables (verify,
 * browse, migrate): every key's attribute, prefix, delimiter and segments, the shard count and the
 * indexes. Generated {@code <Record>Keys} classes hold one in {@code LAYOUT}.
 *
 * @param record the record's simple name
 * @param partition the table's partition key
 * @param sort the table's sort key, or {@code null} when the table has none
 * @param shards the number of shards of a {@code @Sharded} record, or 0
 * @param indexes the secondary indexes
 */
public record EntityLayout(String record, Key partition, Key sort, int shards, List<Index> indexes) {

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
   * One component in a key.
   *
   * @param component the component's name
   * @param kind how it is written
   * @param length the digits of {@link Kind#DIGITS}, the chars of fixed-length {@link Kind#TEXT},
   *     or -1 when the text's length varies
   * @param inverted whether digits are the nines' complement
   * @param pathDelimiter the path delimiter of {@link Kind#PATH}, else {@code '\0'}
   */
  public record Segment(String component, Kind kind, int length, boolean inverted, char pathDelimiter) {}

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

  /**
   * The layout a generated class declares: {@code segments} are written {@code name:D10} (10
   * digits), {@code name:D10I} (inverted), {@code name:T} (text), {@code name:T36} (36 chars),
   * {@code name:P/} (a path with {@code /}).
   */
  public static Key key(String attribute, String prefix, char delimiter, String... segments) {
    List<Segment> out = new ArrayList<>(segments.length);
    for (String s : segments) {
      out.add(segment(s));
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

  /** The written form of a segment, which {@link #key} reads. */
  public static String describe(Segment segment) {
    switch (segment.kind()) {
      case DIGITS:
        return segment.component() + ":D" + segment.length() + (segment.inverted() ? "I" : "");
      case PATH:
        return segment.component() + ":P" + segment.pathDelimiter();
      default:
        return segment.component() + ":T" + (segment.length() < 0 ? "" : Integer.toString(segment.length()));
    }
  }

  private static Segment segment(String written) {
    // The name is a Java identifier, so the first colon ends it; what follows may hold any
    // delimiter, a colon included ("path::" is a path with ':').
    int colon = written.indexOf(':');
    if (colon < 1 || colon == written.length() - 1) {
      throw new IllegalArgumentException("not a segment: \"" + written + "\"");
    }
    String name = written.substring(0, colon);
    String form = written.substring(colon + 1);
    switch (form.charAt(0)) {
      case 'D': {
        boolean inverted = form.endsWith("I");
        int width = Integer.parseInt(form.substring(1, inverted ? form.length() - 1 : form.length()));
        return new Segment(name, Kind.DIGITS, width, inverted, '\0');
      }
      case 'P':
        if (form.length() != 2) {
          throw new IllegalArgumentException("not a path segment: \"" + written + "\"");
        }
        return new Segment(name, Kind.PATH, -1, false, form.charAt(1));
      case 'T':
        return new Segment(name, Kind.TEXT, form.length() == 1 ? -1 : Integer.parseInt(form.substring(1)), false, '\0');
      default:
        throw new IllegalArgumentException("not a segment: \"" + written + "\"");
    }
  }
}
