package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.runtime.fixtures.Lap;
import io.dynakeys.runtime.fixtures.LapKeys;
import io.dynakeys.runtime.fixtures.LapKeys.Version;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.internal.read.KeyQuery.Operator;
import io.dynakeys.runtime.internal.schema.LiveLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The older shards a query of the current layout reads during a window: the older partition from
 * the query's components, the older sort condition narrowed by its equal components (a prefix that
 * ends at the delimiter, or the whole key), and whether the older keys order the items as the
 * current ones do.
 */
class WindowPlanTest {

  private static LiveLayout<Lap> live(Version current, Version older) {
    return LapKeys.schema(current, older).liveLayout();
  }

  private static KeyQuery<Lap> track(Version v) {
    return KeyQuery.partition(null, "pk", v.partitionPrefix() + v.delimiter() + "t1", "sk", v.delimiter(),
        v.sortPrefix() + v.delimiter());
  }

  private static String shard(WindowPlan.OlderShard s) {
    KeyQuery<?> q = s.query();
    return q.partitionValue() + " " + q.operator() + (q.lowerOperand() == null ? "" : " " + q.lowerOperand())
        + (s.ordered() ? " ordered" : " sorted");
  }

  private static List<String> shards(KeyQuery<Lap> query, LiveLayout<Lap> live) {
    return WindowPlan.olderShards(query, live).stream().map(WindowPlanTest::shard).toList();
  }

  @Test
  void aWiderNumberIsReadInOrderFromTheOlderPartitionNarrowedByTheEqualComponents() {
    Version now = Version.of(6);
    LiveLayout<Lap> live = live(now, Version.of(4));
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# ordered"), shards(track(now), live));
    KeyQuery<Lap> time = track(now).withEqual(now.time(), 42, false);
    assertEquals("LAP#000042#", time.equalPrefix());
    // Ends at the delimiter: begins_with("LAP#0042") would also read the laps of 420 to 429.
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP#0042# ordered"), shards(time, live));
    KeyQuery<Lap> lap = time.withEqual(TextCodec.of(String.class, "Lap", "driver", '#'), "ann", true);
    assertEquals(List.of("TRACK#t1 EQUAL LAP#0042#ann ordered"), shards(lap, live));
    KeyQuery<Lap> range = track(now).withRange(((io.dynakeys.codecs.internal.OrderedCodec<Integer>) now.time())
        .between(10, 20), false);
    assertEquals(Operator.BETWEEN, range.operator());
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# ordered"), shards(range, live), "a range narrows nothing: each"
        + " older item's current keys are checked against it");
  }

  @Test
  void aValueNoOlderKeyCanHoldReadsNoOlderShard() {
    Version now = Version.of(6);
    assertEquals(List.of(), shards(track(now).withEqual(now.time(), 123_456, false), live(now, Version.of(4))));
  }

  @Test
  void anOrderTheOlderKeysDoNotKeepIsReadWholeAndSorted() {
    Version now = Version.of(4);
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# sorted"), shards(track(now), live(now, Version.of(4).inverted())));
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# sorted"), shards(track(now), live(now, Version.of(4).driverFirst())));
    // the driver first in both, the delimiter changed after it: "a#" and "a/" order texts differently
    assertEquals(List.of("TRACK/t1 BEGINS_WITH LAP/ sorted"), shards(track(now.driverFirst()),
        live(now.driverFirst(), Version.of(4).driverFirst().delimiter('/'))));
    // digits first: the delimiter after them takes no part in the order
    assertEquals(List.of("TRACK/t1 BEGINS_WITH LAP/ ordered"), shards(track(now), live(now, Version.of(4).delimiter('/'))));
    // the time fixed by the query: only the driver orders, but it ends the current key and is followed
    // by the delimiter in the older one ("an" + "!" sorts before "an" + "#"): read whole
    KeyQuery<Lap> time = track(now).withEqual(now.time(), 42, false);
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# sorted"), shards(time, live(now, Version.of(4).driverFirst())));
  }

  @Test
  void anotherPrefixOrShardCountReadsTheOlderPartitions() {
    Version now = Version.of(4);
    assertEquals(List.of("SHELF#t1 BEGINS_WITH LAP# ordered"), shards(track(now), live(now,
        Version.of(4).partitionPrefix("SHELF"))));
    List<String> sharded = shards(track(now), live(now, Version.of(4).shards(3)));
    assertEquals(List.of("TRACK#t1#0 BEGINS_WITH LAP# ordered", "TRACK#t1#1 BEGINS_WITH LAP# ordered",
        "TRACK#t1#2 BEGINS_WITH LAP# ordered"), sharded);
    // a sharded current layout: its partitions parse to the same track, one older shard
    Version shardedNow = Version.of(4).shards(5);
    KeyQuery<Lap> query = KeyQuery.partitions(null, "pk", new ShardCodec("Lap", '#', 5).appendAll("TRACK#t1"), "sk",
        '#', "LAP#");
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# ordered"), shards(query, live(shardedNow, Version.of(4))));
  }

  @Test
  void anIndexReadsTheOlderIndexOfItsName() {
    Version now = Version.of(6);
    LiveLayout<Lap> live = live(now, Version.of(4));
    KeyQuery<Lap> byDriver = KeyQuery.partition("byDriver", "byDriver_pk", "DRIVER#ann", "byDriver_sk", '#', "");
    List<WindowPlan.OlderShard> older = WindowPlan.olderShards(byDriver, live);
    assertEquals(List.of("DRIVER#ann NONE ordered"), older.stream().map(WindowPlanTest::shard).toList());
    assertEquals("byDriver", older.get(0).query().indexName());
    KeyQuery<Lap> other = KeyQuery.partition("byCar", "byCar_pk", "CAR#red", "byCar_sk", '#', "");
    assertEquals(List.of(), shards(other, live), "an index the older layout has not: no older item is in it");
  }

  @Test
  void aKeyComponentTheOlderKeysLackReadsTheOlderRangeWhole() {
    Version now = Version.of(4).carInKey();
    LiveLayout<Lap> live = LapKeys.schema(now, Version.of(4), (k, i) -> null).liveLayout();
    KeyQuery<Lap> lap = track(now).withEqual(now.time(), 42, false)
        .withEqual(TextCodec.of(String.class, "Lap", "driver", '#'), "ann", false);
    // every component of the older sort key is known: its one key
    assertEquals(List.of("TRACK#t1 EQUAL LAP#0042#ann ordered"), shards(lap, live));
    assertEquals(List.of("TRACK#t1 BEGINS_WITH LAP# sorted"), shards(track(now), live));
  }

  @Test
  void sameOrderNeedsTheSameComponentsWrittenAlike() {
    Version a = Version.of(4);
    var current = a.layout().sort();
    assertTrue(WindowPlan.sameOrder(current.segments(), current, Version.of(9).layout().sort().segments(),
        Version.of(9).layout().sort()));
    assertFalse(WindowPlan.sameOrder(current.segments(), current, a.inverted().layout().sort().segments(),
        a.inverted().layout().sort()));
    assertFalse(WindowPlan.sameOrder(current.segments(), current, a.driverFirst().layout().sort().segments(),
        a.driverFirst().layout().sort()));
    assertFalse(WindowPlan.sameOrder(current.segments(), current, a.carInKey().layout().sort().segments(),
        a.carInKey().layout().sort()));
  }
}
