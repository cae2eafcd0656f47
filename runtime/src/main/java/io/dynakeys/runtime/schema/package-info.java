/**
 * The enhanced-client {@link software.amazon.awssdk.enhanced.dynamodb.TableSchema} for Java
 * records that the dynakeys processor generates for every {@code @KeySchema} record.
 *
 * <p>The AWS SDK for Java v2 enhanced client maps neither records (they have no setters and no
 * builder) nor composite keys (its key attributes are plain bean properties).
 * {@link io.dynakeys.runtime.internal.schema.RecordSchema} does both: every record component is its own
 * attribute, converted by the enhanced client's converters, and the key attributes ({@code pk},
 * {@code sk}, index keys) are computed from the record by the generated key encoders on every
 * write and checked against the components on every read.
 */
package io.dynakeys.runtime.schema;
