package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as a DynamoDB item with a key built from its components.
 *
 * <p>The partition key is the {@link #partitionPrefix()} (when not empty) followed by every
 * {@link PartitionKey} component in declaration order, joined by the {@link #delimiter()}. The
 * sort key is the {@link #sortPrefix()} (when not empty) followed by every {@link SortKey}
 * component, joined the same way. A record with a sort prefix and no sort components has the
 * constant prefix as its sort key (a "singleton" item such as a profile).
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "DRIVE", sortPrefix = "FILE")
 * record File(@PartitionKey String account, @SortKey String name, long size) {}
 * // pk = "DRIVE#a91", sk = "FILE#beach.jpg"
 * }</pre>
 *
 * <p>The processor generates {@code FileKeys} next to the record.
 *
 * <p>A Kotlin class compiled with kapt is read as kapt shows it to the processor: a final class
 * whose primary constructor declares every property (a data class), the properties read through
 * their getters and the class made by its primary constructor. A nullable property
 * ({@code String?}) means what an {@code Optional} component means in a record.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface KeySchema {

  /** Literal entity tag written first in the partition key, e.g. {@code "SEASON"}; none when empty. */
  String partitionPrefix() default "";

  /** Literal entity tag written first in the sort key, e.g. {@code "RUN"}; none when empty. */
  String sortPrefix() default "";

  /**
   * The character between the parts of a key. It must be ASCII, not a letter, digit or white
   * space, and must not occur in a prefix or in any component's encoding. Characters that sort
   * below {@code '0'} (such as the default {@code '#'}) keep a shorter string before a longer
   * one that extends it.
   */
  char delimiter() default '#';

  /** Name of the attribute that holds the encoded partition key. */
  String partitionKeyAttribute() default "pk";

  /** Name of the attribute that holds the encoded sort key. */
  String sortKeyAttribute() default "sk";
}
