package io.dynakeys.runtime.schema;

import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.EnumAttributeConverter;

/**
 * Finds the converter for a component's declared {@link EnhancedType}.
 *
 * <p>Scalars and nested documents come from the enhanced client's default provider. Three cases
 * do not, and they are handled here, recursively, so that they behave the same at any depth:
 *
 * <ul>
 *   <li>{@code Optional<X>}: the default provider has no converter for it.
 *   <li>Enums: the default provider stores {@code toString()}, which is written for people, may be
 *       overridden, need not be unique and differs from the key encoders, which store
 *       {@code name()}. Here enums are stored by {@code name()}, as in keys.
 *   <li>Lists, sets and maps: their elements must go through this resolver so that an enum or an
 *       Optional inside a collection is stored as it is outside one. The default provider would
 *       resolve the elements itself.
 * </ul>
 */
final class ComponentConverters {
  private static final AttributeConverterProvider DEFAULTS =
      AttributeConverterProvider.defaultProvider();

  private ComponentConverters() {}

  /**
   * The converter for {@code type}.
   *
   * @throws IllegalStateException naming {@code where} when no converter exists
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static AttributeConverter<Object> forType(EnhancedType<?> type, String where) {
    Class<?> raw = type.rawClass();
    List<EnhancedType<?>> parameters = type.rawClassParameters();
    if (raw == Optional.class) {
      return (AttributeConverter) new OptionalConverter<>(
          (EnhancedType) type, forType(parameters.get(0), where));
    }
    if (raw.isEnum()) {
      return (AttributeConverter) EnumAttributeConverter.createWithNameAsKeys((Class) raw);
    }
    if (raw == List.class || raw == java.util.Collection.class) {
      return (AttributeConverter) new ListConverter<>(
          (EnhancedType) type, forType(parameters.get(0), where));
    }
    if (raw == Set.class || raw == SortedSet.class || raw == NavigableSet.class) {
      AttributeConverter<Object> element = forType(parameters.get(0), where);
      requireScalar(element, where, "the elements of a set",
          "DynamoDB sets hold only strings, numbers or binary values; use a List");
      return (AttributeConverter) new SetConverter<>((EnhancedType) type, element, raw != Set.class);
    }
    if (raw == Map.class || raw == SortedMap.class || raw == NavigableMap.class) {
      AttributeConverter<Object> key = forType(parameters.get(0), where);
      requireScalar(key, where, "the keys of a map",
          "DynamoDB map keys are strings, so the key type must be stored as a string or number");
      if (key.attributeValueType() == AttributeValueType.B) {
        throw new IllegalStateException(where + ": map keys of type " + parameters.get(0)
            + " are stored as binary; DynamoDB map keys are strings");
      }
      return (AttributeConverter) new MapConverter<>(
          (EnhancedType) type, key, forType(parameters.get(1), where), raw != Map.class);
    }
    try {
      return (AttributeConverter<Object>) DEFAULTS.converterFor(type);
    } catch (RuntimeException e) {
      throw new IllegalStateException(where + ": the enhanced client has no converter for " + type
          + "; use a supported type, or a nested record with EnhancedType.documentOf", e);
    }
  }

  private static void requireScalar(
      AttributeConverter<?> converter, String where, String what, String advice) {
    AttributeValueType stored = converter.attributeValueType();
    if (stored != AttributeValueType.S && stored != AttributeValueType.N
        && stored != AttributeValueType.B) {
      throw new IllegalStateException(where + ": " + what + " (" + converter.type()
          + ") are stored as " + stored + ": " + advice);
    }
  }
}
