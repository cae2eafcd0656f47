package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;

/**
 * Which version of a record's stored layout a stored item is, with its record, or why it is of
 * none ({@link RecordSchema#classify}).
 *
 * @param record the record the item stands for, or {@code null} when it is of no version (or holds
 *     no attribute the schema knows)
 * @param version the version the item is of; 0 when none
 * @param older whether that version is the live older one
 * @param error why the item is of no version, as a read throws it; {@code null} when it is of one
 * @param <T> the record
 */
public record ItemVersion<T>(T record, int version, boolean older, ItemMappingException error) {

  static <T> ItemVersion<T> current(T record, int version) {
    return new ItemVersion<>(record, version, false, null);
  }

  static <T> ItemVersion<T> older(T record, int version) {
    return new ItemVersion<>(record, version, true, null);
  }

  static <T> ItemVersion<T> neither(ItemMappingException error) {
    return new ItemVersion<>(null, 0, false, error);
  }
}
