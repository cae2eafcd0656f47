package io.dynakeys.processor.model;

import java.math.BigInteger;

/**
 * What a key component holds, as far as its encoding is concerned. Boxed and primitive numbers
 * share a value type; {@link KeyComponent#boxed()} tells them apart.
 */
public enum ValueType {
  BYTE("byte", Byte.MIN_VALUE, Byte.MAX_VALUE),
  SHORT("short", Short.MIN_VALUE, Short.MAX_VALUE),
  INT("int", Integer.MIN_VALUE, Integer.MAX_VALUE),
  LONG("long", Long.MIN_VALUE, Long.MAX_VALUE),
  /** Unbounded: a padded BigInteger must declare {@code max}. */
  BIG_INTEGER("BigInteger", Long.MIN_VALUE, Long.MAX_VALUE),
  /** Padded as epoch milliseconds. */
  INSTANT("Instant", Long.MIN_VALUE, Long.MAX_VALUE),
  /** Padded as epoch days. */
  LOCAL_DATE("LocalDate", java.time.LocalDate.MIN.toEpochDay(), java.time.LocalDate.MAX.toEpochDay()),
  STRING("String", 0, 0),
  UUID("UUID", 0, 0),
  ENUM("enum", 0, 0),
  /** A hierarchical path: {@code io.dynakeys.runtime.TreePath}, with {@code @PathSegment}. */
  PATH("TreePath", 0, 0),
  /** float, double, BigDecimal: numbers without an exact fixed-width decimal form. */
  FLOATING("floating point", 0, 0),
  /** Anything else: not a key component. */
  OTHER("other", 0, 0);

  private final String label;
  private final long typeMin;
  private final long typeMax;

  ValueType(String label, long typeMin, long typeMax) {
    this.label = label;
    this.typeMin = typeMin;
    this.typeMax = typeMax;
  }

  /** How messages name the type. */
  public String label() {
    return label;
  }

  /** Whether {@code @Padded} can encode it. */
  public boolean paddable() {
    switch (this) {
      case BYTE: case SHORT: case INT: case LONG: case BIG_INTEGER: case INSTANT: case LOCAL_DATE:
        return true;
      default:
        return false;
    }
  }

  /** Whether it is an integral number (whose text without padding sorts wrongly). */
  public boolean integral() {
    return this == BYTE || this == SHORT || this == INT || this == LONG || this == BIG_INTEGER;
  }

  /** The smallest value of the padded domain the type allows (epoch units for temporals). */
  public BigInteger typeMin() {
    return BigInteger.valueOf(typeMin);
  }

  /** The largest value of the padded domain the type allows (epoch units for temporals). */
  public BigInteger typeMax() {
    return BigInteger.valueOf(typeMax);
  }

  /** What the padded digits count, for messages. */
  public String unit() {
    switch (this) {
      case INSTANT:
        return "Instant epoch milliseconds";
      case LOCAL_DATE:
        return "LocalDate epoch days";
      default:
        return label + " values";
    }
  }
}
