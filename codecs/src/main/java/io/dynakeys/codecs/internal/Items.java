package io.dynakeys.codecs.internal;

/** What generated encoders check of the item they are given, before its components. */
public final class Items {
  private Items() {}

  /**
   * Returns {@code item}, or throws when it is {@code null}: what generated encoders of a whole
   * item call first, so that a null item is a {@code KeyFormatException}, naming the record, like a null
   * component.
   *
   * @param item the record whose key is being built
   * @param record the record's simple name
   * @param <T> the record type
   * @return {@code item}
   * @throws io.dynakeys.runtime.KeyFormatException when {@code item} is null
   */
  public static <T> T requireItem(T item, String record) {
    if (item == null) {
      throw new io.dynakeys.runtime.KeyFormatException(record, "item", null, "cannot build a key of a null item");
    }
    return item;
  }
}
