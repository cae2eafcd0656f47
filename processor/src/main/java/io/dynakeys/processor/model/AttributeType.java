package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * How the generated table schema stores one record component (or a type argument of one): a
 * scalar the enhanced client's default converters handle, an enum by name, a collection or
 * {@code Optional} of those, or a nested record stored as a map. The reader decides it, rejecting
 * what cannot be stored; these are the only type rules, and the generated code spells them out.
 *
 * @param kind the shape
 * @param type the Java type (boxed for primitives)
 * @param arguments element types: one for lists, sets and optionals, two for maps
 * @param nested the nested record's attributes, for {@link Kind#RECORD}; else {@code null}
 *
 * <p>For {@link Kind#CONVERTED}, {@code type} is the converter's class (the one
 * {@code @DynamoDbConvertedBy} names).
 */
public record AttributeType(Kind kind, TypeName type, List<AttributeType> arguments, NestedRecord nested) {

  /** The shapes the table schema supports. */
  public enum Kind { SCALAR, ENUM, LIST, SET, MAP, OPTIONAL, RECORD, CONVERTED }

  /** A scalar or enum, with no arguments. */
  public static AttributeType of(Kind kind, TypeName type) {
    return new AttributeType(kind, type, List.of(), null);
  }
}
