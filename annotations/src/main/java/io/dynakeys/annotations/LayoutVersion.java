package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Which version of its stored layout a {@link KeySchema} record is, and which older version the
 * table may still hold items of. A record without it is version 1.
 *
 * <p>The processor records every version's stored layout (its keys' attributes, prefixes,
 * delimiters and components with their codecs, widths, domains and inversion, its indexes, shards,
 * unique guards and time to live) in a file, {@code <layouts>/<record's qualified name>/<version>.json},
 * written on the first compilation of the version and committed with the code. A change to the
 * stored form of a version already recorded is a compile error that names the change and the items
 * it would lose; a change that keeps every stored key compiles and updates the file.
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "SEASON")
 * @LayoutVersion(2)   // version 1 wrote the score in 10 digits
 * record Run(@PartitionKey String season, @SortKey @Padded(12) @Inverted int score,
 *     @SortKey @Tiebreaker String playerId) {}
 * }</pre>
 *
 * <p>While the table may still hold items of version 1, the record says so with
 * {@code @LayoutVersion(value = 2, live = 1)}. While {@link #live()} names a version, the generated keys class holds that version's layout,
 * read from its file with no old record (the nested class {@code V1} of {@code RunKeys}), in its
 * descriptor ({@code RunKeys.LAYOUT}); the processor refuses a live version whose items the new keys could not
 * find (a table key component dropped, other key attributes) or could not become records of this
 * version without a named {@link #migration()}. When no item of the older version is left, drop
 * {@code live}; its file stays as history.
 *
 * <p>The directory is the processor option {@code dynakeys.layouts}; without it, a record in a
 * source directory {@code <module>/src/main/java} (or {@code src/main/kotlin}) has its layouts in
 * {@code <module>/src/main/dynakeys}, and a record elsewhere has none recorded.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface LayoutVersion {

  /** The record's version: 1 for the first layout, one more for each change of stored form. */
  int value();

  /**
   * An older version whose items the table may still hold, read and migrated while it is named;
   * 0 (the default) when every item is in this version's layout.
   */
  int live() default 0;

  /**
   * The class that makes this version's record from an item of the {@link #live()} version, for a
   * change the processor cannot map alone (a component the older items do not store). It
   * implements {@code io.dynakeys.runtime.schema.LayoutMigration<RecordKeys.V<live>.Key, Record>}
   * and has a constructor without parameters. {@code void.class} (the default): the processor's own
   * migration, which reads the older item's attributes as this version's record and writes every
   * key anew.
   */
  Class<?> migration() default void.class;
}
