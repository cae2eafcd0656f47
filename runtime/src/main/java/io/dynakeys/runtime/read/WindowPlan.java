package io.dynakeys.runtime.read;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.LayoutKeys;
import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.LiveLayout;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a read adds while a record it reads has a live older version of its stored layout (the
 * window of {@code @LayoutVersion(live = ...)}): the older version's shards of the query, and what
 * each shard keeps of its items. Computed once per read, from the query's keys alone; immutable.
 *
 * <p><b>Older shards.</b> The older partition key is computed from the query's partition
 * components (parsed from its partition value by the current layout's codecs; every older partition
 * component is one of them), one per shard of a sharded older layout; its sort condition is narrowed
 * by the query's equal components when the older sort key begins with them: {@code begins_with}
 * ending at the delimiter, or the whole older key when every component of it is known. What the
 * older shard returns beyond the query is left out item by item: an older item is kept only when the
 * keys the current layout gives its record satisfy the query's condition. An index query reads the
 * older index of the same name (a new index has no older items).
 *
 * <p><b>Order.</b> An older shard whose key orders its items as the current layout does (the same
 * components after the narrowed prefix, each written alike or as digits in the same direction) is
 * merged like any shard, by the current sort key of each item's record. Another one (components
 * reordered, an inversion flipped, a delimiter changed after a text of varying length, a component
 * added) is read whole for its narrowed range and sorted by that key, so its memory is bounded by
 * the older items left in the range.
 *
 * <p><b>Which copy wins.</b> A shard of the current layout leaves out older items its condition
 * happens to match (a wider number keeps the prefix: {@code begins_with("RUN#")} returns both
 * layouts), unless the item is stored where the current layout puts it (only an index key changed);
 * an older shard leaves out current items. When an item has both copies, the current one wins: in a
 * query of the table without a filter the two meet in the merge (the same key; the current shards
 * come first at a tie) and the older copy is dropped; in an index query or a filtered query (the
 * current copy may sit elsewhere in the index, or fail the filter) each older item is checked by one
 * GetItem of its current key.
 */
final class WindowPlan {
  /** A merge key below every other, in merge order. */
  static final Object BOTTOM = new Object() {
    @Override
    public String toString() {
      return "BOTTOM";
    }
  };
  /** A merge key above every other, in merge order. */
  static final Object TOP = new Object() {
    @Override
    public String toString() {
      return "TOP";
    }
  };

  /**
   * One shard of a query of the older layout.
   *
   * @param partitionValue the older partition key it reads
   * @param query the query of that partition, with the older sort condition, on the same table or index
   * @param ordered whether its items come in the merge's order (else it is read whole and sorted)
   * @param member the record class whose older items it reads (a collection's member)
   */
  record OlderShard(String partitionValue, KeyQuery<?> query, boolean ordered, Class<?> member) {}

  private final KeyQuery<?> query;
  private final int newerShards;
  private final List<OlderShard> older;
  private final boolean descending;
  private final boolean filtered;
  private final String sortAttribute;
  private final boolean skipping;

  private WindowPlan(KeyQuery<?> query, int newerShards, List<OlderShard> older, boolean descending, boolean filtered,
      String sortAttribute, boolean skipping) {
    this.query = query;
    this.newerShards = newerShards;
    this.older = List.copyOf(older);
    this.descending = descending;
    this.filtered = filtered;
    this.sortAttribute = sortAttribute;
    this.skipping = skipping;
  }

  /** The live layouts of the records {@code schema} reads: its own, or its members'; empty when none has one. */
  static List<LiveLayout<?>> liveLayouts(TableSchema<?> schema) {
    List<LiveLayout<?>> out = new ArrayList<>();
    if (schema instanceof RecordSchema<?> record) {
      if (record.liveLayout() != null) {
        out.add(record.liveLayout());
      }
    } else if (schema instanceof CollectionSchema<?> collection) {
      for (RecordSchema<?> member : collection.memberSchemas()) {
        if (member.liveLayout() != null) {
          out.add(member.liveLayout());
        }
      }
    }
    return out;
  }

