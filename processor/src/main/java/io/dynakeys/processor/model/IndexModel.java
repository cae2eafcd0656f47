package io.dynakeys.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A secondary index declared with {@code @SecondaryIndex}.
 *
 * @param name the index name
 * @param local whether it is a local index (sharing the table's partition key)
 * @param layout its keys; a local index's partition part is the table's
 * @param annotation its {@code @SecondaryIndex}, for diagnostics
 * @param nameValue its {@code name} attribute, for diagnostics
 */
public record IndexModel(
    String name, boolean local, KeyLayout layout, AnnotationMirror annotation, AnnotationValue nameValue) {

  /** The nested class generated for the index: {@code ByPlayer} for {@code byPlayer}. */
  public String className() {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
