package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How values of one Java type are stored: written to an {@link AttributeValue} and read back from
 * one, strictly (a stored value of another DynamoDB type is refused, never coerced). What the
 * schema's writer and reader, typed updates, conditions and projections convert values with.
 *
 * <p>The codecs of the types the processor knows ({@link ScalarCodec}, enums, lists, sets, maps,
 * {@code Optional}, nested records, epoch seconds) write the low-level model's values directly,
 * exactly as the enhanced client's default converters write them, without starting the enhanced
 * client's converter framework: mapping a record loads none of its classes. Only a converter the
 * user names ({@code @DynamoDbConvertedBy}), or a rarer scalar the default converters store
 * ({@link ConverterCodec}), goes through an {@code AttributeConverter}. {@link #enhancedType()} is
 * for the enhanced client alone ({@link CodecConverter}, {@code converterForAttribute}), so its
 * classes load only when the enhanced client asks.
 */
interface ValueCodec {

  /**
   * The stored form of {@code value}.
   *
   * @param value the value; not {@code null}
   * @return the stored value; DynamoDB's NULL ({@link AttributeValues#NUL}) for "no value" (an
   *     empty set or {@code Optional}), which the schema leaves out of the item
   * @throws RuntimeException when the value cannot be stored (the caller names the attribute)
   */
  AttributeValue write(Object value);

  /**
   * The value stored in {@code stored}.
   *
   * @param stored a stored value; neither {@code null} nor NULL
   * @return the value
   * @throws IllegalArgumentException when {@code stored} is of another DynamoDB type than this
   *     codec writes, or cannot be read as a value of its type
   */
  Object read(AttributeValue stored);

  /** The DynamoDB type this codec writes (and reads only). */
  AttributeValue.Type stored();

  /** The type as the enhanced client names it, for its {@code AttributeConverter}s. */
  EnhancedType<?> enhancedType();
}
