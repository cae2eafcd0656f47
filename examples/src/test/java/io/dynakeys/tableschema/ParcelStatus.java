package io.dynakeys.tableschema;

/**
 * Where a parcel is. {@link #toString()} is written for people and differs from {@link #name()},
 * so the tests can tell that keys and attributes store the name.
 */
public enum ParcelStatus {
  LABELLED,
  IN_TRANSIT,
  OUT_FOR_DELIVERY,
  DELIVERED,
  RETURNED;

  @Override
  public String toString() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }
}
