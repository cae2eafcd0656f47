package io.dynakeys.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A component's {@code @Padded} declaration as written, with the handles needed to point at its
 * attributes in diagnostics. Bounds are in the units of the type's encoding (epoch milliseconds
 * for an {@code Instant}).
 *
 * @param width the declared width
 * @param declaredMin the declared minimum, or {@code null} when not set (0)
 * @param declaredMax the declared maximum, or {@code null} when not set (the type's maximum)
 * @param mirror the annotation, for diagnostics
 * @param widthValue the {@code value} attribute, for diagnostics
 * @param minValue the {@code min} attribute, or {@code null}
 * @param maxValue the {@code max} attribute, or {@code null}
 */
public record Padding(
    int width,
    Long declaredMin,
    Long declaredMax,
    AnnotationMirror mirror,
    AnnotationValue widthValue,
    AnnotationValue minValue,
    AnnotationValue maxValue) {

  /** The domain's minimum: the declared one, or 0. */
  public long min() {
    return declaredMin == null ? 0 : declaredMin;
  }

  /** The domain's maximum: the declared one, or the largest number of units the type has. */
  public long max(ComponentType type) {
    return declaredMax == null ? type.encoding().maxUnits() : declaredMax;
  }
}
