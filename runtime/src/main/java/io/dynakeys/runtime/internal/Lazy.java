package io.dynakeys.runtime.internal;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value built on first use, once, safely under concurrent first uses: what a generated
 * {@code tableSchema()} holds, so that the schema (and the SDK converters it needs) is built only
 * when asked for and a schema problem never breaks the key encoders.
 *
 * <p>One thread builds the value while any other asking at the same time waits for it; from then
 * on every call returns it without locking. When building throws, nothing is kept and the
 * exception reaches the caller; the next call tries again (a schema that cannot be built says
 * why each time it is asked for).
 *
 * @param <T> the value
 */
public final class Lazy<T> implements Supplier<T> {
  private final Supplier<? extends T> supplier;
  private volatile T value;

  private Lazy(Supplier<? extends T> supplier) {
    this.supplier = Objects.requireNonNull(supplier, "supplier");
  }

  /**
   * A value {@code supplier} builds on the first {@link #get()}.
   *
   * @param supplier builds the value; must not return {@code null}
   * @param <T> the value
   * @return the holder
   */
  public static <T> Lazy<T> of(Supplier<? extends T> supplier) {
    return new Lazy<>(supplier);
  }

  /**
   * The value, built now if this is the first use.
   *
   * @throws NullPointerException when the supplier returns {@code null}
   */
  @Override
  public T get() {
    T v = value;
    if (v == null) {
      synchronized (this) {
        v = value;
        if (v == null) {
          v = Objects.requireNonNull(supplier.get(), "the lazily built value");
          value = v;
        }
      }
    }
    return v;
  }
}
