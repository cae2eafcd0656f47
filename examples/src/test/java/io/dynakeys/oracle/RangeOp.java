package io.dynakeys.oracle;

/** The range methods every non-tiebreaker stage offers, and what each admits. */
enum RangeOp {
  BETWEEN,
  AT_LEAST,
  AT_MOST,
  GREATER_THAN,
  LESS_THAN;

  /**
   * Whether a value is in the range, given how it compares with the bounds.
   *
   * @param toLower the value compared with the lower bound (the only bound of one-bound methods)
   * @param toUpper the value compared with the upper bound ({@link #BETWEEN} only)
   */
  boolean admits(int toLower, int toUpper) {
    switch (this) {
      case BETWEEN:
        return toLower >= 0 && toUpper <= 0;
      case AT_LEAST:
        return toLower >= 0;
      case AT_MOST:
        return toLower <= 0;
      case GREATER_THAN:
        return toLower > 0;
      case LESS_THAN:
        return toLower < 0;
      default:
        throw new AssertionError(this);
    }
  }

  /** The suffix of the generated method, e.g. {@code scoreAtLeast}. */
  String methodSuffix() {
    switch (this) {
      case BETWEEN:
        return "Between";
      case AT_LEAST:
        return "AtLeast";
      case AT_MOST:
        return "AtMost";
      case GREATER_THAN:
        return "GreaterThan";
      default:
        return "LessThan";
    }
  }
}
