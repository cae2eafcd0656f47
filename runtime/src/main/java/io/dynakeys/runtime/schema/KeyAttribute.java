package io.dynakeys.runtime.schema;

import java.util.function.Function;

/**
 * A key attribute computed from the record by a generated key encoder.
 *
 * @param name the attribute's name, e.g. {@code sk} or {@code gsi1pk}
 * @param role what the key is, for messages, e.g. {@code "sort key"}
 * @param function computes the key's text from the record
 * @param required whether every item must have it (the table's own keys); index keys may be
 *     {@code null}, which leaves the item out of a sparse index
 */
record KeyAttribute<T>(String name, String role, Function<T, String> function, boolean required) {}
