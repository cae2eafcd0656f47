package io.dynakeys.operations;

/**
 * The mapping of one item from an old key layout to a new one, for {@code dynakeys migrate}, the
 * Spark job's {@code rekey} and a {@link io.dynakeys.operations.rekey.Rekey} of one's own: the user
 * keeps the old record declaration ({@code RunV1}, the score {@code @Padded(10)}) beside the new
 * one ({@code Run}, {@code @Padded(12)}) and names a class implementing this interface with
 * {@code --migration}.
 *
 * <pre>{@code
 * public final class RunV1ToRun implements Migration<RunV1, Run> {
 *   public Run migrate(RunV1 old) {
 *     return new Run(old.season(), old.score(), old.at(), old.playerId(), old.name());
 *   }
 * }
 * }</pre>
 *
 * <p>The re-key reads each old item with {@code RunV1Keys.tableSchema()} (its stored keys checked
 * against its components), calls {@link #migrate}, and writes the result with
 * {@code RunKeys.tableSchema()}, which computes every new key. The old and new record types are
 * taken from the type arguments of the implementing class, so {@code RunV1Keys} and
 * {@code RunKeys} need not be named; {@code --from} and {@code --to} override them.
 *
 * <p>Implementations must be pure and thread-safe: the re-key calls {@link #migrate} from several
 * threads at once, and a run that is killed and resumed calls it again for the items it had not
 * finished, expecting the same result, which makes the rewrite of an item already written a no-op.
 * They need a public no-argument constructor to be named on the command line.
 *
 * @param <OLD> the record of the old layout
 * @param <NEW> the record of the new layout
 */
@FunctionalInterface
public interface Migration<OLD, NEW> {

  /**
   * The new record for {@code old}.
   *
   * @param old an item as the old layout reads it
   * @return the item in the new layout, or {@code null} to leave this item as it is (it is counted
   *     as skipped, and the final verify reports it if the new layout cannot read it)
   */
  NEW migrate(OLD old);
}
