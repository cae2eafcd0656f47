package io.dynakeys.processor.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What changed between two stored layouts of a record, and what each change does to the items
 * stored in the older one. A change either leaves every stored item readable by its key and
 * present in every index it was in ({@link Effect#NONE}: a wider domain, an index or guard dropped,
 * a native index, an attribute), or it does not, and the message says which items it loses.
 */
public final class LayoutDiff {
  private LayoutDiff() {}

  /** What a change does to items stored in the older layout. */
  public enum Effect {
    /** They are read and found exactly as before. */
    NONE,
    /** They would no longer be found by their keys (or parsed). */
    KEYS,
    /** Some would no longer be read: their values are outside the new domain. */
    DOMAIN,
    /** They would be missing from an index, or found there under keys they no longer have. */
    INDEX,
    /** They carry no key of a new index, so they would be missing from it. */
    NEW_INDEX,
    /** Their unique values would no longer be guarded. */
    UNIQUE,
    /** They would no longer expire. */
    EXPIRY
  }

  /** Where in the source a change is, for the diagnostic. */
  public enum Target {
    /** The {@code @KeySchema} annotation, at {@link Place#attribute()}. */
    KEY_SCHEMA,
    /** A record component ({@link Place#name()}), at its annotation {@link Place#attribute()} if any. */
    COMPONENT,
    /** A {@code @SecondaryIndex} ({@link Place#name()}). */
    INDEX,
    /** The {@code @Sharded} annotation. */
    SHARDED,
    /** The record. */
    RECORD
  }

  /**
   * Where a change is.
   *
   * @param target what the change is on
   * @param name the component or index, for those targets
   * @param attribute the annotation attribute ({@code sortPrefix}) or the component's annotation's
   *     simple name ({@code Padded}), or {@code null}
   */
  public record Place(Target target, String name, String attribute) {}

  /**
   * One change.
   *
   * @param effect what it does to older items
   * @param place where it is
   * @param what the change, as a phrase: {@code sort key sk: score is 12 digits, was 10}
   */
  public record Change(Effect effect, Place place, String what) {
    /** Whether items stored in the older layout are still read and found exactly as before. */
    public boolean keepsStoredItems() {
      return effect == Effect.NONE;
    }
  }

  /** The changes from {@code before} to {@code after}, in the order of the layout. */
  public static List<Change> between(StoredLayout before, StoredLayout after) {
    List<Change> out = new ArrayList<>();
    key(out, "the partition key", before.partition(), after.partition(), Effect.KEYS, "partition", null);
    if (before.sort() == null && after.sort() != null) {
      out.add(new Change(Effect.KEYS, new Place(Target.KEY_SCHEMA, null, "sortPrefix"),
          "the table has a sort key " + after.sort().attribute() + ", and had none"));
    } else if (before.sort() != null && after.sort() == null) {
      out.add(new Change(Effect.KEYS, new Place(Target.RECORD, null, null),
          "the table has no sort key, and had " + before.sort().attribute()));
    } else if (before.sort() != null) {
      key(out, "the sort key", before.sort(), after.sort(), Effect.KEYS, "sort", null);
    }
    shards(out, before.shards(), after.shards());
    for (StoredLayout.Index old : before.indexes()) {
      StoredLayout.Index now = after.index(old.name());
      if (now == null) {
        out.add(new Change(Effect.NONE, new Place(Target.RECORD, null, null), "the index " + old.name() + " is gone"));
        continue;
      }
      if (old.local() != now.local()) {
        out.add(new Change(Effect.INDEX, new Place(Target.INDEX, now.name(), "local"),
            "the index " + now.name() + " is " + (now.local() ? "local, and was global" : "global, and was local")));
        continue;
      }
      String label = "the index " + now.name() + "'s ";
      key(out, label + "partition key", old.partition(), now.partition(), Effect.INDEX, "index", now.name());
      if (old.sort() == null || now.sort() == null) {
        if (old.sort() != now.sort()) {
          out.add(new Change(Effect.INDEX, new Place(Target.INDEX, now.name(), "sortKey"),
              "the index " + now.name() + (now.sort() == null ? " has no sort key, and had one" : " has a sort key, and had none")));
        }
      } else {
        key(out, label + "sort key", old.sort(), now.sort(), Effect.INDEX, "index", now.name());
      }
    }
    for (StoredLayout.Index now : after.indexes()) {
      if (before.index(now.name()) == null) {
        out.add(new Change(Effect.NEW_INDEX, new Place(Target.INDEX, now.name(), null),
            "the index " + now.name() + " is new"));
      }
    }
    paths(out, before, after);
    uniques(out, before, after);
    if (!Objects.equals(before.timeToLive(), after.timeToLive())) {
      if (before.timeToLive() != null && after.timeToLive() != null) {
        out.add(new Change(Effect.EXPIRY, new Place(Target.COMPONENT, componentOf(after, after.timeToLive()), "TimeToLive"),
            "the time to live is " + after.timeToLive() + ", and was " + before.timeToLive()));
      } else {
        out.add(new Change(Effect.NONE, new Place(Target.RECORD, null, null), after.timeToLive() == null
            ? "the time to live " + before.timeToLive() + " is gone" : "the time to live " + after.timeToLive() + " is new"));
      }
    }
    if (!before.nativeIndexes().equals(after.nativeIndexes())) {
      out.add(new Change(Effect.NONE, new Place(Target.RECORD, null, null), "the native indexes changed"));
    }
    if (!before.attributes().equals(after.attributes())) {
      out.add(new Change(Effect.NONE, new Place(Target.RECORD, null, null), "the attributes changed"));
    }
    return out;
  }

  private static String componentOf(StoredLayout layout, String attribute) {
    for (StoredLayout.Attribute a : layout.attributes()) {
      if (a.attribute().equals(attribute)) {
        return a.component();
      }
    }
    return attribute;
  }

  /**
   * The changes of one key.
   *
   * @param kind "partition", "sort" or "index": which {@code @KeySchema} attribute a prefix or
   *     attribute change points at
   */
  private static void key(List<Change> out, String label, StoredLayout.Key before, StoredLayout.Key after,
      Effect effect, String kind, String index) {
    String named = label + " " + after.attribute();
    if (!before.attribute().equals(after.attribute())) {
      out.add(new Change(effect, place(kind, index, "KeyAttribute"),
          label + " is stored in " + after.attribute() + ", and was in " + before.attribute()));
      named = label + " " + after.attribute();
    }
    if (!before.prefix().equals(after.prefix())) {
      out.add(new Change(effect, place(kind, index, "Prefix"), named + " starts with " + quoted(after.prefix())
          + ", and started with " + quoted(before.prefix())));
    }
    if (before.delimiter() != after.delimiter() && delimited(before) && delimited(after)) {
      out.add(new Change(effect, index == null ? new Place(Target.KEY_SCHEMA, null, "delimiter")
          : new Place(Target.INDEX, index, null),
          named + " is delimited by '" + after.delimiter() + "', and was by '" + before.delimiter() + "'"));
    }
    List<String> was = before.componentNames();
    List<String> is = after.componentNames();
    if (!was.equals(is)) {
      String first = firstDifference(was, is);
      out.add(new Change(effect, first == null || after.segment(first) == null ? place(kind, index, null)
          : new Place(Target.COMPONENT, first, kind.equals("sort") ? "SortKey" : kind.equals("partition") ? "PartitionKey" : null),
          named + " is " + tuple(is) + ", and was " + tuple(was)));
      return;
    }
    for (StoredLayout.Segment old : before.segments()) {
      StoredLayout.Segment now = after.segment(old.component());
      segment(out, named, old, now, effect);
    }
  }

  private static void segment(List<Change> out, String named, StoredLayout.Segment old, StoredLayout.Segment now,
      Effect effect) {
    String c = now.component();
    if (!old.type().equals(now.type())) {
      out.add(new Change(effect, new Place(Target.COMPONENT, c, null),
          named + ": " + c + " is " + StoredLayout.simpleType(now.type()) + ", and was "
              + StoredLayout.simpleType(old.type())));
      return;
    }
    if (old.codec() != now.codec()) {
      String annotation = now.codec() == StoredLayout.Codec.DIGITS || old.codec() == StoredLayout.Codec.DIGITS ? "Padded" : "PathSegment";
      out.add(new Change(effect, new Place(Target.COMPONENT, c, annotation),
          named + ": " + c + " is written as " + codec(now) + ", and was as " + codec(old)));
      return;
    }
    if (old.optional() != now.optional()) {
      out.add(new Change(effect, new Place(Target.COMPONENT, c, null),
          named + ": " + c + (now.optional() ? " is optional, and was not" : " is not optional, and was")));
    }
    switch (now.codec()) {
      case DIGITS -> {
        if (old.width() != now.width()) {
          out.add(new Change(effect, new Place(Target.COMPONENT, c, "Padded"),
              named + ": " + c + " is " + now.width() + " digits, and was " + old.width()));
        }
        if (StoredLayout.Segment.offset(old.min()) != StoredLayout.Segment.offset(now.min())) {
          out.add(new Change(effect, new Place(Target.COMPONENT, c, "Padded"),
              named + ": " + c + "'s digits count from " + StoredLayout.Segment.offset(now.min()) + ", and counted from "
                  + StoredLayout.Segment.offset(old.min()) + " (a negative min shifts every value)"));
        }
        if (old.inverted() != now.inverted()) {
          out.add(new Change(effect, new Place(Target.COMPONENT, c, now.inverted() ? "Inverted" : "SortKey"),
              named + ": " + c + (now.inverted() ? " is inverted, and was not" : " is not inverted, and was")));
        }
        boolean sameText = old.width() == now.width() && old.inverted() == now.inverted()
            && StoredLayout.Segment.offset(old.min()) == StoredLayout.Segment.offset(now.min());
        if (sameText && (old.min() != now.min() || old.max() != now.max())) {
          boolean narrower = !old.domainWithin(now);
          out.add(new Change(narrower ? (effect == Effect.KEYS ? Effect.DOMAIN : effect) : Effect.NONE,
              new Place(Target.COMPONENT, c, "Padded"), named + ": " + c + "'s domain is [" + now.min() + ", "
                  + now.max() + "], and was [" + old.min() + ", " + old.max() + "]"));
        }
      }
      case PATH -> {
        if (old.pathDelimiter() != now.pathDelimiter()) {
          out.add(new Change(effect, new Place(Target.COMPONENT, c, "PathSegment"),
              named + ": " + c + "'s path delimiter is '" + now.pathDelimiter() + "', and was '" + old.pathDelimiter() + "'"));
        }
      }
      default -> { }
    }
  }

  private static void shards(List<Change> out, StoredLayout.Shards before, StoredLayout.Shards after) {
    if (Objects.equals(before, after)) {
      return;
    }
    String what;
    if (before == null) {
      what = "the record is sharded over " + after.count() + " partitions, and was not sharded";
    } else if (after == null) {
      what = "the record is not sharded, and was sharded over " + before.count() + " partitions";
    } else if (before.count() != after.count()) {
      what = "the record is sharded over " + after.count() + " partitions, and was over " + before.count();
    } else if (before.random() != after.random()) {
      what = after.random() ? "each write picks its shard at random, and the key picked it"
          : "the key picks the shard, and each write picked it at random";
    } else {
      what = "the shard is picked by " + (after.by().isEmpty() ? "the sort key" : tuple(after.by()))
          + ", and was by " + (before.by().isEmpty() ? "the sort key" : tuple(before.by()));
    }
    out.add(new Change(Effect.KEYS, new Place(after == null ? Target.RECORD : Target.SHARDED, null, null), what));
  }

  private static void paths(List<Change> out, StoredLayout before, StoredLayout after) {
    if (before.sort() == null || after.sort() == null) {
      return;
    }
    for (StoredLayout.Segment now : after.sort().segments()) {
      StoredLayout.Segment old = before.sort().segment(now.component());
      if (now.codec() == StoredLayout.Codec.PATH && now.pathIndexes()
          && (old == null || old.codec() != StoredLayout.Codec.PATH || !old.pathIndexes())) {
        out.add(new Change(Effect.NEW_INDEX, new Place(Target.COMPONENT, now.component(), "PathSegment"),
            "the path indexes of " + now.component() + " are new"));
      }
    }
  }

  private static void uniques(List<Change> out, StoredLayout before, StoredLayout after) {
    for (StoredLayout.Unique now : after.uniques()) {
      StoredLayout.Unique old = before.uniques().stream().filter(u -> u.component().equals(now.component()))
          .findFirst().orElse(null);
      if (old == null) {
        out.add(new Change(Effect.UNIQUE, new Place(Target.COMPONENT, now.component(), "Unique"),
            now.component() + " is unique, and was not"));
      } else if (!old.equals(now)) {
        out.add(new Change(Effect.UNIQUE, new Place(Target.COMPONENT, now.component(), "Unique"),
            "the guards of " + now.component() + " are keyed " + guard(now) + ", and were " + guard(old)));
      }
    }
    for (StoredLayout.Unique old : before.uniques()) {
      if (after.uniques().stream().noneMatch(u -> u.component().equals(old.component()))) {
        out.add(new Change(Effect.NONE, new Place(Target.RECORD, null, null), old.component() + " is no longer unique"));
      }
    }
  }

  private static String guard(StoredLayout.Unique unique) {
    return pattern(unique.partition()) + (unique.sort() == null ? "" : " / " + pattern(unique.sort()));
  }

  /** A key as a pattern: {@code SEASON#{season}}. */
  public static String pattern(StoredLayout.Key key) {
    StringBuilder out = new StringBuilder(key.prefix());
    for (int i = 0; i < key.segments().size(); i++) {
      if (i > 0 || !key.prefix().isEmpty()) {
        out.append(key.delimiter());
      }
      out.append('{').append(key.segments().get(i).component()).append('}');
    }
    return out.toString();
  }

  private static Place place(String kind, String index, String what) {
    if (index != null) {
      return new Place(Target.INDEX, index, null);
    }
    if (what == null) {
      return new Place(Target.RECORD, null, null);
    }
    return new Place(Target.KEY_SCHEMA, null, kind + what);
  }

  /** Whether the key writes its delimiter: a prefix and a component, or two components. */
  private static boolean delimited(StoredLayout.Key key) {
    return key.segments().size() + (key.prefix().isEmpty() ? 0 : 1) >= 2;
  }

  private static String firstDifference(List<String> was, List<String> is) {
    for (int i = 0; i < is.size(); i++) {
      if (i >= was.size() || !was.get(i).equals(is.get(i))) {
        return is.get(i);
      }
    }
    return null;
  }

  private static String tuple(List<String> names) {
    return "(" + String.join(", ", names) + ")";
  }

  private static String quoted(String s) {
    return "\"" + s + "\"";
  }

  private static String codec(StoredLayout.Segment s) {
    return switch (s.codec()) {
      case DIGITS -> s.width() + " digits";
      case PATH -> "a path";
      default -> "text";
    };
  }
}
