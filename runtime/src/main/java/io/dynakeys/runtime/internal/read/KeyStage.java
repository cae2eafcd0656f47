package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.read.QueryStage;
import java.util.Objects;

/**
 * What every generated query stage is: a {@link QueryStage} that holds its {@link KeyQuery}. A
 * generated stage ({@code RunKeys.QueryByScore}) extends it and adds only what is its own: equality
 * on the next sort component, and that component's range step or path queries.
 *
 * <p>No component name clashes with what a stage inherits: equality takes a value first, and the
 * three range steps that would share a name with an inherited method without arguments are
 * renamed by the processor ({@code toKeyQueryRange()}); the field is named {@code query}, which
 * the processor never gives a parameter.
 *
 * @param <R> the items the stage reads
 */
public abstract class KeyStage<R> implements QueryStage<R> {
  /** The query this stage stands for. */
  protected final KeyQuery<R> query;

  /**
   * A stage of {@code query}.
   *
   * @param query the partition, narrowed by the equal components so far
   */
  protected KeyStage(KeyQuery<R> query) {
    this.query = Objects.requireNonNull(query, "query");
  }


  /** The query, as {@link KeyQuery#toString()} prints it. */
  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + query + "]";
  }
}
