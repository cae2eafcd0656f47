package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import java.util.Optional;

/**
 * The {@code Optional} components that key a sparse index, for generated code: an item whose
 * component is empty is in no index the component keys, so the index's key attributes are not
 * written.
 */
public final class OptionalComponents {
  private OptionalComponents() {}

  /**
   * Whether {@code value} is empty, which leaves its item out of the index.
   *
   * @param value the component's value
   * @param record the record's simple name, for the exception
   * @param component the component's name, for the exception
   * @return whether the component is empty
   * @throws KeyFormatException when {@code value} is {@code null} rather than an {@code Optional}
   */
  public static boolean isEmpty(Optional<?> value, String record, String component) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "an Optional component cannot be null: use Optional.empty() for an item that is not in the index");
    }
    return value.isEmpty();
  }
}
