package io.dynakeys.clientfeatures;

import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A user's converter: stores a string in upper case with a marker, reads it back in lower case. */
public class Shouted implements AttributeConverter<String> {

  @Override
  public AttributeValue transformFrom(String input) {
    return AttributeValue.fromS("!" + input.toUpperCase(java.util.Locale.ROOT));
  }

  @Override
  public String transformTo(AttributeValue input) {
    return input.s().substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  @Override
  public EnhancedType<String> type() {
    return EnhancedType.of(String.class);
  }

  @Override
  public AttributeValueType attributeValueType() {
    return AttributeValueType.S;
  }
}
