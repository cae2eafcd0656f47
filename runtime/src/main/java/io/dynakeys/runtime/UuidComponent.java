package io.dynakeys.runtime;

import java.util.UUID;

/**
 * The codec of a {@code UUID} key component: the canonical 36-character lowercase form. Keys
 * order UUIDs as unsigned 128-bit numbers (their hex text), not as {@link UUID#compareTo} does.
 */
public final class UuidComponent extends TextCodec<UUID> {

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  public UuidComponent(String record, String component, char delimiter) {
    super(record, component, delimiter);
  }

  @Override
  protected String text(UUID value) {
    return value.toString();
  }

  @Override
  protected UUID value(KeyReader reader, String text) {
    if (text.length() != 36) {
      throw reader.error(component, "\"" + text + "\" is not a 36-character UUID");
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      boolean ok = dash ? c == '-' : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      if (!ok) {
        throw reader.error(component, "\"" + text + "\" is not a canonical lowercase UUID");
      }
    }
    return UUID.fromString(text);
  }
}
