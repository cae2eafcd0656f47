package io.dynakeys.processor.model;

import javax.lang.model.element.AnnotationMirror;

/**
 * A {@code @Unique} component and the key layout of the items that guard its values: a partition
 * key of the guard's prefix and the component, and, when the table has a sort key, the constant
 * {@code UNIQUE}.
 *
 * @param component the unique component, as a key component (its codec writes the guard's key)
 * @param guard the guards' key layout
 * @param annotation the {@code @Unique} annotation, for diagnostics
 */
public record UniqueModel(KeyComponent component, KeyLayout guard, AnnotationMirror annotation) {

  /** The sort prefix of every guard, when the table has a sort key. */
  public static final String SORT_PREFIX = "UNIQUE";
}
