package io.dynakeys.processor.model;

import java.math.BigInteger;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A component's {@code @Padded} declaration as written, with the handles needed to point at its
 * attributes in diagnostics.
 *
 * @param width the declared width
 * @param min the declared minimum, or {@code null} when not set (0)
 * @param max the declared maximum, or {@code null} when not set (the type's maximum)
 * @param mirror the annotation, for diagnostics
 * @param widthValue the {@code value} attribute, for diagnostics
 * @param minValue the {@code min} attribute, or {@code null}
 * @param maxValue the {@code max} attribute, or {@code null}
 */
public record Padding(
    int width,
    Long min,
    Long max,
    AnnotationMirror mirror,
    AnnotationValue widthValue,
    AnnotationValue minValue,
    AnnotationValue maxValue) {

  /** The domain's minimum: the declared one, or 0. */
  public BigInteger domainMin() {
    return BigInteger.valueOf(min == null ? 0 : min);
  }

  /** The domain's maximum: the declared one, or the type's. */
  public BigInteger domainMax(ValueType type) {
    return max == null ? type.typeMax() : BigInteger.valueOf(max);
  }

  /** The offset subtracted before writing digits: {@code min} when negative, else 0. */
  public BigInteger offset() {
    return domainMin().signum() < 0 ? domainMin() : BigInteger.ZERO;
  }

  /** The largest number written (before inversion): {@code max - offset}. */
  public BigInteger largestStored(ValueType type) {
    return domainMax(type).subtract(offset());
  }

  /** The digits {@link #largestStored} needs. */
  public int digitsNeeded(ValueType type) {
    return largestStored(type).toString().length();
  }
}