  /**
   * The window of a read of {@code query} ({@code null} for a scan) of the records of {@code schema}
   * (a record's, a collection's, or the one member a filtered collection query reads): no older
   * shard when none of them has a live older version, or the query reads no key they compose.
   *
   * @param newerShards the query's own shards (its partitions; 1 for a scan)
   * @param sortAttribute the attribute the merge orders by, or {@code null}
   */
  static WindowPlan of(KeyQuery<?> query, TableSchema<?> schema, int newerShards, String sortAttribute,
      boolean descending, boolean filtered, boolean skipping) {
    List<LiveLayout<?>> lives = liveLayouts(schema);
    List<OlderShard> older = new ArrayList<>();
    if (query != null && query.nativeCondition() == null) {
      for (LiveLayout<?> live : lives) {
        older.addAll(olderShards(query, live));
      }
    }
    return new WindowPlan(query, newerShards, older, descending, filtered, sortAttribute, skipping);
  }

  /** The older shards of {@code query} for one record's live layout; none when no older item can match it. */
  static List<OlderShard> olderShards(KeyQuery<?> query, LiveLayout<?> live) {
    EntityLayout newer = live.layout();
    EntityLayout old = live.olderLayout();
    if (old.randomShards()) {
      return List.of();
    }
    String record = newer.record();
    EntityLayout.Key newerPartition;
    EntityLayout.Key newerSort;
    EntityLayout.Key olderPartition;
    EntityLayout.Key olderSort;
    ShardCodec newerShards = null;
    ShardCodec olderShards = null;
    if (query.indexName() == null) {
      newerPartition = newer.partition();
      newerSort = newer.sort();
      olderPartition = old.partition();
      olderSort = old.sort();
      newerShards = live.newerShards();
      olderShards = live.olderShards();
    } else {
      EntityLayout.Index index = index(newer, query.indexName());
      EntityLayout.Index was = index(old, query.indexName());
      if (index == null || was == null || !index.partition().attribute().equals(query.partitionAttribute())) {
        return List.of(); // a new index, or one of keys not composed: no older items in it to read apart
      }
      newerPartition = index.partition();
      newerSort = index.sort();
      olderPartition = was.partition();
      olderSort = was.sort();
      if (index.local()) {
        newerShards = live.newerShards();
      }
      if (was.local()) {
        olderShards = live.olderShards();
      }
    }
    if (!newerPartition.attribute().equals(query.partitionAttribute())) {
      return List.of();
    }
    Map<String, Object> known = new HashMap<>();
    int equalSort;
    try {
      known.putAll(LayoutKeys.read(record, newerPartition, query.partitionValues().get(0), newerShards, true));
      known.remove("shard");
      Map<String, Object> sort = Map.of();
      String equal = query.equalPrefix();
      if (newerSort != null && !equal.isEmpty()) {
        sort = query.operator() == KeyQuery.Operator.EQUAL
            ? LayoutKeys.read(record, newerSort, equal, null, false)
            : LayoutKeys.readPrefix(record, newerSort, equal);
      }
      equalSort = sort.size();
      known.putAll(sort);
    } catch (RuntimeException e) {
      return List.of(); // the query's keys are not this layout's (another member's)
    }
    List<String> partitions;
    KeyQuery.Operator operator;
    String operand = null;
    try {
      String base = LayoutKeys.write(record, olderPartition, known::get, Utf8.PARTITION_KEY_LIMIT, "partition key");
      partitions = olderShards == null ? List.of(base) : olderShards.appendAll(base);
      int fixed = 0;
      if (olderSort == null) {
        operator = KeyQuery.Operator.NONE;
      } else {
        List<EntityLayout.Segment> segments = olderSort.segments();
        while (fixed < segments.size() && known.containsKey(segments.get(fixed).component())) {
          fixed++;
        }
        if (fixed == segments.size()) {
          operator = KeyQuery.Operator.EQUAL;
          operand = LayoutKeys.write(record, olderSort, known::get, Utf8.SORT_KEY_LIMIT, "sort key");
        } else {
          StringBuilder prefix = new StringBuilder(olderSort.head());
          for (int i = 0; i < fixed; i++) {
            @SuppressWarnings("unchecked")
            KeyCodec<Object> codec = (KeyCodec<Object>) segments.get(i).codec();
            prefix.append(codec.encode(known.get(segments.get(i).component()))).append(olderSort.delimiter());
          }
          operand = Utf8.checkLength(prefix.toString(), Utf8.SORT_KEY_LIMIT, record, "sort key");
          operator = operand.isEmpty() ? KeyQuery.Operator.NONE : KeyQuery.Operator.BEGINS_WITH;
        }
      }
      boolean ordered = operator == KeyQuery.Operator.EQUAL
          || sameOrder(rest(newerSort, equalSort, known), newerSort, rest(olderSort, fixed, known), olderSort);
      List<OlderShard> shards = new ArrayList<>(partitions.size());
      for (String partition : partitions) {
        KeyQuery<?> older = query.withKeys(List.of(partition), operator,
            operator == KeyQuery.Operator.NONE ? null : operand, null);
        shards.add(new OlderShard(partition, older, ordered, live.schema().itemType().rawClass()));
      }
      return shards;
    } catch (RuntimeException e) {
      return List.of(); // the query's components cannot be written in an older key: no older item has them
    }
  }

