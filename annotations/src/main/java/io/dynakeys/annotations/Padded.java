package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Zero-pads a numeric or temporal key component to exactly {@link #value()} digits, so that
 * byte order equals numeric order.
 *
 * <p>The component's domain is {@code [min, max]}; {@code max} defaults to the maximum of the
 * component's type and {@code min} to 0. The processor rejects a width that cannot hold the
 * domain: {@code @Padded(10) long} fails, {@code @Padded(value = 10, max = 9_999_999_999L) long}
 * compiles.
 *
 * <pre>{@code
 * @SortKey @Padded(10) int score,         // 9 -> "0000000009", 1500 -> "0000001500"
 * @SortKey @Padded(value = 4, min = -999, max = 9_000) int delta
 * }</pre>
 *
 * <p>Encodings: {@code byte}, {@code short}, {@code int}, {@code long} (and their boxes) and
 * {@code BigInteger} store the value; {@code Instant} stores its epoch milliseconds and
 * {@code LocalDate} its epoch day, both in the same units as {@code min} and {@code max}. When
 * {@code min} is negative every value is stored as {@code value - min} (so {@code min} encodes as
 * all zeros) and the width must hold {@code max - min}. Values outside the domain are rejected at
 * run time, never truncated.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface Padded {

  /** The exact number of digits written, at least 1. */
  int value();

  /** The smallest value the component may take; negative values need a negative minimum. */
  long min() default 0;

  /**
   * The largest value the component may take. When not set, the maximum of the component's type
   * ({@code Integer.MAX_VALUE} for {@code int}); {@code BigInteger} components must set it.
   */
  long max() default Long.MAX_VALUE;
}
