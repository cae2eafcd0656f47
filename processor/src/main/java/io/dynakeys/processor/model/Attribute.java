package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * A record component as the table schema stores it: one attribute.
 *
 * @param name the component's name
 * @param attributeName the attribute's name: the component's, or {@code @DynamoDbAttribute}'s
 * @param valueType the component's type, boxed: what the schema's constructor casts its value to
 * @param type how it is stored
 * @param primitive whether the component is primitive, so that an absent attribute cannot be read
 * @param tags the enhanced-client features on it, from the client's annotations
 * @param accessor the method generated code reads it with ({@code score}, or a Kotlin property's
 *     getter, {@code getScore})
 */
public record Attribute(String name, String attributeName, TypeName valueType, AttributeType type,
    boolean primitive, List<AttributeTag> tags, String accessor) {

  /** Whether the attribute's name differs from the component's. */
  public boolean renamed() {
    return !attributeName.equals(name);
  }
}
