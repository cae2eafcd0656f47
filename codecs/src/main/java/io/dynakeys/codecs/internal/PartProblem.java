package io.dynakeys.codecs.internal;

/**
 * A value refused because of one part of it (a path's segment): the configured codec names that
 * part, not the whole value, as the offending value of its {@code KeyFormatException}.
 */
final class PartProblem extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String part;

  PartProblem(String part, String problem) {
    super(problem);
    this.part = part;
  }

  /** The offending part of the value, as text. */
  String part() {
    return part;
  }

  /** The text a {@code KeyFormatException} should name for {@code e} about {@code value}. */
  static String offending(IllegalArgumentException e, Object value) {
    return e instanceof PartProblem p ? p.part() : String.valueOf(value);
  }
}
