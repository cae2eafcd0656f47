/**
 * The values of keys that users hold: {@link io.dynakeys.runtime.TreePath}, the type of a
 * {@code @PathSegment} component, and {@link io.dynakeys.runtime.KeyFormatException}, what every
 * encoder and parser throws for a value it cannot write or a text it cannot read, naming the
 * record, the component and the value.
 *
 * <p>The rest of the API is in the packages below this one: {@code read} (queries and their
 * stages), {@code condition}, {@code write}, {@code transact}, {@code batch}, {@code schema} (table
 * schemas and the exceptions of a stored item that does not match) and {@code entity} (the typed
 * handles a generated {@code <Record>Keys} class declares). Packages named {@code internal} are
 * what generated code calls; they carry no compatibility promise.
 */
package io.dynakeys.runtime;
