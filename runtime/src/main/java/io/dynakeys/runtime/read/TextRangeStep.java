package io.dynakeys.runtime.read;

import io.dynakeys.runtime.KeyFormatException;

/**
 * A range over the next sort attribute of a native index key when that attribute is a
 * {@code String} component: the bounds of {@link RangeStep}, and {@link #beginsWith}, DynamoDB's
 * {@code begins_with} on the attribute's stored text. {@code ScoreKeys.queryByTeam("red", 3).points(10).name().beginsWith("an")}
 * reads the items whose {@code name} starts with {@code an}, in the order of the attributes
 * after it.
 *
 * <p>A native attribute is the value itself, with no delimiter to end a prefix at, so a prefix
 * matches inside a value: {@code "an"} matches {@code "an"}, {@code "ann"} and {@code "anna"}.
 * That is what {@code begins_with} means on a native attribute; a composed key, whose prefixes end
 * at a delimiter, is the choice when a prefix must stop at a whole segment.
 *
 * @param <R> the items the query reads
 */
public interface TextRangeStep<R> {
  /**
   * Items whose attribute starts with {@code prefix}, compared as DynamoDB compares strings, by
   * UTF-8 bytes.
   *
   * @throws KeyFormatException when the prefix is null, empty (DynamoDB refuses an empty key
   *     value; run the stage as it is to read every value) or longer than a sort key may be
   */
  QueryStage<R> beginsWith(String prefix);

  /**
   * Items whose attribute is from {@code lo} to {@code hi}, both included, by UTF-8 bytes.
   *
   * @throws IllegalArgumentException when {@code lo} sorts after {@code hi}
   * @throws KeyFormatException when a bound is null or empty
   */
  QueryStage<R> between(String lo, String hi);

  /** Items whose attribute is at least {@code value}. */
  QueryStage<R> atLeast(String value);

  /** Items whose attribute is at most {@code value}. */
  QueryStage<R> atMost(String value);

  /** Items whose attribute is greater than {@code value}. */
  QueryStage<R> greaterThan(String value);

  /** Items whose attribute is less than {@code value}. */
  QueryStage<R> lessThan(String value);
}