  private static EntityLayout.Index index(EntityLayout layout, String name) {
    for (EntityLayout.Index index : layout.indexes()) {
      if (index.name().equals(name)) {
        return index;
      }
    }
    return null;
  }

  /** The segments of {@code key} from {@code from} on, without those whose value the query fixes. */
  private static List<EntityLayout.Segment> rest(EntityLayout.Key key, int from, Map<String, Object> known) {
    List<EntityLayout.Segment> out = new ArrayList<>();
    if (key == null) {
      return out;
    }
    List<EntityLayout.Segment> segments = key.segments();
    for (int i = from; i < segments.size(); i++) {
      if (!known.containsKey(segments.get(i).component())) {
        out.add(segments.get(i));
      }
    }
    return out;
  }

  /**
   * Whether keys of {@code older} order the items of a query as keys of {@code newer} do: the same
   * components in the same order after what the query fixes, each either digits of the same direction
   * (whatever their widths) or written alike; a text of varying length must end its key in both, or
   * be followed by the same delimiter, since the delimiter takes part in the comparison after it.
   */
  static boolean sameOrder(List<EntityLayout.Segment> newerRest, EntityLayout.Key newer,
      List<EntityLayout.Segment> olderRest, EntityLayout.Key older) {
    if (newerRest.size() != olderRest.size()) {
      return false;
    }
    for (int i = 0; i < newerRest.size(); i++) {
      EntityLayout.Segment a = newerRest.get(i);
      EntityLayout.Segment b = olderRest.get(i);
      if (!a.component().equals(b.component())) {
        return false;
      }
      if (a.kind() == EntityLayout.Kind.DIGITS && b.kind() == EntityLayout.Kind.DIGITS) {
        if (a.inverted() != b.inverted()) {
          return false;
        }
        continue;
      }
      if (!a.equals(b)) {
        return false;
      }
      if (a.length() < 0) {
        boolean lastA = newer.segments().indexOf(a) == newer.segments().size() - 1;
        boolean lastB = older.segments().indexOf(b) == older.segments().size() - 1;
        if (lastA != lastB || !lastA && newer.delimiter() != older.delimiter()) {
          return false;
        }
      }
    }
    return true;
  }

  // ---- what the merge asks

  /** The number of shards of the query's own layout; older shards come after them. */
  int newerShards() {
    return newerShards;
  }

  /** The older shards, after the newer ones. */
  List<OlderShard> older() {
    return older;
  }

  /** Whether shard {@code shard} is one of the older layout. */
  boolean isOlder(int shard) {
    return shard >= newerShards;
  }

  /** Whether shard {@code shard} is an older one read whole and sorted. */
  boolean unordered(int shard) {
    return shard >= newerShards && !older.get(shard - newerShards).ordered();
  }

  /**
   * Whether the read holds back its current layout's requests until the older shards have been read
   * past them (see {@link Merge}): a query of the table, whose keys are unique and whose reads can be
   * consistent, with older shards.
   */
  boolean coordinated() {
    return query != null && query.indexName() == null && query.nativeCondition() == null && !older.isEmpty();
  }

  /** Whether an older item's current copy, if any, meets it in the merge (see the class description). */
  boolean meetsInMerge() {
    return coordinated() && !filtered;
  }

  /** Whether the read reports bad items rather than failing on them. */
  boolean skipping() {
    return skipping;
  }

  /** The attribute the merge orders by, or {@code null}. */
  String sortAttribute() {
    return sortAttribute;
  }

  /** The query's condition on the keys, or {@code null} for a scan. */
  KeyQuery<?> query() {
    return query;
  }

  /** Two merge keys in merge order: the sentinels at the ends, then the sort keys in the read's direction. */
  int compare(Object a, Object b) {
    if (a == b) {
      return 0;
    }
    if (a == BOTTOM || b == TOP) {
      return -1;
    }
    if (a == TOP || b == BOTTOM) {
      return 1;
    }
    int c = ReadPlan.compareSortKeys(a, b);
    return descending ? -c : c;
  }

