package io.dynakeys.runtime.internal.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@code Map<K, V>} as a DynamoDB map ({@code M}). DynamoDB map keys are strings, so a key is
 * stored as the string (or number text) its own codec gives: an enum key by its name, a
 * {@code UUID} or {@code LocalDate} key by its text. {@code null} values become NULL and read back
 * as {@code null}; {@code null} keys are rejected. A stored map whose keys read as one key (the
 * texts {@code "1"} and {@code "01"} of an {@code Integer} key) is refused rather than merged. A
 * {@code SortedMap} reads back in key order.
 */
final class MapCodec implements ValueCodec {
  private final ValueCodec key;
  private final String keyName;
  private final ValueCodec value;
  private final boolean sorted;

  /**
   * @param keyName the key type's simple name, for messages
   * @throws IllegalArgumentException when keys are not stored as strings or numbers
   */
  MapCodec(ValueCodec key, String keyName, ValueCodec value, boolean sorted) {
    if (key.stored() != AttributeValue.Type.S && key.stored() != AttributeValue.Type.N) {
      throw new IllegalArgumentException("map keys stored as " + AttributeValues.name(key.stored())
          + " cannot be DynamoDB map keys");
    }
    this.key = key;
    this.keyName = keyName;
    this.value = value;
    this.sorted = sorted;
  }

  @Override
  public AttributeValue write(Object input) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : ((Map<?, ?>) input).entrySet()) {
      Object k = entry.getKey();
      if (k == null) {
        throw new IllegalArgumentException("a DynamoDB map cannot have a null key");
      }
      Object v = entry.getValue();
      out.put(keyText(k), v == null ? AttributeValues.NUL : value.write(v));
    }
    return AttributeValue.fromM(out);
  }

  @Override
  public Object read(AttributeValue stored) {
    AttributeValues.require(AttributeValue.Type.M, stored);
    Map<Object, Object> out = sorted ? new TreeMap<>() : new LinkedHashMap<>();
    for (Map.Entry<String, AttributeValue> entry : stored.m().entrySet()) {
      String k = entry.getKey();
      AttributeValue v = entry.getValue();
      Object read;
      Object entryValue;
      try {
        read = keyFromText(k);
        entryValue = AttributeValues.isNull(v) ? null : value.read(v);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("entry \"" + k + "\": " + e.getMessage(), e);
      }
      if (out.containsKey(read)) {
        throw new IllegalArgumentException("entries \"" + earlierText(stored.m(), k, read) + "\" and \"" + k
            + "\" are one key, " + read + ", of " + keyName + ": a map read from"
            + " them would keep one of their values and lose the other");
      }
      out.put(read, entryValue);
    }
    return sorted ? Collections.unmodifiableNavigableMap((TreeMap<Object, Object>) out)
        : Collections.unmodifiableMap(out);
  }

  @Override
  public AttributeValue.Type stored() {
    return AttributeValue.Type.M;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public EnhancedType<?> enhancedType() {
    EnhancedType k = key.enhancedType();
    EnhancedType v = value.enhancedType();
    return sorted ? EnhancedType.sortedMapOf(k, v) : EnhancedType.mapOf(k, v);
  }

  /** The stored key before {@code text} that reads as {@code read} too: for the message only. */
  private String earlierText(Map<String, AttributeValue> stored, String text, Object read) {
    Map<Object, Boolean> probe = sorted ? new TreeMap<>() : new java.util.HashMap<>();
    probe.put(read, true);
    for (String other : stored.keySet()) {
      if (other.equals(text)) {
        break;
      }
      if (probe.containsKey(keyFromText(other))) {
        return other;
      }
    }
    return "?";
  }

  private String keyText(Object k) {
    AttributeValue stored = key.write(k);
    return key.stored() == AttributeValue.Type.N ? stored.n() : stored.s();
  }

  private Object keyFromText(String text) {
    return key.read(key.stored() == AttributeValue.Type.N ? AttributeValue.fromN(text) : AttributeValue.fromS(text));
  }
}
