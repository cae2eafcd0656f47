package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a record component part of the sort key, in declaration order.
 *
 * <p>Every number in a sort key must be {@link Padded}, or {@code "10"} would sort before
 * {@code "2"}. Strings, enums, {@code UUID}s, {@code Instant}s and {@code LocalDate}s need no
 * annotation; they must not contain the delimiter.
 *
 * <pre>{@code
 * @SortKey @Padded(10) @Inverted int score,   // "9999998499"
 * @SortKey @Tiebreaker String playerId        // "p_8842"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface SortKey {}