  /** The order an unordered older shard's items are sorted in: merge key, then current table key. */
  Comparator<WindowItem> order() {
    return (a, b) -> {
      int c = compare(a.mergeKey, b.mergeKey);
      return c != 0 ? c : tie(a).compareTo(tie(b));
    };
  }

  /** What orders two items of one merge key in an unordered shard: their current table key. */
  static String tie(WindowItem item) {
    return item.newerKey == null ? "" : item.newerKey.values().stream().map(v -> v.s() == null ? "" : v.s())
        .reduce("", (x, y) -> x + '\u0000' + y);
  }

  /**
   * What shard {@code shard} keeps of a page: a current shard its current items (and an older item
   * stored where the current layout puts it, or any older item when the read has no older shard);
   * an older shard the older items of its record whose current keys satisfy the query and which no
   * current shard returns; each shard the bad items only it sees. A bad item kept when the read does
   * not skip bad items fails it. {@code check} receives the older items whose current copy must be
   * looked up.
   *
   * @throws io.dynakeys.runtime.schema.ItemMappingException for a bad item the read does not skip
   */
  List<WindowItem> keep(int shard, List<?> items, List<WindowItem> check) {
    boolean olderShard = isOlder(shard);
    List<WindowItem> kept = new ArrayList<>(items.size());
    Object previous = BOTTOM;
    for (Object o : items) {
      WindowItem item = (WindowItem) o;
      switch (item.kind) {
        case SKIP:
          continue;
        case CURRENT:
          if (olderShard) {
            continue;
          }
          break;
        case BAD:
          if (olderShard) {
            if (coveredByNewer(item)) {
              continue; // a current shard reads it, and fails or reports it there
            }
            item.mergeKey = previous;
          }
          if (!skipping) {
            throw item.error;
          }
          break;
        case OLDER:
          if (!olderShard) {
            if (!older.isEmpty() && !item.inPlace) {
              continue; // an older shard returns it where the current layout orders it
            }
            if (!item.sameTableKey) {
              check.add(item);
            }
          } else {
            OlderShard spec = older.get(shard - newerShards);
            if (item.recordClass != spec.member() || item.inPlace || !satisfiesQuery(item)) {
              continue;
            }
            if (!meetsInMerge() && !item.sameTableKey) {
              check.add(item); // its current copy, if any, may be elsewhere in the index or filtered out
            }
          }
          break;
        default:
          throw new AssertionError(item.kind);
      }
      if (item.kind != WindowItem.Kind.BAD) {
        previous = item.mergeKey;
      }
      kept.add(item);
    }
    return kept;
  }

  /** Whether an older item's current keys satisfy the query: one of its partitions, and its sort condition. */
  private boolean satisfiesQuery(WindowItem item) {
    return query == null || item.newerPartition != null && query.partitionIndex(item.newerPartition) >= 0
        && query.sortMatches(item.newerSort);
  }

  /** Whether the query of the current layout selects {@code item}'s stored keys, so a current shard reads it. */
  private boolean coveredByNewer(WindowItem item) {
    AttributeValue pk = item.stored.get(query.partitionAttribute());
    AttributeValue sk = query.sortAttribute() == null ? null : item.stored.get(query.sortAttribute());
    return pk != null && pk.s() != null && query.partitionIndex(pk.s()) >= 0
        && (query.sortAttribute() == null || sk != null && query.sortMatches(sk.s()));
  }

  /** The GetItem that finds an older item's current copy, if there is one. */
  static software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedRequest lookup(WindowItem item,
      boolean consistentRead) {
    List<AttributeValue> values = List.copyOf(item.newerKey.values());
    software.amazon.awssdk.enhanced.dynamodb.Key.Builder key =
        software.amazon.awssdk.enhanced.dynamodb.Key.builder().partitionValue(values.get(0));
    if (values.size() > 1) {
      key.sortValue(values.get(1));
    }
    return software.amazon.awssdk.enhanced.dynamodb.model.GetItemEnhancedRequest.builder().key(key.build())
        .consistentRead(consistentRead).build();
  }

  /** The newer shard an older item meets its current copy in, or -1. */
  int newerShardOf(WindowItem item) {
    return item.newerPartition == null || query == null ? -1 : query.partitionIndex(item.newerPartition);
  }
}
