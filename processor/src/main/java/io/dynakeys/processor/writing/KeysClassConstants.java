package io.dynakeys.processor.writing;

import io.dynakeys.processor.model.KeySchemaModel;

/**
 * The constants a record's keys class declares for its components and index groups, named as the
 * writer names them ({@code TaskKeys.OWNER}, {@code TaskKeys.BY_OWNER}, with a suffix when taken),
 * for the checks that read code using them.
 */
public final class KeysClassConstants {
  private final Names names;

  private KeysClassConstants(Names names) {
    this.names = names;
  }

  /** The constants of {@code model}'s keys class. */
  public static KeysClassConstants of(KeySchemaModel model) {
    return new KeysClassConstants(new Names(model));
  }

  /** The handle of the component {@code component}. */
  public String handle(String component) {
    return names.handle(component);
  }

  /** The group named after {@code index}, or {@code null} when the index has none. */
  public String group(String index) {
    return names.group(index);
  }
}
