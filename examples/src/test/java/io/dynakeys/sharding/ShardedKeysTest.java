package io.dynakeys.sharding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The keys of {@code @Sharded} records as generated: the article's vector, the shard in the key,
 * the parser's bounds, one {@code GetItem} per item, and writes spread evenly over the shards.
 * The class runs on dynalite and on moto.
 */
@OnEachServer
class ShardedKeysTest {
  private static final long SEED = Long.getLong("dynakeys.seed", 0x5a4d2026L);
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;

  ShardedKeysTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @Test
  void theArticlesInvoiceIsShardZeroOfTen() {
    assertEquals("InvoiceNumber#125656#0", InvoiceLineKeys.partitionKey(125656L, 0));
    assertEquals("InvoiceNumber#125656#9", InvoiceLineKeys.partitionKey(125656L, 9));
    List<String> all = InvoiceLineKeys.partitionKeys(125656L);
    assertEquals(10, all.size());
    for (int shard = 0; shard < 10; shard++) {
      assertEquals("InvoiceNumber#125656#" + shard, all.get(shard));
    }
    InvoiceLineKeys.PartitionParts parts = InvoiceLineKeys.parsePartitionKey("InvoiceNumber#125656#7");
    assertEquals(125656L, parts.invoice());
    assertEquals(7, parts.shard());
  }

  @Test
  void anItemsShardIsTheHashOfItsSortKeyAndItsKeyCarriesIt() {
    InvoiceLine line = new InvoiceLine(125656L, 1, "pen");
    // murmur3_32("000001") = 0x2bc4015c, unsigned 734265692 % 10 = 2.
    assertEquals("000001", InvoiceLineKeys.sortKey(line));
    assertEquals(2, InvoiceLineKeys.shard(line));
    assertEquals("InvoiceNumber#125656#2", InvoiceLineKeys.partitionKey(line));
    assertEquals("InvoiceNumber#125656#2", InvoiceLineKeys.key(line).partitionKeyValue().s());
    assertEquals(InvoiceLineKeys.key(line), InvoiceLineKeys.key(125656L, 1));
  }

  @Test
  void theParserAndTheEncoderRefuseShardsThatDoNotExist() {
    KeyFormatException parsed = assertThrows(KeyFormatException.class,
        () -> Spread16Keys.parsePartitionKey("S16#p#16"));
    assertTrue(parsed.getMessage().contains("shard 16 does not exist"), parsed.getMessage());
    assertThrows(KeyFormatException.class, () -> Spread16Keys.parsePartitionKey("S16#p#7"));
    assertThrows(KeyFormatException.class, () -> InvoiceLineKeys.parsePartitionKey("InvoiceNumber#125656"));
    assertThrows(KeyFormatException.class, () -> InvoiceLineKeys.parsePartitionKey("InvoiceNumber#125656#-1"));
    KeyFormatException encoded = assertThrows(KeyFormatException.class, () -> InvoiceLineKeys.partitionKey(1L, 10));
    assertEquals("shard", encoded.component());
    assertThrows(KeyFormatException.class, () -> InvoiceLineKeys.partitionKey(1L, -1));
    assertEquals(new Spread16Keys.PartitionParts("p", 7), Spread16Keys.parsePartitionKey("S16#p#07"));
  }

  @Test
  void getItemFindsAnItemInItsShardWithOneRead() {
    String name = TestTables.NAME_PREFIX + "sharded-" + UUID.randomUUID();
    try {
      DynamoDbTable<InvoiceLine> lines = InvoiceLineKeys.createTable(enhanced, name);
      List<InvoiceLine> written = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        InvoiceLine line = new InvoiceLine(125656L, i, "item " + i);
        lines.putItem(line);
        written.add(line);
      }
      for (InvoiceLine line : written) {
        assertEquals(line, lines.getItem(InvoiceLineKeys.key(line)));
      }
      // Every item sits in the partition of its own shard, and no other.
      long spread = written.stream().map(InvoiceLineKeys::shard).distinct().count();
      assertTrue(spread >= 8, "50 lines should reach most of the 10 shards, reached " + spread);
    } finally {
      TestTables.deleteTable(client, name);
    }
  }

  /**
   * 100,000 random ids per count: the shard counts pass a chi-square test of uniformity at the
   * 0.1% level (the statistic stays below the critical value for N - 1 degrees of freedom).
   */
  @ParameterizedTest(name = "{0} shards")
  @CsvSource({"2, 10.828", "10, 27.877", "16, 37.697", "100, 148.230"})
  void writesSpreadEvenlyOverTheShards(int count, double critical) {
    ToIntFunction<String> shard = switch (count) {
      case 2 -> id -> Spread2Keys.shard(new Spread2(id, id));
      case 10 -> line -> InvoiceLineKeys.shard(new InvoiceLine(1L, Integer.parseInt(line), "item"));
      case 16 -> id -> Spread16Keys.shard(new Spread16(id, id));
      default -> id -> Spread100Keys.shard(new Spread100(id, id));
    };
    SplittableRandom random = new SplittableRandom(SEED + count);
    int samples = 100_000;
    long[] counts = new long[count];
    for (int i = 0; i < samples; i++) {
      // The invoice's lines are numbers of its padded sort key; the others, random UUID-like ids.
      String id = count == 10 ? Integer.toString(random.nextInt(1_000_000))
          : new UUID(random.nextLong(), random.nextLong()).toString();
      counts[shard.applyAsInt(id)]++;
    }
    double expected = (double) samples / count;
    double chiSquare = 0;
    for (long observed : counts) {
      chiSquare += (observed - expected) * (observed - expected) / expected;
    }
    assertTrue(chiSquare < critical, count + " shards (seed " + (SEED + count) + "): chi-square "
        + chiSquare + " >= " + critical + ", counts " + java.util.Arrays.toString(counts));
  }
}
