package io.dynakeys.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.customers.Order;
import io.dynakeys.examples.customers.OrderKeys;
import io.dynakeys.runtime.transact.CancellationCode;
import io.dynakeys.runtime.transact.TransactGet;
import io.dynakeys.runtime.transact.TransactGetResult;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.transact.TransactionCancelledException;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Conflicting transactions from several threads on the same items: transfers between accounts
 * (orders' {@code totalCents}), each read transactionally and written as two updates conditional
 * on the balances read. Every transfer either applies whole or ends with
 * {@link TransactionCancelledException} for a condition or a conflict; the total is conserved, no
 * balance goes negative, and the final balances are the initial ones plus the applied transfers,
 * which is what a serial order of the applied transfers gives (on a server that isolates
 * transactions; moto does not, see the first test). The second test interleaves stale reads on
 * one thread, which every server answers alike. {@code -Ddynakeys.transact.transfers}
 * (on moto {@code .moto}) sets the transfers per thread (default 25).
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class TransactConcurrencyTest {
  private static final long SEED = Long.getLong("dynakeys.seed", 20261216L);
  private static final int ACCOUNTS = 4;
  private static final int THREADS = 4;
  private static final long START = 1_000;
  private final DynamoEndpoint endpoint;
  private final int transfers;
  private TransactTables tables;

  TransactConcurrencyTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.transfers = RunSize.of(endpoint, "dynakeys.transact.transfers", 25, 25);
  }

  @BeforeEach
  void createTables() {
    tables = new TransactTables(endpoint);
  }

  @AfterEach
  void deleteTables() {
    tables.delete();
  }

  private static Order account(int i, long balance) {
    return new Order("bank", i, LocalDate.of(2026, 1, 1), balance);
  }

  /** One transfer that applied: {@code amount} from one account to another. */
  private record Transfer(int from, int to, long amount) {}

  @Test
  void concurrentTransfersApplyWholeOrNotAtAllAndConserveTheTotal() throws Exception {
    System.out.println("TransactConcurrencyTest on " + endpoint.kind() + ", seed " + SEED + ", " + THREADS
        + " threads x " + transfers + " transfers");
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    for (int i = 0; i < ACCOUNTS; i++) {
      tables.orders.putItem(account(i, START));
    }
    List<Transfer> applied = Collections.synchronizedList(new ArrayList<>());
    Set<CancellationCode> seen = ConcurrentHashMap.newKeySet();
    AtomicInteger cancelled = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        SplittableRandom random = new SplittableRandom(SEED + t);
        done.add(pool.submit(() -> {
          for (int n = 0; n < transfers; n++) {
            int from = random.nextInt(ACCOUNTS);
            int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            long amount = 1 + random.nextInt(400);
            TransactGet get = TransactGet.create();
            TransactGet.Handle<Order> a = get.add(tables.orders, OrderKeys.key("bank", from));
            TransactGet.Handle<Order> b = get.add(tables.orders, OrderKeys.key("bank", to));
            TransactGetResult read;
            try {
              read = get.execute(client);
            } catch (TransactionCancelledException e) {
              seen.addAll(e.failed().stream().map(TransactionCancelledException.Reason::code).toList());
              continue; // DynamoDB cancels a read that meets a transaction in progress
            }
            Order source = read.item(a).orElseThrow();
            Order target = read.item(b).orElseThrow();
            if (source.totalCents() < amount) {
              continue;
            }
            try {
              TransactWrite.create()
                  .update(tables.orders, account(from, source.totalCents() - amount), balanceIs(source))
                  .update(tables.orders, account(to, target.totalCents() + amount), balanceIs(target))
                  .execute(client);
              applied.add(new Transfer(from, to, amount));
            } catch (TransactionCancelledException e) {
              cancelled.incrementAndGet();
              assertTrue(!e.failed().isEmpty(), e.getMessage());
              for (TransactionCancelledException.Reason r : e.failed()) {
                assertTrue(EnumSet.of(CancellationCode.CONDITIONAL_CHECK_FAILED, CancellationCode.TRANSACTION_CONFLICT)
                    .contains(r.code()), "a condition or a conflict: " + e.getMessage());
                seen.add(r.code());
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    List<Long> balances = balances();
    long[] serial = serial(applied);
    System.out.println("TransactConcurrencyTest: " + applied.size() + " applied, " + cancelled.get()
        + " cancelled (" + seen + "), balances " + balances + ", the applied transfers in any order give "
        + java.util.Arrays.toString(serial));
    assertTrue(applied.size() > 0, "some transfers applied");
    if (endpoint.isMoto()) {
      // moto 5.2.1 does not isolate concurrent transactions: one that is cancelled puts back the
      // tables it touched as it copied them before it ran, erasing what others applied meanwhile
      // (docs/design.md, "Transactions"). What a serializable server holds is checked below, and
      // on moto by the interleaved test of this class.
      return;
    }
    assertSerial(serial, balances);
  }

  @Test
  void interleavedTransfersOnStaleReadsAreCancelledAndTheRestIsASerialOrder() {
    // Two clients read the same balances, then both write: the second write finds its condition
    // false. Interleaved on one thread, so it holds on every server, moto included.
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    for (int i = 0; i < ACCOUNTS; i++) {
      tables.orders.putItem(account(i, START));
    }
    SplittableRandom random = new SplittableRandom(SEED);
    List<Transfer> applied = new ArrayList<>();
    int cancelled = 0;
    for (int n = 0; n < transfers * 2; n++) {
      List<Transfer> planned = new ArrayList<>();
      List<Order[]> reads = new ArrayList<>();
      for (int c = 0; c < 2; c++) {
        int from = random.nextInt(ACCOUNTS);
        int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
        TransactGet get = TransactGet.create();
        TransactGet.Handle<Order> a = get.add(tables.orders, OrderKeys.key("bank", from));
        TransactGet.Handle<Order> b = get.add(tables.orders, OrderKeys.key("bank", to));
        TransactGetResult read = get.execute(client);
        planned.add(new Transfer(from, to, 1 + random.nextInt(300)));
        reads.add(new Order[] {read.item(a).orElseThrow(), read.item(b).orElseThrow()});
      }
      for (int c = 0; c < 2; c++) {
        Transfer t = planned.get(c);
        Order source = reads.get(c)[0];
        Order target = reads.get(c)[1];
        if (source.totalCents() < t.amount()) {
          continue;
        }
        boolean overlaps = c == 1 && !applied.isEmpty() && applied.get(applied.size() - 1) == planned.get(0)
            && Set.of(planned.get(0).from(), planned.get(0).to()).stream().anyMatch(x -> x == t.from() || x == t.to());
        try {
          TransactWrite.create()
              .update(tables.orders, account(t.from(), source.totalCents() - t.amount()), balanceIs(source))
              .update(tables.orders, account(t.to(), target.totalCents() + t.amount()), balanceIs(target))
              .execute(client);
          assertTrue(!overlaps, "applied on a stale read: " + t);
          applied.add(t);
        } catch (TransactionCancelledException e) {
          assertTrue(overlaps, "cancelled without a conflicting write before it: " + e.getMessage());
          assertTrue(e.failed().stream().allMatch(r -> r.code() == CancellationCode.CONDITIONAL_CHECK_FAILED),
              e.getMessage());
          cancelled++;
        }
      }
    }
    System.out.println("TransactConcurrencyTest, interleaved: " + applied.size() + " applied, " + cancelled
        + " cancelled on stale reads");
    assertTrue(cancelled > 0 && !applied.isEmpty(), applied.size() + " applied, " + cancelled + " cancelled");
    assertSerial(serial(applied), balances());
  }

  private List<Long> balances() {
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < ACCOUNTS; i++) {
      int account = i;
      out.add(tables.orders.getItem(r -> r.key(OrderKeys.key("bank", account)).consistentRead(true)).totalCents());
    }
    return out;
  }

  /** The balances the applied transfers give from the start, in any order (sums commute). */
  private static long[] serial(List<Transfer> applied) {
    long[] expected = new long[ACCOUNTS];
    java.util.Arrays.fill(expected, START);
    synchronized (applied) {
      for (Transfer t : applied) {
        expected[t.from()] -= t.amount();
        expected[t.to()] += t.amount();
      }
    }
    return expected;
  }

  private static void assertSerial(long[] serial, List<Long> balances) {
    assertEquals(ACCOUNTS * START, balances.stream().mapToLong(Long::longValue).sum(), "the total is conserved");
    for (int i = 0; i < ACCOUNTS; i++) {
      assertTrue(balances.get(i) >= 0, "no balance below zero: " + balances);
      assertEquals(serial[i], balances.get(i), "account " + i + ": the initial balance plus the applied transfers "
          + java.util.Arrays.toString(serial) + " " + balances);
    }
  }

  private static software.amazon.awssdk.enhanced.dynamodb.Expression balanceIs(Order read) {
    return TransactTables.valueIs("totalCents", AttributeValue.fromN(Long.toString(read.totalCents())));
  }
}
