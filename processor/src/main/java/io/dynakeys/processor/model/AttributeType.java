package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * How the table schema stores one record component (or a type argument of one): a scalar the
 * enhanced client converts, a collection of those, an {@code Optional}, or a nested record stored
 * as a map.
 *
 * @param kind the shape
 * @param type the Java type (boxed for primitives)
 * @param arguments element types: one for lists, sets and optionals, two for maps
 * @param nested a nested record's components (for {@link Kind#RECORD}), else empty
 */
public record AttributeType(Kind kind, TypeName type, List<AttributeType> arguments, List<Attribute> nested) {

  /** The shapes the table schema supports. */
  public enum Kind { SCALAR, LIST, SET, MAP, OPTIONAL, RECORD }
}
