package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a secondary index of a {@link KeySchema} record, whose keys are composed from the
 * record's components the same way as the table's: a literal prefix, then the named components
 * in the order given, joined by the record's delimiter, with each component's own
 * {@link Padded} and {@link Inverted}. The same compile-time checks apply.
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "SEASON")
 * @SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = "playerId",
 *     sortKey = {"season", "score"})
 * record Run(@PartitionKey String season,
 *            @SortKey @Padded(10) @Inverted int score,
 *            @SortKey @Tiebreaker String playerId) {}
 * // byPlayer_pk = "PLAYER#p_8842", byPlayer_sk = "2026-SPRING#9999998499"
 * }</pre>
 *
 * <p>The generated {@code RunKeys.ByPlayer} class writes the index key attributes, parses them
 * and queries the index with a staged builder ({@code RunKeys.queryByPlayer("p_8842")}); the
 * generated table schema registers the index so {@code createTable} creates it.
 *
 * <p><b>Sparse indexes.</b> A component of type {@code java.util.Optional<T>} may be named here
 * (and only here: the table's own keys need every component). It is keyed by its value, with its
 * own {@link Padded} and {@link Inverted}, and the index's encoders, parsers and queries take a
 * {@code T}. An item whose {@code Optional} component is empty gets neither key attribute of the
 * index, so DynamoDB leaves it out of the index, while the item and its empty component are
 * stored in the table as usual:
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "PROJECT")
 * @SecondaryIndex(name = "byAssignee", partitionPrefix = "ASSIGNEE", partitionKey = "assignee",
 *     sortKey = "number")
 * record Ticket(@PartitionKey String project,
 *               @SortKey @Padded(value = 8, max = 99_999_999) int number,
 *               Optional<String> assignee) {}
 * // assignee "ann": byAssignee_pk = "ASSIGNEE#ann"; Optional.empty(): no byAssignee_pk, no byAssignee_sk
 * TicketKeys.queryByAssignee("ann");   // only the tickets someone holds
 * }</pre>
 *
 * <p>A plain (not {@code Optional}) component that is {@code null} is refused when the item is
 * written, as in any key. On read, an item whose components give an index key it does not have is
 * a {@code KeyMismatchException}: it is missing from the index.
 *
 * <p><b>Native index keys.</b> With {@link #nativeKey() nativeKey = true} the index is keyed by the
 * components' own attributes, each with the type it is stored as, instead of two composed strings:
 * DynamoDB's multi-attribute keys, up to four partition and four sort attributes, queried left to
 * right. Nothing is computed or written for it, and a number sorts as a number without
 * {@code @Padded}:
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "LEAGUE")
 * @SecondaryIndex(name = "byTeam", nativeKey = true, partitionKey = {"team", "region"},
 *     sortKey = {"points", "day"})
 * record Score(@PartitionKey String league, @SortKey @Tiebreaker String id, String team, int region,
 *     long points, LocalDate day) {}
 * ScoreKeys.queryByTeam("red", 3).points(1500).day().atLeast(LocalDate.of(2026, 1, 1));   // team, region, points, then day
 * }</pre>
 *
 * <p>A native index is global; its attributes must be stored as strings, numbers or binary, and a
 * sort component's stored form must sort like its values: {@code Instant}, {@code OffsetDateTime},
 * {@code ZonedDateTime}, {@code ZoneOffset}, {@code Period} (texts of the SDK's converters that do
 * not), enums (stored by name) and converted components are compile errors there, and so is
 * {@code @Inverted} on a component of no composed key (DynamoDB has no per-attribute direction:
 * read descending). Prefixes and attribute names do not apply ({@code partitionPrefix}, {@code sortPrefix},
 * {@code partitionKeyAttribute}, {@code sortKeyAttribute} are errors with it).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@Repeatable(SecondaryIndexes.class)
public @interface SecondaryIndex {

  /** The index name, a Java identifier (it names the generated nested class and methods). */
  String name();

  /**
   * Whether the index is local: it shares the table's partition key and declares only a sort
   * key. A global index (the default) declares its own partition key.
   */
  boolean local() default false;

  /** Names of the components that form the index's partition key, in order (global indexes only). */
  String[] partitionKey() default {};

  /** Names of the components that form the index's sort key, in order; may be empty for a global index. */
  String[] sortKey() default {};

  /** Literal tag written first in the index partition key; none when empty. */
  String partitionPrefix() default "";

  /** Literal tag written first in the index sort key; none when empty. */
  String sortPrefix() default "";

  /** The attribute that holds the index partition key; {@code <name>_pk} when empty. */
  String partitionKeyAttribute() default "";

  /** The attribute that holds the index sort key; {@code <name>_sk} when empty. */
  String sortKeyAttribute() default "";

  /**
   * Whether the index is keyed natively by the components' own attributes (DynamoDB's
   * multi-attribute index keys: up to four partition and four sort attributes, each with its own
   * type) rather than by two composed string attributes. Global indexes only.
   */
  boolean nativeKey() default false;
}
