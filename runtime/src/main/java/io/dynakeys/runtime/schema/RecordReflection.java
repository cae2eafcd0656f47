package io.dynakeys.runtime.schema;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;

/**
 * Declares a record's components and canonical constructor on a {@link RecordTableSchema.Builder}
 * from the record's reflective description, for {@link RecordTableSchema#forRecord}. The type rules
 * are those the processor checks at compile time, so a generated schema never meets a type it
 * cannot map; hand-written callers get an {@link IllegalArgumentException} naming the component.
 */
final class RecordReflection {
  private static final MethodType GETTER = MethodType.methodType(Object.class, Object.class);
  private static final MethodType CONSTRUCTOR = MethodType.methodType(Object.class, Object[].class);

  /** Scalars the enhanced client's default converters handle, besides primitives' boxes. */
  private static final Set<Class<?>> SCALARS = Set.of(
      String.class, Boolean.class, Byte.class, Short.class, Integer.class, Long.class, Float.class,
      Double.class, Character.class, java.math.BigDecimal.class, java.math.BigInteger.class,
      java.time.Instant.class, java.time.LocalDate.class, java.time.LocalDateTime.class,
      java.time.LocalTime.class, java.time.Duration.class, java.util.UUID.class, SdkBytes.class,
      byte[].class);

  private static final String ARRAYS = "arrays other than byte[] have no attribute form; use a List";

  private RecordReflection() {}

  /**
   * Declares every component of {@code recordClass} on {@code builder}, and its constructor.
   *
   * @param enclosing the records being declared around this one, to reject a record that contains
   *     itself
   */
  static <T> RecordTableSchema.Builder<T> declare(MethodHandles.Lookup lookup, Class<T> recordClass,
      RecordTableSchema.Builder<T> builder, List<Class<?>> enclosing) {
    if (!recordClass.isRecord()) {
      throw new IllegalArgumentException(recordClass.getName() + " is not a record");
    }
    RecordComponent[] components = recordClass.getRecordComponents();
    Class<?>[] parameterTypes = new Class<?>[components.length];
    enclosing.add(recordClass);
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      parameterTypes[i] = component.getType();
      String where = recordClass.getSimpleName() + "." + component.getName();
      EnhancedType<Object> type;
      try {
        type = cast(enhancedType(lookup, component.getGenericType(), enclosing));
      } catch (Unsupported e) {
        throw new IllegalArgumentException("component " + where + " of type "
            + component.getGenericType().getTypeName() + " cannot be stored: " + e.getMessage());
      }
      builder.attribute(component.getName(), type, getter(lookup, component, where));
    }
    enclosing.remove(enclosing.size() - 1);
    return builder.constructor(constructor(lookup, recordClass, parameterTypes));
  }

  private static <T> Function<T, Object> getter(
      MethodHandles.Lookup lookup, RecordComponent component, String where) {
    MethodHandle accessor;
    try {
      accessor = lookup.unreflect(component.getAccessor()).asType(GETTER);
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("no access to the accessor of " + where + ": " + e.getMessage(), e);
    }
    return item -> {
      try {
        return (Object) accessor.invokeExact((Object) item);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("the accessor of " + where + " failed", e);
      }
    };
  }

  private static <T> Function<Object[], T> constructor(
      MethodHandles.Lookup lookup, Class<T> recordClass, Class<?>[] parameterTypes) {
    MethodHandle canonical;
    try {
      canonical = lookup.findConstructor(recordClass, MethodType.methodType(void.class, parameterTypes))
          .asSpreader(Object[].class, parameterTypes.length)
          .asType(CONSTRUCTOR);
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalArgumentException("no access to the canonical constructor of "
          + recordClass.getName() + ": " + e.getMessage(), e);
    }
    return values -> {
      try {
        return recordClass.cast(canonical.invokeExact(values));
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("the constructor of " + recordClass.getName() + " failed", e);
      }
    };
  }

  /** The enhanced type of a component's (generic) type, as the processor maps it. */
  private static EnhancedType<?> enhancedType(
      MethodHandles.Lookup lookup, Type type, List<Class<?>> enclosing) {
    if (type instanceof Class<?> c) {
      Class<?> boxed = RecordTableSchema.Builder.box(c);
      if (SCALARS.contains(boxed) || boxed.isEnum()) {
        return EnhancedType.of(boxed);
      }
      if (c.isArray()) {
        throw new Unsupported(ARRAYS);
      }
      if (c.isRecord()) {
        return nested(lookup, c, enclosing);
      }
      if (c == List.class || c == Set.class || c == Map.class || c == Optional.class) {
        throw new Unsupported("a raw " + c.getSimpleName() + " has no element type");
      }
      throw new Unsupported("the enhanced client has no converter for it");
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
      Type[] args = p.getActualTypeArguments();
      if (raw == List.class) {
        return EnhancedType.listOf(enhancedType(lookup, args[0], enclosing));
      }
      if (raw == Set.class) {
        return EnhancedType.setOf(enhancedType(lookup, args[0], enclosing));
      }
      if (raw == Map.class) {
        return EnhancedType.mapOf(enhancedType(lookup, args[0], enclosing),
            enhancedType(lookup, args[1], enclosing));
      }
      if (raw == Optional.class) {
        if (args[0] instanceof Class<?> element && (SCALARS.contains(element) || element.isEnum())) {
          return EnhancedType.optionalOf(element);
        }
        if (args[0] instanceof ParameterizedType) {
          enhancedType(lookup, args[0], enclosing); // rejects what the element cannot hold
          return EnhancedType.of(type); // an Optional of a collection of scalars
        }
      }
    }
    if (type instanceof GenericArrayType) {
      throw new Unsupported(ARRAYS);
    }
    throw new Unsupported("it has no attribute form");
  }

  private static EnhancedType<?> nested(
      MethodHandles.Lookup lookup, Class<?> recordClass, List<Class<?>> enclosing) {
    if (enclosing.contains(recordClass)) {
      throw new Unsupported("records that contain themselves cannot be stored as nested maps");
    }
    try {
      return document(lookup, recordClass, enclosing);
    } catch (IllegalArgumentException e) {
      throw new Unsupported("in nested record " + recordClass.getSimpleName() + ", " + e.getMessage());
    }
  }

  private static <N> EnhancedType<N> document(
      MethodHandles.Lookup lookup, Class<N> recordClass, List<Class<?>> enclosing) {
    RecordTableSchema<N> schema =
        declare(lookup, recordClass, RecordTableSchema.builder(recordClass), enclosing).build();
    // Absent nested components stay absent rather than becoming NULL attributes.
    return EnhancedType.documentOf(recordClass, schema, c -> c.ignoreNulls(true));
  }

  @SuppressWarnings("unchecked")
  private static EnhancedType<Object> cast(EnhancedType<?> type) {
    return (EnhancedType<Object>) type;
  }

  /** Why a type has no attribute form; the caller names the component. */
  private static final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsupported(String reason) {
      super(reason, null, false, false);
    }
  }
}
