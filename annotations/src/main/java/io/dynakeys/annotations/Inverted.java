package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a {@link Padded} component as its nines' complement, {@code (10^width - 1) - value},
 * so that ascending key order returns the values from high to low (a leaderboard).
 *
 * <pre>{@code
 * @SortKey @Padded(10) @Inverted int score   // 1500 -> "9999998499", 9 -> "9999999990"
 * }</pre>
 *
 * <p>Query builders take and return values, not complements:
 * {@code RunKeys.query("2026-SPRING").score().atLeast(1000)} means a score of at least 1000 whatever
 * the stored digits are.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface Inverted {}
