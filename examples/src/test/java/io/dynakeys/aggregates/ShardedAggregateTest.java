package io.dynakeys.aggregates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.write.ShardedAggregate;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Write-sharded aggregates on a real server: 16 concurrent writers add known amounts (numbers,
 * negatives among them, decimals, set elements, a primitive most adds leave alone) through the
 * sync, async and explicit-client paths; the combined read (sync and async, strongly consistent)
 * equals the sums and unions of the shard items as stored and, where concurrent updates of one item
 * are atomic (dynalite, DynamoDB), the model's totals exactly; moto 5.2.1 loses a concurrent update
 * now and then, so there an add may be lost but never invented, and one writer's adds are exact.
 * The shard items spread the writes (every shard written, and a chi-square test of uniformity at
 * the 1e-9 level). {@code -Ddynakeys.aggregates.adds} sets the adds per writer
 * ({@code .moto} on moto), {@code -Ddynakeys.seed} the seed.
 */
@OnEachServer
class ShardedAggregateTest {
  private static final long SEED = Long.getLong("dynakeys.seed", System.nanoTime() % 1_000_000);
  private static final int WRITERS = 16;
  /**
   * The chi-square critical value for 15 degrees of freedom (16 shards) at the 1e-9 level. The
   * shard of an add is drawn by the library's ThreadLocalRandom, which no seed fixes, so the test
   * fails a fair spread at exactly this rate: at the 0.1% level (37.697) that is about one run in
   * 500 over the two servers. A shard never written, the likeliest bug, is asserted on its own.
   */
  private static final double CRITICAL_16 = 73.630;

  private final DynamoEndpoint endpoint;
  private final int adds;

  ShardedAggregateTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.adds = RunSize.of(endpoint, "dynakeys.aggregates.adds", 50, 20);
  }

  @Test
  void concurrentAddsSumAndUniteAcrossShardsThatShareTheWrites() throws Exception {
    System.out.println("ShardedAggregateTest on " + endpoint.kind() + ", seed " + SEED + ", " + WRITERS + " writers x "
        + adds + " adds (-Ddynakeys.aggregates.adds" + (endpoint.isMoto() ? ".moto" : "") + ")");
    String name = "aggregates-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<SaleTotal> table = SaleTotalKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbAsyncTable<SaleTotal> async = SaleTotalKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name);
    DynamoDbClient client = endpoint.client();
    ShardedAggregate<SaleTotal> sale = SaleTotalKeys.aggregate("flash-42");
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      Totals model = new Totals();
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        SplittableRandom random = new SplittableRandom(SEED * 31 + w);
        writers.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < adds; i++) {
            model.addRandom(random, sale, table, async, client, name);
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> writer : writers) {
        writer.get();
      }
      long total = (long) WRITERS * adds;
      SaleTotal expected = model.record("flash-42");
      String what = "seed " + SEED;
      // The combination is the sum and union of the shard items as stored, on every server...
      Optional<SaleTotal> combined = normalised(sale.read(table, true));
      assertEquals(normalised(Optional.of(storedTotals(client, name, "flash-42"))), combined, what + ": the stored parts");
      assertEquals(combined, normalised(sale.readAsync(async, true).join()), what + ": async read");
      assertEquals(combined, normalised(sale.read(client, name, true)), what + ": explicit client");
      if (!endpoint.isMoto()) {
        // ... and the model's totals exactly where concurrent updates of one item are atomic.
        assertEquals(Optional.of(expected), combined, what + ": the writers' totals");
      } else {
        // moto 5.2.1 loses concurrent UpdateItems of one item now and then (a probe: 16 adds at once
        // to each of 20 new items stored 319 of 320); DynamoDB and dynalite apply every one. On moto
        // an add may be lost, never invented, and one writer's adds are exact.
        long lost = total - combined.orElseThrow().writes();
        System.out.println("ShardedAggregateTest on moto: " + lost + " of " + total + " concurrent adds lost by moto");
        assertTrue(lost >= 0 && lost < total / 10, what + ": " + lost + " adds lost");
        Totals serial = new Totals();
        ShardedAggregate<SaleTotal> one = SaleTotalKeys.aggregate("one-writer");
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 2 * adds; i++) {
          serial.addRandom(random, one, table, async, client, name);
        }
        assertEquals(Optional.of(serial.record("one-writer")), normalised(one.read(table, true)), what + ": one writer");
      }

      // Every shard item is a whole record whose key is one of the aggregate's shards; the writes
      // counted by shard spread evenly.
      long[] counts = new long[sale.shards()];
      int stored = 0;
      for (int shard = 0; shard < sale.shards(); shard++) {
        int s = shard;
        Map<String, AttributeValue> raw = client.getItem(r -> r.tableName(name).consistentRead(true)
            .key(Map.of("pk", AttributeValue.fromS(SaleTotalKeys.partitionKey("flash-42", s))))).item();
        if (raw == null || raw.isEmpty()) {
          continue;
        }
        SaleTotal part = SaleTotalKeys.tableSchema().mapToItem(raw);
        assertEquals("flash-42", part.sale());
        counts[shard] = part.writes() == null ? 0 : part.writes();
        stored++;
      }
      long counted = java.util.Arrays.stream(counts).sum();
      assertEquals(combined.orElseThrow().writes(), counted, what + ": every add is in one shard");
      // The generated query reads the shard items as they are: one part per stored shard item.
      List<SaleTotal> parts = SaleTotalKeys.query("flash-42").items(table).toList();
      assertEquals(stored, parts.size(), what + ": shard items");
      assertEquals(counted, parts.stream().mapToLong(t -> t.writes() == null ? 0 : t.writes()).sum(),
          what + ": the parts' writes");
      double mean = (double) counted / counts.length;
      double chiSquare = 0;
      for (long observed : counts) {
        chiSquare += (observed - mean) * (observed - mean) / mean;
      }
      System.out.println("ShardedAggregateTest: writes by shard " + java.util.Arrays.toString(counts)
          + ", chi-square " + chiSquare);
      for (int shard = 0; shard < counts.length && mean >= 15; shard++) {
        // A fair draw leaves a shard unwritten with a chance of 16 * (15/16)^320 = 2e-8 (moto's 320 adds).
        assertTrue(counts[shard] > 0, what + ": shard " + shard + " has no write, writes by shard "
            + java.util.Arrays.toString(counts));
      }
      assertTrue(chiSquare < CRITICAL_16, what + ": chi-square " + chiSquare + " >= " + CRITICAL_16
          + ", writes by shard " + java.util.Arrays.toString(counts));

      // An aggregate never written reads as empty; one with a single add is that add (the other
      // fifteen shard items are missing and add nothing), its untouched primitive 0 and boxed null.
      assertEquals(Optional.empty(), SaleTotalKeys.aggregate("nothing-yet").read(table));
      ShardedAggregate<SaleTotal> once = SaleTotalKeys.aggregate("once");
      once.add().add(SaleTotalKeys.UNITS, 7L).run(table);
      assertEquals(Optional.of(new SaleTotal("once", 7, null, null, null, 0)),
          normalised(once.readAsync(async, true).join()));
      // A constant partition's aggregate, in the same table (its keys are VISITS#0 to VISITS#3).
      ShardedAggregate<SiteVisits> visits = SiteVisitsKeys.aggregate();
      for (int i = 1; i <= 12; i++) {
        visits.add().add(SiteVisitsKeys.VISITS, (long) i).run(client, name);
      }
      assertEquals(Optional.of(new SiteVisits(78)), visits.read(client, name, true));
      // A whole item cannot be put: it would replace one shard's part of the total.
      UnsupportedOperationException put = assertThrows(UnsupportedOperationException.class,
          () -> table.putItem(expected));
      assertTrue(put.getMessage().contains("SaleTotalKeys.aggregate(...).add()"), put.getMessage());
    } finally {
      pool.shutdownNow();
      table.deleteTable();
    }
  }

  /** What the adds should sum to: the model, updated by the writers as they add. */
  private static final class Totals {
    private final AtomicLong units = new AtomicLong();
    private final AtomicLong cents = new AtomicLong();
    private final AtomicLong refunds = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();
    private final Set<String> buyers = java.util.Collections.synchronizedSet(new TreeSet<>());

    /** One random add (negative units among them, a refund one time in five), by a random path. */
    void addRandom(SplittableRandom random, ShardedAggregate<SaleTotal> aggregate, DynamoDbTable<SaleTotal> table,
        DynamoDbAsyncTable<SaleTotal> async, DynamoDbClient client, String name) {
      long u = random.nextInt(14) - 3;
      long c = random.nextInt(10_000);
      String buyer = "b" + random.nextInt(40);
      ShardedAggregate.Add<SaleTotal> add = aggregate.add().add(SaleTotalKeys.UNITS, u)
          .add(SaleTotalKeys.REVENUE, BigDecimal.valueOf(c, 2))
          .addElements(SaleTotalKeys.BUYERS, Set.of(buyer))
          .add(SaleTotalKeys.WRITES, 1L);
      int r = random.nextInt(5) == 0 ? 1 + random.nextInt(3) : 0;
      if (r > 0) {
        add.add(SaleTotalKeys.REFUNDS, r);
      }
      switch (random.nextInt(3)) {
        case 0 -> add.run(table);
        case 1 -> add.runAsync(async).join();
        default -> add.run(client, name);
      }
      units.addAndGet(u);
      cents.addAndGet(c);
      refunds.addAndGet(r);
      writes.incrementAndGet();
      buyers.add(buyer);
    }

    SaleTotal record(String sale) {
      return new SaleTotal(sale, units.get(), BigDecimal.valueOf(cents.get(), 2), new TreeSet<>(buyers), writes.get(),
          (int) refunds.get());
    }
  }

  /** The sums and unions of the shard items as stored, read one by one, independently of the aggregate's code. */
  private static SaleTotal storedTotals(DynamoDbClient client, String name, String sale) {
    long units = 0;
    BigDecimal revenue = BigDecimal.ZERO;
    Set<String> buyers = new TreeSet<>();
    long writes = 0;
    int refunds = 0;
    for (int shard = 0; shard < 16; shard++) {
      String pk = SaleTotalKeys.partitionKey(sale, shard);
      Map<String, AttributeValue> raw = client.getItem(r -> r.tableName(name).consistentRead(true)
          .key(Map.of("pk", AttributeValue.fromS(pk)))).item();
      if (raw == null || raw.isEmpty()) {
        continue;
      }
      units += Long.parseLong(raw.get("units").n());
      revenue = revenue.add(new BigDecimal(raw.get("revenue").n()));
      buyers.addAll(raw.get("buyers").ss());
      writes += Long.parseLong(raw.get("writes").n());
      refunds += Integer.parseInt(raw.get("refunds").n());
    }
    return new SaleTotal(sale, units, revenue, buyers, writes, refunds);
  }

  /** BigDecimal equality ignores scale here (the sum is exact; 12.30 and 12.3 are one total); sets as sorted sets. */
  private static Optional<SaleTotal> normalised(Optional<SaleTotal> total) {
    return total.map(t -> new SaleTotal(t.sale(), t.units(),
        t.revenue() == null ? null : t.revenue().setScale(2), t.buyers() == null ? null : new TreeSet<>(t.buyers()),
        t.writes(), t.refunds()));
  }

  @Test
  void anAddIsOneUnconditionalUpdateOfOneShardThatKeepsTheItemWhole() {
    ShardedAggregate<SaleTotal> sale = SaleTotalKeys.aggregate("flash-42");
    UpdateItemRequest request = sale.add().add(SaleTotalKeys.UNITS, 2L).addElements(SaleTotalKeys.BUYERS, Set.of("ann"))
        .toRequest("sales", 3);
    assertEquals(Map.of("pk", AttributeValue.fromS("SALE#flash-42#03")), request.key());
    assertEquals("SET #a0 = :v0, #a1 = if_not_exists(#a1, :v1) ADD #a2 :v2, #a3 :v3", request.updateExpression());
    assertEquals(Map.of("#a0", "sale", "#a1", "refunds", "#a2", "units", "#a3", "buyers"),
        request.expressionAttributeNames());
    assertEquals(null, request.conditionExpression(), "an add creates its shard item");
    assertEquals(16, sale.keys().size());
    assertEquals("SALE#flash-42#15", sale.keys().get(15).partitionKeyValue().s());
    assertThrows(IllegalStateException.class, () -> sale.add().toRequest("sales"));
    assertThrows(IllegalArgumentException.class,
        () -> sale.add().add(SaleTotalKeys.UNITS, 1L).add(SaleTotalKeys.UNITS, 2L));
    assertThrows(IllegalArgumentException.class, () -> sale.add().addElements(SaleTotalKeys.BUYERS, Set.of()));
    assertThrows(NullPointerException.class, () -> sale.add().add(SaleTotalKeys.UNITS, null));
    assertThrows(IndexOutOfBoundsException.class, () -> sale.add().add(SaleTotalKeys.UNITS, 1L).toRequest("sales", 16));
    assertThrows(io.dynakeys.runtime.KeyFormatException.class, () -> SaleTotalKeys.aggregate("a#b"));
    // A constant partition: the shard follows the prefix and the delimiter.
    ShardedAggregate<SiteVisits> visits = SiteVisitsKeys.aggregate();
    assertEquals("VISITS#2", visits.keys().get(2).partitionKeyValue().s());
    assertEquals("ADD #a0 :v0", visits.add().add(SiteVisitsKeys.VISITS, 1L).toRequest("t", 2).updateExpression());
    assertThrows(io.dynakeys.runtime.KeyFormatException.class, () -> io.dynakeys.runtime.internal.write.Aggregate.of(SaleTotalKeys.tableSchema(),
        java.util.stream.IntStream.range(0, 16).mapToObj(i -> SaleTotalKeys.partitionKey(i == 5 ? "other" : "x", i)).toList()));
  }
}
