package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * The shard number at the end of a {@code @Sharded} record's partition key: which of
 * {@code count} partitions an item lives in, written with as many digits as {@code count - 1}
 * has ({@code 0}…{@code 9}, {@code 00}…{@code 15}).
 *
 * <p>The shard of an item is {@link #hash murmur3 x86 32-bit, seed 0} of the UTF-8 bytes of a text
 * taken from its key (its sort key, or the key encodings of the {@code by} components joined by
 * the delimiter), as an unsigned number, modulo {@code count}: a function other languages can
 * reproduce (Python's {@code mmh3.hash(text.encode(), 0, signed=False) % count}). Vectors:
 * {@code hash("hello") == 0x248bfa47}; the sort key {@code 9999998499#0000001719100800#p_8842}
 * hashes to {@code 0x38981858}, shard 0 of 10; {@code 000001} to {@code 0x2bc4015c}, shard 2 of 10
 * and 12 of 16.
 */
public final class ShardCodec {
  private final String record;
  private final char delimiter;
  private final int count;
  private final int width;
  private final String[] texts;

  /**
   * @param record the record's simple name, for messages
   * @param delimiter the key's delimiter, which comes before the shard number
   * @param count the number of shards, at least 2
   */
  public ShardCodec(String record, char delimiter, int count) {
    if (count < 2) {
      throw new IllegalArgumentException(record + ": a sharded record needs at least 2 shards, not " + count);
    }
    this.record = record;
    this.delimiter = delimiter;
    this.count = count;
    this.width = width(count);
    this.texts = new String[count];
    for (int i = 0; i < count; i++) {
      String digits = Integer.toString(i);
      texts[i] = "0".repeat(width - digits.length()) + digits;
    }
  }

  /** The number of shards. */
  public int count() {
    return count;
  }

  /** The digits of every shard number. */
  public int width() {
    return width;
  }

  /**
   * The digits of every shard number of a record with {@code count} shards: as many as
   * {@code count - 1} has (1 for 2 to 10 shards, 2 for 11 to 100).
   *
   * @throws IllegalArgumentException when {@code count} is below 1
   */
  public static int width(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("a shard count is at least 1, not " + count);
    }
    return Integer.toString(count - 1).length();
  }

  /** The murmur3 x86 32-bit hash, seed 0, of the UTF-8 bytes of {@code text}. */
  public static int hash(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return MurmurHash3.hash32x86(bytes, 0, bytes.length, 0);
  }

  /** The shard of the item whose shard text is {@code text}: the unsigned hash modulo the count. */
  public int shardOf(String text) {
    return Integer.remainderUnsigned(hash(text), count);
  }

  /**
   * The key text of shard {@code shard}.
   *
   * @throws KeyFormatException when {@code shard} is not from 0 to {@code count - 1}
   */
  public String encode(int shard) {
    if (shard < 0 || shard >= count) {
      throw new KeyFormatException(record, "shard", Integer.toString(shard),
          "a shard is from 0 to " + (count - 1) + ": " + record + " is @Sharded(count = " + count + ")");
    }
    return texts[shard];
  }

  /**
   * The partition key of shard {@code shard}: {@code partitionKey}, the delimiter and the shard
   * number, checked against DynamoDB's 2048-byte limit.
   *
   * @param partitionKey the partition key without its shard ({@code InvoiceNumber#125656})
   */
  public String append(String partitionKey, int shard) {
    return Utf8.checkLength(partitionKey + delimiter + encode(shard), Utf8.PARTITION_KEY_LIMIT, record,
        "partition key");
  }

  /** The partition keys of every shard, in shard order. */
  public java.util.List<String> appendAll(String partitionKey) {
    java.util.List<String> keys = new java.util.ArrayList<>(count);
    for (int shard = 0; shard < count; shard++) {
      keys.add(append(partitionKey, shard));
    }
    return java.util.List.copyOf(keys);
  }

  /**
   * Whether {@code key} is the key of one of the shards of {@code withoutShard}: that text, the
   * delimiter, and a shard number at this codec's width below the count. What a write-sharded
   * aggregate's stored key is checked by, since any shard may hold it.
   */
  public boolean isShardOf(String key, String withoutShard) {
    if (key == null || withoutShard == null) {
      return false;
    }
    // As append writes it: the key without the shard, the delimiter, the shard number.
    int head = withoutShard.length() + 1;
    if (key.length() != head + width || !key.startsWith(withoutShard) || key.charAt(head - 1) != delimiter) {
      return false;
    }
    int shard = 0;
    for (int i = head; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      shard = shard * 10 + (c - '0');
    }
    return shard < count;
  }

  /** Reads the shard number from {@code reader}; refuses a number of no shard. */
  public int decode(KeyReader reader) {
    long shard = reader.digits("shard", width);
    if (shard >= count) {
      throw reader.error("shard", "shard " + shard + " does not exist: " + record
          + " is @Sharded(count = " + count + "), shards 0 to " + (count - 1));
    }
    return (int) shard;
  }
}
