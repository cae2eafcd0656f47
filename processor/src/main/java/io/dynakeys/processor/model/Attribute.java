package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * A record component as the table schema stores it: one attribute of the same name.
 *
 * @param name the component's (and attribute's) name
 * @param type the component's declared Java type
 * @param storage how it is stored
 */
public record Attribute(String name, TypeName type, AttributeType storage) {

  /** Whether the component is a primitive, which an item must always hold. */
  public boolean primitive() {
    return type.isPrimitive();
  }
}
