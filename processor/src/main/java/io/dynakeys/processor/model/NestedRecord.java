package io.dynakeys.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * A record (or a Kotlin data class) stored as a map inside an item: its class and its components,
 * each its own entry.
 *
 * @param name the record's class
 * @param attributes its components, in declaration order
 */
public record NestedRecord(ClassName name, List<Attribute> attributes) {}
