package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shard function of {@code @Sharded}: murmur3 x86 32-bit with seed 0 over UTF-8, checked
 * against the algorithm's published vectors, so that other languages can compute the same shard;
 * the shard numbers' width, bounds and parsing.
 */
class ShardCodecTest {

  /** MurmurHash3_x86_32 with seed 0, as published with the reference implementation and its ports. */
  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = '|', value = {
      "''                                            | 0x00000000",
      "hello                                         | 0x248bfa47",
      "The quick brown fox jumps over the lazy dog   | 0x2e4ff723",
  })
  void theHashIsMurmur3X86With32BitsAndSeedZero(String text, String hex) {
    assertEquals(Integer.parseUnsignedInt(hex.substring(2), 16), ShardCodec.hash(text));
  }

  /**
   * dynakeys' own vectors: hash and shard of key texts, computed here and by an independent
   * implementation in another language (the README publishes them).
   */
  @ParameterizedTest(name = "\"{0}\" of {1}")
  @CsvSource(delimiter = '|', value = {
      "000001                              | 10  | 0x2bc4015c | 2",
      "000001                              | 16  | 0x2bc4015c | 12",
      "ORDER#000000001500#web              | 16  | 0x824f89a6 | 6",
      "1500#p_8842                         | 100 | 0x58f6f685 | 73",
      "9999998499#0000001719100800#p_8842  | 10  | 0x38981858 | 0",
      "é€😀                                | 7   | 0x295a8444 | 5",
  })
  void theShardIsTheUnsignedHashOfTheUtf8BytesModuloTheCount(String text, int count, String hex, int shard) {
    assertEquals(Integer.parseUnsignedInt(hex.substring(2), 16), ShardCodec.hash(text));
    assertEquals(shard, new ShardCodec("Rec", '#', count).shardOf(text));
  }

  @Test
  void shardNumbersHaveTheDigitsOfTheLastShard() {
    assertEquals("0", new ShardCodec("Rec", '#', 10).encode(0));
    assertEquals("9", new ShardCodec("Rec", '#', 10).encode(9));
    assertEquals("07", new ShardCodec("Rec", '#', 16).encode(7));
    assertEquals("99", new ShardCodec("Rec", '#', 100).encode(99));
    assertEquals("000", new ShardCodec("Rec", '#', 1000).encode(0));
    assertEquals("InvoiceNumber#125656#0", new ShardCodec("Rec", '#', 10).append("InvoiceNumber#125656", 0));
    assertEquals(List.of("P#0", "P#1"), new ShardCodec("Rec", '#', 2).appendAll("P"));
  }

  @Test
  void aShardOutsideTheCountIsRefusedOnTheWayInAndOut() {
    ShardCodec codec = new ShardCodec("Invoice", '#', 10);
    KeyFormatException high = assertThrows(KeyFormatException.class, () -> codec.encode(10));
    assertEquals("Invoice.shard: a shard is from 0 to 9: Invoice is @Sharded(count = 10) (value: \"10\")",
        high.getMessage());
    assertThrows(KeyFormatException.class, () -> codec.encode(-1));
    ShardCodec sixteen = new ShardCodec("Invoice", '#', 16);
    KeyFormatException parsed = assertThrows(KeyFormatException.class,
        () -> sixteen.decode(new KeyReader("16", "Invoice", "partition key", '#')));
    assertTrue(parsed.getMessage().contains("shard 16 does not exist: Invoice is @Sharded(count = 16), shards 0 to 15"),
        parsed.getMessage());
    assertEquals(15, sixteen.decode(new KeyReader("15", "Invoice", "partition key", '#')));
    assertThrows(KeyFormatException.class, () -> sixteen.decode(new KeyReader("5", "Invoice", "partition key", '#')));
    assertThrows(IllegalArgumentException.class, () -> new ShardCodec("Invoice", '#', 1));
  }

  /** The width rule the codec writes with is the one the tools read stored shard numbers by. */
  @ParameterizedTest(name = "{0} shards: {1} digit(s)")
  @CsvSource({"1, 1", "2, 1", "10, 1", "11, 2", "16, 2", "100, 2", "101, 3", "1000, 3", "1001, 4"})
  void theWidthIsTheDigitsOfTheLastShard(int count, int width) {
    assertEquals(width, ShardCodec.width(count));
    if (count >= 2) {
      ShardCodec codec = new ShardCodec("Run", '#', count);
      assertEquals(width, codec.width());
      assertEquals(width, codec.encode(count - 1).length());
      assertEquals(width, codec.encode(0).length());
    }
  }

  @Test
  void aCountBelowOneHasNoWidth() {
    assertThrows(IllegalArgumentException.class, () -> ShardCodec.width(0));
  }

  /** A write-sharded aggregate's stored key is right in any shard, and only in a shard that exists. */
  @Test
  void aKeyIsAShardOfItsKeyWithoutShardInEveryShardAndNoOther() {
    ShardCodec sixteen = new ShardCodec("Sale", '#', 16);
    for (int shard = 0; shard < 16; shard++) {
      assertTrue(sixteen.isShardOf(sixteen.append("SALE#x", shard), "SALE#x"));
    }
    for (String wrong : List.of("SALE#x#16", "SALE#x#99", "SALE#x#1", "SALE#x#001", "SALE#x#0a", "SALE#x#-1",
        "SALE#x/03", "SALE#y#03", "SALE#x", "SALE#x#", "SALE#xy#03")) {
      org.junit.jupiter.api.Assertions.assertFalse(sixteen.isShardOf(wrong, "SALE#x"), wrong);
    }
    org.junit.jupiter.api.Assertions.assertFalse(sixteen.isShardOf(null, "SALE#x"));
    ShardCodec thousand = new ShardCodec("Sale", '|', 1000);
    assertTrue(thousand.isShardOf("S|a|999", "S|a"));
    org.junit.jupiter.api.Assertions.assertFalse(thousand.isShardOf("S|a|99", "S|a"), "narrower than the width");
  }

  @Test
  void onlyAShardedLayoutTakesRandomShards() {
    EntityLayout.Key pk = EntityLayout.key("pk", "SALE", '#');
    assertTrue(EntityLayout.of("Sale", pk, null, 4).withRandomShards().randomShards());
    org.junit.jupiter.api.Assertions.assertFalse(EntityLayout.of("Sale", pk, null, 4).randomShards());
    assertThrows(IllegalArgumentException.class, () -> EntityLayout.of("Sale", pk, null, 0).withRandomShards());
  }
}
