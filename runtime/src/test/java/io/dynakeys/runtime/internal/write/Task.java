package io.dynakeys.runtime.internal.write;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A task of a project, for the write path's unit tests, as the examples' {@code Task} declares it:
 * two indexes keyed by components outside the table's key that share one ({@code byOwner} by owner
 * and priority, the sparse {@code byLabel} by the optional label and the owner: the three are a
 * group), an index keyed by one such component ({@code byStage}), a renamed attribute, a number, a
 * set, a list, a primitive, a version and a nested record.
 */
public record Task(
    String project,
    int number,
    String owner,
    int priority,
    Optional<String> label,
    String title,
    Long points,
    Set<String> tags,
    List<String> notes,
    int effort,
    Long version,
    String stage,
    Address shipTo) {

  /** A postal address, stored as a map. */
  public record Address(String city, String postcode) {}

  /** A task with the given owner, priority and label, and every other value plain. */
  public static Task of(String project, int number, String owner, int priority, Optional<String> label) {
    return new Task(project, number, owner, priority, label, "title", 1L, Set.of("a"), List.of("n"), 2, 1L, "todo",
        new Address("Oslo", "0150"));
  }
}
