package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component whose value no two items of the record may share: each value is guarded by an
 * item of its own in the record's table, written in the same transaction as the record, so a second
 * record with the same value is refused ({@code UniqueViolationException}, naming the record, the
 * component and the value).
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "USER")
 * public record User(@PartitionKey String id, @Unique String email, String name) {}
 * // the guard of ann@example.com:  pk = "USER_EMAIL#ann@example.com"  (and sk = "UNIQUE")
 * }</pre>
 *
 * <p>The guard's key is generated and checked like any other key: its partition key is
 * {@link #prefix()}, the delimiter and the value written by the component's codec ({@code @Padded}
 * numbers, text without the delimiter, enums by name), within DynamoDB's key limits; when the table
 * has a sort key, the guard's is the constant {@code UNIQUE}. The guard also holds the key of the
 * item that owns the value. The layout is in the record's {@code EntityDescriptor}.
 *
 * <p>dynakeys' own write paths keep the guards: {@code TransactWrite.insert} writes a new item with
 * its guards, {@code TransactWrite.replace} moves the guards of the values it changes (a delete of
 * the old guard and a put of the new one, both conditional), {@code TransactWrite.delete(table,
 * item)} removes them; every other dynakeys write of the record (a plain or conditional put, a
 * whole-item or typed update of a unique component, a move, a batch, a delete by key) is refused
 * with a message that names these. A write through the enhanced client itself ({@code putItem})
 * knows nothing of the guards: it can store a duplicate value, or leave a guard without its item.
 *
 * <p>A unique component is no table-key component (those are unique already) and is of a key type;
 * an {@code Optional} one that is empty, or a {@code null} value, has no guard. Its record has no
 * {@link TimeToLive}: DynamoDB's expiry would delete the item and leave its guards.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface Unique {
  /**
   * The guard's partition-key prefix; by default the record's and the component's names in upper
   * case joined by an underscore ({@code USER_EMAIL}). It must differ from the record's partition
   * prefix and every other guard's, and hold no delimiter.
   */
  String prefix() default "";
}
