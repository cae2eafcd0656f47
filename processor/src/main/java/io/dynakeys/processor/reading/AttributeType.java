package io.dynakeys.processor.reading;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * The shape in which the table schema stores one record component (or a type argument of one): a
 * scalar the enhanced client converts, a collection of those, an {@code Optional}, or a nested
 * record stored as a map. {@link AttributeTypeReader} decides it to reject what cannot be stored;
 * the runtime's {@code RecordTableSchema.forRecord} maps the same types by the same rules.
 *
 * @param kind the shape
 * @param type the Java type (boxed for primitives)
 * @param arguments element types: one for lists, sets and optionals, two for maps
 */
record AttributeType(Kind kind, TypeName type, List<AttributeType> arguments) {

  /** The shapes the table schema supports. */
  enum Kind { SCALAR, LIST, SET, MAP, OPTIONAL, RECORD }
}
