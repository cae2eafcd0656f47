/**
 * The annotations of dynakeys: declare how a record's components form its DynamoDB keys.
 *
 * <p>A record annotated with {@link io.dynakeys.annotations.KeySchema} gets a generated
 * {@code <Record>Keys} class with encoders, parsers, typed query builders and a
 * {@code TableSchema}. Every annotation here has {@code CLASS} retention: the processor reads it,
 * nothing reads it at run time.
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "SEASON")
 * record Run(@PartitionKey String season,
 *            @SortKey @Padded(10) @Inverted int score,
 *            @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
 *            @SortKey @Tiebreaker String playerId,
 *            String name) {}
 * // pk = "SEASON#2026-SPRING", sk = "9999998499#0000001719100800#p_8842"
 * }</pre>
 *
 * <p>The annotations of a component target {@code RECORD_COMPONENT} and {@code PARAMETER}: on a
 * Kotlin class compiled with kapt (a data class: kapt cannot stub a {@code @JvmRecord} class), an
 * annotation written on a property of the primary constructor goes to the constructor's parameter,
 * where the processor reads it. In a Java record they are written on the component, as above; on
 * any other parameter they are an error.
 */
package io.dynakeys.annotations;
