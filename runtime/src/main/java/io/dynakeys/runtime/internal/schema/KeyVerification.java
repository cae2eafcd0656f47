package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.KeyFormatException;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checks a record read from an item against the item's stored keys: every key attribute the
 * item holds must be the key the record's components give. Keys are derived data; when they
 * disagree, a query by key would not find the item where its components say it is.
 */
final class KeyVerification {
  private KeyVerification() {}

  /**
   * Throws {@link KeyMismatchException} when a stored key differs from the recomputed one, and
   * {@link ItemMappingException} when a key cannot be recomputed from components that are there.
   *
   * @param absent the components the item lacks: index keys made of them are not checked (an item
   *     read through an index that does not project them). An absent index key is checked: the
   *     components must give none (a sparse index whose {@code Optional} component is empty)
   */
  static <T> void verify(String record, KeyAttribute<T>[] keys, Map<String, AttributeValue> item,
      T value, Set<String> absent) {
    for (KeyAttribute<T> key : keys) {
      AttributeValue stored = item.get(key.name());
      boolean missing = AttributeValues.isNull(stored);
      if (missing && key.required()) {
        continue; // DynamoDB stores no item without its table keys
      }
      String computed;
      try {
        computed = key.function().apply(value);
      } catch (RuntimeException e) {
        if (!key.required() && (missing || causedByAbsentComponent(e, absent))) {
          continue; // an index key of components a projection lacks
        }
        throw new ItemMappingException(record, key.name(),
            "cannot recompute the " + key.role() + " from the stored components: " + reason(e), e);
      }
      // A sparse index key is absent exactly when the key function gives none (its Optional
      // component is empty): absent while the components give one, the item is missing from the
      // index.
      if (missing) {
        if (computed != null) {
          throw new KeyMismatchException(record, key.name(), null, computed);
        }
        continue;
      }
      if (computed == null && !key.required() && !absent.isEmpty()) {
        continue; // a stored index key whose components a projection lacks cannot be checked
      }
      if (stored.s() == null || !key.matches(stored.s(), computed)) {
        throw new KeyMismatchException(record, key.name(), AttributeValues.describe(stored), computed);
      }
    }
  }

  /**
   * Whether a key function failed because the item lacks a component. Generated key functions say
   * which component they rejected; for others any absent component is taken as the cause.
   */
  private static boolean causedByAbsentComponent(RuntimeException e, Set<String> absent) {
    if (absent.isEmpty()) {
      return false;
    }
    if (e instanceof KeyFormatException format) {
      return absent.contains(format.component());
    }
    return true;
  }

  static String reason(RuntimeException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
  }
}
