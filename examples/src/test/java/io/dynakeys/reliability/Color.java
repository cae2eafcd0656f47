package io.dynakeys.reliability;

/** An enum key component; {@link #toString()} differs from {@link #name()}, which keys store. */
public enum Color {
  AMBER,
  BLUE,
  CYAN_DARK,
  RED;

  @Override
  public String toString() {
    return "color " + name().toLowerCase(java.util.Locale.ROOT);
  }
}
