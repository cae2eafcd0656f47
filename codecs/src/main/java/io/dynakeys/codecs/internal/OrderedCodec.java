package io.dynakeys.codecs.internal;

/**
 * A {@link KeyCodec} whose keys sort in an order a query can take a range of: text (by its
 * encoding's bytes) and fixed-width digits (by value, or by descending value when inverted).
 * Bounds are exact in value space; a range that holds no value of the domain is
 * {@link ComponentRange#isEmpty() empty}.
 *
 * @param <T> the component's type
 */
public sealed interface OrderedCodec<T> extends KeyCodec<T> permits TextCodec, PaddedCodec {

  /** Values at or after {@code value}. */
  ComponentRange atLeast(T value);

  /** Values after {@code value}. */
  ComponentRange greaterThan(T value);

  /** Values at or before {@code value}. */
  ComponentRange atMost(T value);

  /** Values before {@code value}. */
  ComponentRange lessThan(T value);

  /** Values from {@code lo} to {@code hi}, both included. */
  ComponentRange between(T lo, T hi);
}
