package io.dynakeys.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;

/**
 * A secondary index declared with {@code @SecondaryIndex}, as written and as resolved: the
 * validator checks the declaration, the writers use the layout.
 *
 * @param name the index name
 * @param local whether it is a local index (sharing the table's partition key)
 * @param layout its keys, with the components that could be resolved; a local index's partition
 *     part is the table's
 * @param partitionNames the component names of {@code partitionKey}, as written
 * @param sortNames the component names of {@code sortKey}, as written
 * @param declaredPartitionAttribute {@code partitionKeyAttribute} as written (empty: defaulted)
 * @param declaredSortAttribute {@code sortKeyAttribute} as written (empty: defaulted)
 * @param annotation its {@code @SecondaryIndex}, for diagnostics
 * @param position where javac can place a diagnostic: the annotation, or its container when it
 *     is repeated
 * @param ordinal its place among the record's indexes, in source order
 * @param nativeKey whether it is keyed natively, by the components' own attributes (its layout
 *     then holds no components: the names are {@code partitionNames} and {@code sortNames})
 */
public record IndexModel(
    String name,
    boolean local,
    KeyLayout layout,
    List<String> partitionNames,
    List<String> sortNames,
    String declaredPartitionAttribute,
    String declaredSortAttribute,
    AnnotationMirror annotation,
    AnnotationMirror position,
    int ordinal,
    boolean nativeKey) {

  /** The nested class generated for the index: {@code ByPlayer} for {@code byPlayer}. */
  public String className() {
    return name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /** Whether the annotation is one of several, inside its container. */
  public boolean repeated() {
    return position != annotation;
  }
}
