package io.dynakeys.tableschema;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;

/** Parcels for the tests: one with every component set, one with every optional part absent. */
final class Parcels {
  private Parcels() {}

  /** A parcel whose every component holds a value derived from {@code trackingId}. */
  static Parcel full(String depot, int zone, LocalDate shippedOn, ParcelStatus status,
      String trackingId, String customer, Instant shippedAt, int weightGrams) {
    int n = Math.abs(trackingId.hashCode() % 1000);
    byte[] label = ("label of " + trackingId).getBytes(StandardCharsets.UTF_8);
    Map<String, Instant> timeline = new LinkedHashMap<>();
    timeline.put("labelled", shippedAt.minusSeconds(3600));
    timeline.put("picked", shippedAt.plusNanos(123_456_789));
    return new Parcel(
        depot, zone, shippedOn, status, trackingId, customer, shippedAt, weightGrams,
        n % 2 == 0, Boolean.TRUE,
        (byte) -7, Byte.MAX_VALUE,
        (short) (n + 1), Short.MIN_VALUE,
        1_999_999_999_999L + n, Long.MAX_VALUE,
        -12.25f, 3.4028235e38f,
        0.1 + n, -1.0e-100,
        'é', 'Z',
        n,
        "fragile — handle with care 中文 \uD83D\uDCE6",
        new BigDecimal("12.50"),
        new BigInteger("123456789012345678901234567890"),
        ParcelStatus.LABELLED,
        Instant.parse("2026-06-24T09:30:00.000000001Z"),
        LocalDate.of(2027, 1, 31),
        UUID.nameUUIDFromBytes(trackingId.getBytes(StandardCharsets.UTF_8)),
        label,
        SdkBytes.fromByteArray(new byte[] {0, 1, 2, (byte) 0xff, (byte) n}),
        List.of("blue", "oversize", "blue"),
        List.of(3, 1, 2, -5),
        List.of(ParcelStatus.LABELLED, ParcelStatus.IN_TRANSIT),
        List.of(shippedAt, shippedAt.plusSeconds(60)),
        List.of(new byte[] {1, 2, 3}, new byte[0], new byte[] {(byte) 0x80}),
        List.of(new BigDecimal("0.99"), new BigDecimal("-4")),
        List.of(new Dimensions(300, 200, 100, Optional.of("outer"), List.of("THIS SIDE UP")),
            new Dimensions(10, 10, 10, Optional.empty(), null)),
        Set.of("ana", "bo", "ciarán"),
        Set.of(1L, 22L, 9_007_199_254_740_993L),
        Set.of(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")),
        Set.of(SdkBytes.fromUtf8String("seal-a"), SdkBytes.fromByteArray(new byte[] {9, 9})),
        Map.of("colour", "brown", "empty", ""),
        Map.of("scans", 4, "drops", 0),
        timeline,
        Map.of("first", ParcelStatus.IN_TRANSIT, "last", ParcelStatus.OUT_FOR_DELIVERY),
        Map.of("en", List.of("box", "parcel"), "none", List.of()),
        Map.of("kitchen", new Dimensions(1, 2, 3, Optional.of("tight"), List.of())),
        Optional.of("leave at the door"),
        Optional.of(-1),
        Optional.of(Long.MIN_VALUE),
        Optional.of(0.45),
        Optional.of(false),
        Optional.of(new BigDecimal("0.001")),
        Optional.of(new BigInteger("-98765432109876543210")),
        Optional.of(ParcelStatus.RETURNED),
        Optional.of(Instant.parse("2026-07-01T12:00:00Z")),
        Optional.of(LocalDate.of(2026, 7, 3)),
        Optional.of(UUID.fromString("00000000-0000-0000-0000-000000000001")),
        Optional.of(SdkBytes.fromUtf8String("stamp")),
        Optional.of(new byte[] {42, 0, 42}),
        new Dimensions(400, 300, 250, Optional.of("measured twice"), List.of("A", "B")),
        new Address("Rua das Flores 12", Optional.of(3),
            new Dimensions(2000, 800, 40, Optional.empty(), List.of()),
            Map.of("bell", "Silva")));
  }

  /**
   * A parcel with the same keys whose every other boxed, collection, optional and nested
   * component is absent: {@code null}, or empty for {@code Optional}.
   */
  static Parcel sparse(String depot, int zone, LocalDate shippedOn, ParcelStatus status,
      String trackingId, String customer, Instant shippedAt, int weightGrams) {
    return new Parcel(
        depot, zone, shippedOn, status, trackingId, customer, shippedAt, weightGrams,
        false, null, (byte) 0, null, (short) 0, null, 0L, null, 0f, null, 0d, null, '-', null,
        null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(),
        null, null);
  }

  /** {@code parcel} with components replaced: {@code with(p, "note", null, "zone", 8)}. */
  static Parcel with(Parcel parcel, Object... namesAndValues) {
    RecordComponent[] components = Parcel.class.getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    try {
      for (int i = 0; i < components.length; i++) {
        values[i] = components[i].getAccessor().invoke(parcel);
        types[i] = components[i].getType();
      }
      for (int i = 0; i < namesAndValues.length; i += 2) {
        values[index(components, (String) namesAndValues[i])] = namesAndValues[i + 1];
      }
      return Parcel.class.getDeclaredConstructor(types).newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static int index(RecordComponent[] components, String name) {
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("Parcel has no component " + name);
  }
}
