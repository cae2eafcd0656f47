package io.dynakeys.runtime.internal.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stores a {@code Map<K, V>} as a DynamoDB map ({@code M}). DynamoDB map keys are strings, so a key
 * is stored as the string (or number text) its own converter gives: an enum key by its name, a
 * {@code UUID} or {@code LocalDate} key by its text. {@code null} values become NULL and read back
 * as {@code null}; {@code null} keys are rejected. A stored map whose keys read as one key (the
 * texts {@code "1"} and {@code "01"} of an {@code Integer} key) is refused rather than merged.
 */
final class MapConverter<K, V> implements AttributeConverter<Map<K, V>> {
  private final EnhancedType<Map<K, V>> type;
  private final AttributeConverter<K> key;
  private final AttributeConverter<V> value;
  private final boolean sorted;

  @SuppressWarnings({"unchecked", "rawtypes"})
  MapConverter(AttributeConverter<K> key, AttributeConverter<V> value, boolean sorted) {
    this.type = sorted ? (EnhancedType) EnhancedType.sortedMapOf(key.type(), value.type())
        : EnhancedType.mapOf(key.type(), value.type());
    this.key = key;
    this.value = value;
    this.sorted = sorted;
  }

  @Override
  public AttributeValue transformFrom(Map<K, V> input) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    input.forEach((k, v) -> {
      if (k == null) {
        throw new IllegalArgumentException("a DynamoDB map cannot have a null key");
      }
      out.put(keyText(k), v == null ? AttributeValues.NUL : value.transformFrom(v));
    });
    return AttributeValue.fromM(out);
  }

  @Override
  public Map<K, V> transformTo(AttributeValue input) {
    if (!input.hasM()) {
      throw new IllegalArgumentException("expected M, found " + StrictConverter.typeOf(input) + " "
          + AttributeValues.describe(input));
    }
    Map<K, V> out = sorted ? new TreeMap<>() : new LinkedHashMap<>();
    input.m().forEach((k, v) -> {
      K read;
      V entry;
      try {
        read = keyFromText(k);
        entry = AttributeValues.isNull(v) ? null : value.transformTo(v);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("entry \"" + k + "\": " + e.getMessage(), e);
      }
      if (out.containsKey(read)) {
        throw new IllegalArgumentException("entries \"" + earlierText(input.m(), k, read) + "\" and \"" + k
            + "\" are one key, " + read + ", of " + key.type().rawClass().getSimpleName() + ": a map read from"
            + " them would keep one of their values and lose the other");
      }
      out.put(read, entry);
    });
    return sorted
        ? Collections.unmodifiableNavigableMap((TreeMap<K, V>) out)
        : Collections.unmodifiableMap(out);
  }

  @Override
  public EnhancedType<Map<K, V>> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return AttributeValueType.M;
  }

  /** The stored key before {@code text} that reads as {@code read} too: for the message only. */
  private String earlierText(Map<String, AttributeValue> stored, String text, K read) {
    Map<K, Boolean> probe = sorted ? new TreeMap<>() : new java.util.HashMap<>();
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

  private String keyText(K k) {
    AttributeValue stored = key.transformFrom(k);
    return key.attributeValueType() == AttributeValueType.N ? stored.n() : stored.s();
  }

  private K keyFromText(String text) {
    return key.transformTo(key.attributeValueType() == AttributeValueType.N
        ? AttributeValue.fromN(text)
        : AttributeValue.fromS(text));
  }
}
