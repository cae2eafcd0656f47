package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * A record component as the table schema stores it: one attribute of the same name. Its type has
 * been checked to have an attribute form.
 *
 * @param name the component's (and attribute's) name
 * @param type the component's declared Java type
 */
public record Attribute(String name, TypeName type) {}
