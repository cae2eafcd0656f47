package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.read.TextRangeStep;
import io.dynakeys.runtime.KeyFormatException;
import java.util.Objects;

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
public final class TextRange<R> implements TextRangeStep<R> {
  private final KeyQuery<R> query;
  private final Range<R, String> range;

  private TextRange(KeyQuery<R> query) {
    this.query = Objects.requireNonNull(query, "query");
    this.range = Range.ofNative(query);
  }

  /**
   * The step over the string sort attribute of a native index key that follows the equal ones of
   * {@code query}. For generated stages.
   *
   * @param query a query of a native index
   * @param <R> the items
   * @return the step
   */
  public static <R> TextRange<R> ofNative(KeyQuery<R> query) {
    return new TextRange<>(query);
  }

  /**
   * Items whose attribute starts with {@code prefix}, compared as DynamoDB compares strings, by
   * UTF-8 bytes.
   *
   * @throws KeyFormatException when the prefix is null, empty (DynamoDB refuses an empty key
   *     value; run the stage as it is to read every value) or longer than a sort key may be
   */
  @Override
  public KeyQuery<R> beginsWith(String prefix) {
    if (prefix == null) {
      throw new KeyFormatException(query.nativeCondition() == null ? "?" : query.nativeCondition().indexName(),
          "prefix", null, "a prefix cannot be null");
    }
    return query.withNativePrefix(prefix);
  }

  /**
   * Items whose attribute is from {@code lo} to {@code hi}, both included, by UTF-8 bytes.
   *
   * @throws IllegalArgumentException when {@code lo} sorts after {@code hi}
   * @throws KeyFormatException when a bound is null or empty
   */
  @Override
  public KeyQuery<R> between(String lo, String hi) {
    return range.between(lo, hi);
  }

  /** Items whose attribute is at least {@code value}. */
  @Override
  public KeyQuery<R> atLeast(String value) {
    return range.atLeast(value);
  }

  /** Items whose attribute is at most {@code value}. */
  @Override
  public KeyQuery<R> atMost(String value) {
    return range.atMost(value);
  }

  /** Items whose attribute is greater than {@code value}. */
  @Override
  public KeyQuery<R> greaterThan(String value) {
    return range.greaterThan(value);
  }

  /** Items whose attribute is less than {@code value}. */
  @Override
  public KeyQuery<R> lessThan(String value) {
    return range.lessThan(value);
  }

  /** The query it narrows. */
  @Override
  public String toString() {
    return "TextRangeStep[native after " + query + "]";
  }
}
