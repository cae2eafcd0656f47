package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;


/**
 * Reads a record's components by position: what generated code passes to
 * {@link RecordSchema#builder}, as an index switch over the record's accessors, so that no
 * reflection is needed at run time.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface ComponentAccessor<T> {

  /**
   * The value of the component at {@code index} (0 for the first), boxed.
   *
   * @param item the record
   * @param index the component's position in declaration order
   * @return the value
   */
  Object component(T item, int index);
}
