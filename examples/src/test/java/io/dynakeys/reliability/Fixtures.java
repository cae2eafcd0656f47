package io.dynakeys.reliability;

import io.dynakeys.runtime.TreePath;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** The package's records, their generated classes, valid sample values and reflection helpers. */
final class Fixtures {
  /** Every {@code @KeySchema} record of the package and its generated class. */
  static final Map<Class<?>, Class<?>> KEYS = new LinkedHashMap<>();

  static {
    KEYS.put(Numbers.class, NumbersKeys.class);
    KEYS.put(Moments.class, MomentsKeys.class);
    KEYS.put(Label.class, LabelKeys.class);
    KEYS.put(Version.class, VersionKeys.class);
    KEYS.put(Doc.class, DocKeys.class);
    KEYS.put(Shape.class, ShapeKeys.class);
    KEYS.put(Other.class, OtherKeys.class);
    KEYS.put(Catalog.class, CatalogKeys.class);
    KEYS.put(RangeRecords.FullInstant.class, RangeRecords_FullInstantKeys.class);
    KEYS.put(RangeRecords.DefaultInstant.class, RangeRecords_DefaultInstantKeys.class);
    KEYS.put(RangeRecords.InvertedInstant.class, RangeRecords_InvertedInstantKeys.class);
    KEYS.put(RangeRecords.FullDate.class, RangeRecords_FullDateKeys.class);
    KEYS.put(RangeRecords.EpochDate.class, RangeRecords_EpochDateKeys.class);
    KEYS.put(RangeRecords.FullDateTime.class, RangeRecords_FullDateTimeKeys.class);
    KEYS.put(RangeRecords.InvertedOffset.class, RangeRecords_InvertedOffsetKeys.class);
    KEYS.put(RangeRecords.IsoInstant.class, RangeRecords_IsoInstantKeys.class);
    KEYS.put(RangeRecords.IsoDate.class, RangeRecords_IsoDateKeys.class);
    KEYS.put(RangeRecords.IsoDateTime.class, RangeRecords_IsoDateTimeKeys.class);
    KEYS.put(RangeRecords.IsoOffset.class, RangeRecords_IsoOffsetKeys.class);
    KEYS.put(RangeRecords.Uuid.class, RangeRecords_UuidKeys.class);
    KEYS.put(RangeRecords.NegativeInt.class, RangeRecords_NegativeIntKeys.class);
    KEYS.put(RangeRecords.SmallInvertedInt.class, RangeRecords_SmallInvertedIntKeys.class);
    KEYS.put(RangeRecords.FullInvertedLong.class, RangeRecords_FullInvertedLongKeys.class);
    KEYS.put(RangeRecords.BigInverted.class, RangeRecords_BigInvertedKeys.class);
    KEYS.put(RangeRecords.SmallBig.class, RangeRecords_SmallBigKeys.class);
    KEYS.put(RangeRecords.Text.class, RangeRecords_TextKeys.class);
    KEYS.put(RangeRecords.Shade.class, RangeRecords_ShadeKeys.class);
  }

  private Fixtures() {}

  /**
   * A value of {@code type} inside every domain the fixtures declare (1 for numbers, a 2026 date,
   * ...), so that only the argument a test replaces can be at fault.
   */
  static Object sample(Class<?> type) {
    if (type == String.class) {
      return "s";
    }
    if (type == int.class || type == Integer.class) {
      return 1;
    }
    if (type == long.class || type == Long.class) {
      return 1L;
    }
    if (type == BigInteger.class) {
      return BigInteger.ONE;
    }
    if (type == Instant.class) {
      return Instant.parse("2026-01-01T00:00:00Z");
    }
    if (type == LocalDate.class) {
      return LocalDate.of(2026, 1, 1);
    }
    if (type == LocalDateTime.class) {
      return LocalDateTime.of(2026, 1, 1, 0, 0);
    }
    if (type == OffsetDateTime.class) {
      return OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    }
    if (type == UUID.class) {
      return UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    }
    if (type == TreePath.class) {
      return TreePath.file("a", "b");
    }
    if (type.isEnum()) {
      return type.getEnumConstants()[1];
    }
    if (type == List.class) {
      return List.of();
    }
    if (type == Set.class) {
      return Set.of();
    }
    if (type == Map.class) {
      return Map.of();
    }
    if (type == Optional.class) {
      return Optional.empty();
    }
    if (type.isRecord()) {
      return sampleRecord(type);
    }
    throw new IllegalArgumentException("no sample of " + type);
  }

  /** A record whose every component is its {@link #sample}. */
  static <R> R sampleRecord(Class<R> type) {
    RecordComponent[] components = type.getRecordComponents();
    Object[] values = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      values[i] = sample(components[i].getType());
    }
    return construct(type, values);
  }

  /** Calls the canonical constructor of {@code type}. */
  static <R> R construct(Class<R> type, Object... values) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
    }
    try {
      return type.getDeclaredConstructor(types).newInstance(values);
    } catch (InvocationTargetException e) {
      throw rethrow(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** {@code record} with component {@code name} replaced by {@code value}. */
  static <R> R with(R record, String name, Object value) {
    @SuppressWarnings("unchecked")
    Class<R> type = (Class<R>) record.getClass();
    RecordComponent[] components = type.getRecordComponents();
    Object[] values = new Object[components.length];
    boolean found = false;
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(name)) {
        values[i] = value;
        found = true;
      } else {
        values[i] = component(record, components[i].getName());
      }
    }
    if (!found) {
      throw new AssertionError(type.getSimpleName() + " has no component " + name);
    }
    return construct(type, values);
  }

  /** The value of the component {@code name} of {@code record}. */
  static Object component(Object record, String name) {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        try {
          return c.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
    }
    throw new AssertionError(record.getClass().getSimpleName() + " has no component " + name);
  }

  /** The names of the components of a record class. */
  static List<String> componentNames(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      names.add(c.getName());
    }
    return names;
  }

  /** Invokes {@code method}, rethrowing what the method itself threw. */
  static Object invoke(Method method, Object target, Object... args) {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw rethrow(e.getCause());
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }

  /** A public static method of {@code owner}. */
  static Method method(Class<?> owner, String name, Class<?>... parameterTypes) {
    try {
      return owner.getMethod(name, parameterTypes);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(owner.getSimpleName() + " has no method " + name, e);
    }
  }

  private static RuntimeException rethrow(Throwable cause) {
    if (cause instanceof RuntimeException r) {
      throw r;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    throw new AssertionError(cause);
  }

  /** {@code s} with every char outside printable ASCII as {@code \\uXXXX}, for messages. */
  static String escape(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder("\"");
    int shown = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (shown++ > 300) {
        out.append("…(").append(s.length()).append(" chars)");
        break;
      }
      if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
        out.append(c);
      } else {
        out.append(String.format("\\u%04X", (int) c));
      }
    }
    return out.append('"').toString();
  }
}
