package io.dynakeys.operations.rekey;

/** What a migration or a subtree move did with one item. */
public enum Outcome {
  /** Re-keyed: the new item written, then the old one deleted (in a dry run: would be). */
  MIGRATED("re-keyed", false),
  /** Copied to its new key; the old item is deleted in the move's second phase. */
  COPIED("copied", false),
  /** Met in the new layout already (written by an earlier run, this one, or the application). */
  NEW_LAYOUT("new layout", false),
  /** In neither layout (another entity, or a broken item): left alone. */
  OTHER("other", false),
  /** The migration function returned {@code null}: left alone. */
  SKIPPED("skipped", false),
  /** The new item is the old item: nothing to write. */
  UNCHANGED("unchanged", false),
  /** Another item holds the new key: both left alone. */
  CONFLICT("conflict", true),
  /** Another item held the new key and was kept (--on-conflict keep-new); the old item deleted. */
  KEPT_NEW("kept new", false),
  /** The old item changed between the read and the delete: the new copy was withdrawn, rerun. */
  CHANGED("changed", true),
  /** The item could not be read, migrated or written. */
  FAILED("failed", true);

  private final String label;
  private final boolean problem;

  Outcome(String label, boolean problem) {
    this.label = label;
    this.problem = problem;
  }

  /** A short column heading. */
  public String label() {
    return label;
  }

  /** Whether the outcome makes the run fail: an item the run could not bring to the new layout. */
  public boolean problem() {
    return problem;
  }
}
