package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;

/**
 * The enhanced client's default converters, made the first time one is needed: by a scalar that has
 * no {@link ScalarCodec} of its own, or by the enhanced client asking for a key attribute's
 * converter. The provider builds every default converter at once (about a hundred classes), which
 * mapping the types the processor knows never needs.
 */
final class DefaultConverters {
  private static final AttributeConverterProvider PROVIDER = AttributeConverterProvider.defaultProvider();

  /** The default string converter: what the enhanced client is given for a key attribute. */
  static final AttributeConverter<?> STRING = of(String.class);

  private DefaultConverters() {}

  /**
   * The default converter of {@code type}.
   *
   * @throws RuntimeException when the enhanced client has none
   */
  static AttributeConverter<?> of(Class<?> type) {
    return PROVIDER.converterFor(EnhancedType.of(type));
  }
}
