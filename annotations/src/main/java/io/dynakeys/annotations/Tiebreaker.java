package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the last sort component as the unique suffix that keeps otherwise equal keys apart.
 *
 * <p>Two items with the same partition and sort key are one item: the second write silently
 * replaces the first. A tiebreaker (a player id, a UUID) makes every key unique and orders ties
 * deterministically:
 *
 * <pre>{@code
 * @SortKey @Padded(10) int score,
 * @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
 * @SortKey @Tiebreaker String playerId     // "0000001500#0000001719100800#p_8842"
 * }</pre>
 *
 * <p>It must be the last sort component, there is at most one, and query builders offer only
 * equality on it, never a range.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface Tiebreaker {}
