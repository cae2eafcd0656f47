package io.dynakeys.runtime.read;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a read stopped, to resume it exactly: for each shard of the query, the key of the last
 * item the read returned from it (the exclusive start key of its next request), "not started" or
 * "done". Immutable.
 *
 * <p>{@link #token()} is an opaque, URL-safe string (base64url without padding) to hand to
 * clients of a paging API and to take back with {@link #parse(String)} or
 * {@link ReadOptions#startAt(String)}. It holds a digest of the identity of the read it belongs to
 * (table, index, partition values, sort key condition, direction, key attributes) and a checksum
 * of itself: a token that is malformed or altered (a changed character, the unused low bits of the
 * last character included: only the canonical encoding is accepted) fails {@link #parse(String)},
 * and one of another
 * read fails when the read starts, each with an {@link IllegalArgumentException} that says so;
 * none ever reads a wrong page. The checksum is not a signature: it catches corruption and
 * mix-ups, not a forger who recomputes it (who could only move within the same query anyway).
 * The token shows the key values of the positions to whoever decodes it.
 */
public final class ReadCursor {
  private static final byte VERSION = 1;
  private static final int CHECKSUM_BYTES = 8;

  /** The state of a shard: nothing returned from it yet. */
  static final byte NOT_STARTED = 0;
  /** The state of a shard: every item returned. */
  static final byte DONE = 1;
  /** The state of a shard: resume after a key. */
  static final byte AT = 2;

  private final byte[] identity;
  private final byte[] states;
  private final List<List<AttributeValue>> positions;
  private final String token;

  ReadCursor(byte[] identity, byte[] states, List<List<AttributeValue>> positions) {
    this(identity, states, positions, null);
  }

  private ReadCursor(byte[] identity, byte[] states, List<List<AttributeValue>> positions, String token) {
    this.identity = identity;
    this.states = states;
    this.positions = Collections.unmodifiableList(positions);
    this.token = token != null ? token : encode(identity, states, positions);
  }

  /**
   * The cursor whose {@link #token()} is {@code token}.
   *
   * @param token a cursor's string form
   * @return the cursor
   * @throws IllegalArgumentException when {@code token} is not a cursor's string form, or was
   *     altered (its checksum does not match)
   */
  public static ReadCursor parse(String token) {
    if (token == null) {
      throw new IllegalArgumentException("a read cursor cannot be null: start without one instead");
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(token);
    } catch (IllegalArgumentException e) {
      throw malformed(token, "it is not base64url (" + e.getMessage() + ")");
    }
    // The decoder ignores the low bits of the last character that no byte uses, so several strings
    // decode to the same bytes; only the one token() writes is a cursor.
    if (!encode(bytes).equals(token)) {
      throw malformed(token, "the unused low bits of its last character are set, which no cursor"
          + " does (it was altered)");
    }
    if (bytes.length < 1 + ReadPlan.DIGEST_BYTES + 1 + CHECKSUM_BYTES) {
      throw malformed(token, "it is too short");
    }
    if (bytes[0] != VERSION) {
      throw malformed(token, "unknown version " + bytes[0]);
    }
    int body = bytes.length - CHECKSUM_BYTES;
    byte[] expected = checksum(bytes, body);
    if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, body, bytes.length))) {
      throw new IllegalArgumentException("the read cursor " + shorten(token)
          + " is corrupted or was altered: its checksum does not match its content");
    }
    Reader in = new Reader(bytes, body, token);
    in.pos = 1;
    byte[] identity = in.bytes(ReadPlan.DIGEST_BYTES);
    int shards = in.varint();
    if (shards < 1 || shards > in.remaining()) {
      throw malformed(token, "it claims " + shards + " shards");
    }
    byte[] states = new byte[shards];
    List<List<AttributeValue>> positions = new ArrayList<>(shards);
    for (int i = 0; i < shards; i++) {
      states[i] = in.bytes(1)[0];
      if (states[i] == AT) {
        int count = in.varint();
        if (count > in.remaining()) {
          throw malformed(token, "shard " + i + " claims " + count + " key values");
        }
        List<AttributeValue> values = new ArrayList<>(count);
        for (int v = 0; v < count; v++) {
          values.add(in.value());
        }
        positions.add(Collections.unmodifiableList(values));
      } else if (states[i] == NOT_STARTED || states[i] == DONE) {
        positions.add(null);
      } else {
        throw malformed(token, "shard " + i + " has the unknown state " + states[i]);
      }
    }
    if (in.remaining() != 0) {
      throw malformed(token, in.remaining() + " bytes follow its last shard");
    }
    return new ReadCursor(identity, states, positions, token);
  }

  /**
   * The cursor's string form: opaque, URL-safe, to be given back to {@link #parse(String)}.
   *
   * @return the token
   */
  public String token() {
    return token;
  }

  /**
   * Whether the read it comes from returned every item: resuming it reads nothing.
   *
   * @return {@code true} when every shard is done
   */
  public boolean isComplete() {
    for (byte state : states) {
      if (state != DONE) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of shards (partitions) of the query it belongs to.
   *
   * @return at least 1
   */
  public int shardCount() {
    return states.length;
  }

  byte state(int shard) {
    return states[shard];
  }

  List<AttributeValue> position(int shard) {
    return positions.get(shard);
  }

  /**
   * Checks that this cursor was made by a read of {@code plan}'s query, table and direction.
   *
   * @throws IllegalArgumentException when it was not
   */
  void checkBelongsTo(ReadPlan<?> plan) {
    if (!plan.hasIdentity(identity) || states.length != plan.cursorSlots()) {
      throw new IllegalArgumentException("the read cursor " + shorten(token) + " belongs to another read: "
          + "it was made by a query of another table, index, partition, sort key condition or direction"
          + " than " + plan.describe() + " (" + states.length + " shards)");
    }
    for (int i = 0; i < states.length; i++) {
      int expected = plan.positionSize(i);
      if (states[i] == AT && positions.get(i).size() != expected) {
        throw new IllegalArgumentException("the read cursor " + shorten(token) + " holds "
            + positions.get(i).size() + " key values for shard " + i + ", but " + plan.describe()
            + " needs " + expected + " " + plan.positionAttributes());
      }
    }
  }

  /** Its {@link #token()}. */
  @Override
  public String toString() {
    return token;
  }

  /** Cursors are equal when their tokens are. */
  @Override
  public boolean equals(Object other) {
    return other instanceof ReadCursor && ((ReadCursor) other).token.equals(token);
  }

  @Override
  public int hashCode() {
    return token.hashCode();
  }

  // ----------------------------------------------------------------- encoding

  private static String encode(byte[] identity, byte[] states, List<List<AttributeValue>> positions) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(VERSION);
    out.writeBytes(identity);
    varint(out, states.length);
    for (int i = 0; i < states.length; i++) {
      out.write(states[i]);
      if (states[i] == AT) {
        List<AttributeValue> values = positions.get(i);
        varint(out, values.size());
        for (AttributeValue value : values) {
          value(out, value);
        }
      }
    }
    byte[] body = out.toByteArray();
    out.writeBytes(checksum(body, body.length));
    return encode(out.toByteArray());
  }

  private static void value(ByteArrayOutputStream out, AttributeValue value) {
    byte[] bytes;
    if (value.s() != null) {
      out.write('S');
      bytes = value.s().getBytes(StandardCharsets.UTF_8);
    } else if (value.n() != null) {
      out.write('N');
      bytes = value.n().getBytes(StandardCharsets.UTF_8);
    } else if (value.b() != null) {
      out.write('B');
      bytes = value.b().asByteArrayUnsafe();
    } else {
      throw new IllegalStateException("a key attribute is a string, a number or binary, not " + value);
    }
    varint(out, bytes.length);
    out.writeBytes(bytes);
  }

  private static void varint(ByteArrayOutputStream out, int value) {
    int v = value;
    while ((v & ~0x7F) != 0) {
      out.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.write(v);
  }

  private static byte[] checksum(byte[] bytes, int length) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(bytes, 0, length);
      return Arrays.copyOf(sha.digest(), CHECKSUM_BYTES);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static String encode(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static IllegalArgumentException malformed(String token, String reason) {
    return new IllegalArgumentException("not a read cursor: " + reason + " (" + shorten(token) + ")");
  }

  private static String shorten(String token) {
    return token.length() <= 40 ? "\"" + token + "\"" : "\"" + token.substring(0, 40) + "…\" (" + token.length() + " chars)";
  }

  /** Reads the body of a decoded token, failing with a clear message where it ends early. */
  private static final class Reader {
    private final byte[] bytes;
    private final int end;
    private final String token;
    int pos;

    Reader(byte[] bytes, int end, String token) {
      this.bytes = bytes;
      this.end = end;
      this.token = token;
    }

    int remaining() {
      return end - pos;
    }

    byte[] bytes(int n) {
      if (n < 0 || n > remaining()) {
        throw malformed(token, "it ends early");
      }
      byte[] out = Arrays.copyOfRange(bytes, pos, pos + n);
      pos += n;
      return out;
    }

    int varint() {
      int value = 0;
      for (int shift = 0; shift < 32; shift += 7) {
        int b = bytes(1)[0] & 0xFF;
        value |= (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          if (value < 0) {
            throw malformed(token, "a length is negative");
          }
          return value;
        }
      }
      throw malformed(token, "a length is too long");
    }

    AttributeValue value() {
      byte type = bytes(1)[0];
      byte[] content = bytes(varint());
      switch (type) {
        case 'S':
          return AttributeValue.fromS(new String(content, StandardCharsets.UTF_8));
        case 'N':
          return AttributeValue.fromN(new String(content, StandardCharsets.UTF_8));
        case 'B':
          return AttributeValue.fromB(SdkBytes.fromByteArray(content));
        default:
          throw malformed(token, "a key value has the unknown type " + type);
      }
    }
  }
}
