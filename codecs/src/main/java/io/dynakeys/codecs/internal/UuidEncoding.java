package io.dynakeys.codecs.internal;

import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * {@code UUID}: the canonical 36-character lowercase form. Keys order UUIDs as unsigned 128-bit
 * numbers (their hex text), not as {@link UUID#compareTo} does, from {@code 00000000-...} to
 * {@code ffffffff-...}.
 */
public final class UuidEncoding implements KeyEncoding<UUID> {
  private static final UUID FIRST = new UUID(0, 0);
  private static final UUID LAST = new UUID(-1, -1);
  private static final Comparator<UUID> UNSIGNED = new Unsigned();

  /** Unsigned 128-bit order. A class, not a lambda: the registry makes it in every process that encodes a key. */
  private static final class Unsigned implements Comparator<UUID> {
    @Override
    public int compare(UUID a, UUID b) {
      int high = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
      return high != 0 ? high : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    }
  }

  @Override
  public String label() {
    return "UUID";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.util.UUID");
  }

  @Override
  public String toText(UUID value) {
    return value.toString();
  }

  /** Any form {@link UUID#fromString} reads, upper-case too. */
  @Override
  public UUID fromUserText(String text) {
    return UUID.fromString(text);
  }

  /** Only the canonical lowercase form: the only one a key holds. */
  @Override
  public UUID fromText(String text) {
    if (text.length() != 36) {
      throw new IllegalArgumentException("is not a 36-character UUID");
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      boolean ok = dash ? c == '-' : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      if (!ok) {
        throw new IllegalArgumentException("is not a canonical lowercase UUID");
      }
    }
    return UUID.fromString(text);
  }

  @Override
  public int textLength() {
    return 36;
  }

  @Override
  public String textAlphabet() {
    return "0123456789abcdef-";
  }

  @Override
  public Comparator<? super UUID> order() {
    return UNSIGNED;
  }

  @Override
  public UUID first() {
    return FIRST;
  }

  @Override
  public UUID last() {
    return LAST;
  }

  @Override
  public UUID example(int ordinal) {
    return UUID.fromString("123e4567-e89b-12d3-a456-42661417400" + (ordinal % 10));
  }
}
