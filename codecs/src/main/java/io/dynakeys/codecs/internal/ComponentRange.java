package io.dynakeys.codecs.internal;

/**
 * The bounds of a range over one key component, as encoded text in key order (already flipped
 * for {@code @Inverted} components and clamped to the component's domain). A {@code null} bound
 * is open; {@link #emptyReason()} is set when no value satisfies the range.
 *
 * @param lower the smallest encoded text in the range, or {@code null} for no lower bound
 * @param lowerInclusive whether {@code lower} itself is in the range
 * @param upper the largest encoded text in the range, or {@code null} for no upper bound
 * @param upperInclusive whether {@code upper} itself is in the range
 * @param emptyReason why the range holds no value, or {@code null} when it may hold some
 */
public record ComponentRange(
    String lower, boolean lowerInclusive, String upper, boolean upperInclusive, String emptyReason,
    String label, java.util.List<String> domain) {

  /** A range without a label or a finite domain. */
  public ComponentRange(
      String lower, boolean lowerInclusive, String upper, boolean upperInclusive, String emptyReason) {
    this(lower, lowerInclusive, upper, upperInclusive, emptyReason, null, null);
  }

  /**
   * The same range, described for messages ({@code "Run.score between 10 and 1"}); the label
   * names the record and component when the key bounds turn out to hold nothing.
   */
  public ComponentRange withLabel(String label) {
    return new ComponentRange(lower, lowerInclusive, upper, upperInclusive, emptyReason, label, domain);
  }

  /**
   * The same range over a finite set of encodings (an enum's names): a range that holds none
   * of them is empty even where the key bounds are not.
   */
  public ComponentRange withDomain(java.util.List<String> encodings) {
    return new ComponentRange(lower, lowerInclusive, upper, upperInclusive, emptyReason, label,
        java.util.List.copyOf(encodings));
  }

  /** Ranges are equal when they hold the same keys; the label only describes them. */
  @Override
  public boolean equals(Object other) {
    return other instanceof ComponentRange r
        && java.util.Objects.equals(lower, r.lower) && lowerInclusive == r.lowerInclusive
        && java.util.Objects.equals(upper, r.upper) && upperInclusive == r.upperInclusive
        && java.util.Objects.equals(emptyReason, r.emptyReason);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(lower, lowerInclusive, upper, upperInclusive, emptyReason);
  }

  /** A range that holds no value of the domain, with the reason. */
  public static ComponentRange empty(String reason) {
    return new ComponentRange(null, false, null, false, reason);
  }

  /** A range between two encoded texts. */
  public static ComponentRange of(String lower, boolean lowerInclusive, String upper, boolean upperInclusive) {
    return new ComponentRange(lower, lowerInclusive, upper, upperInclusive, null);
  }

  /** Whether no value satisfies the range. */
  public boolean isEmpty() {
    return emptyReason != null;
  }

  /** The same range in reversed key order (for inverted encodings): the bounds swap places. */
  public ComponentRange reversed() {
    return isEmpty() ? this : new ComponentRange(upper, upperInclusive, lower, lowerInclusive, null, label, domain);
  }
}
