package io.dynakeys.reads;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import java.util.Optional;

/**
 * A ticket of a project's tracker, which someone may or may not have taken: the {@code byAssignee}
 * index is sparse, keyed by an {@code Optional}, so an unassigned ticket is in the table but not
 * in the index, and a query of the index reads only the tickets someone holds.
 *
 * <pre>
 * pk = PROJECT#&lt;project&gt;          byAssignee_pk = ASSIGNEE#&lt;assignee&gt;   (none when empty)
 * sk = &lt;number:8 digits&gt;          byAssignee_sk = &lt;number:8 digits&gt;
 * </pre>
 *
 * @param project the project
 * @param number the ticket's number in its project
 * @param title a value outside every key
 * @param assignee who holds the ticket; empty while nobody does
 */
@KeySchema(partitionPrefix = "PROJECT")
@SecondaryIndex(name = "byAssignee", partitionPrefix = "ASSIGNEE", partitionKey = "assignee",
    sortKey = "number")
public record Ticket(
    @PartitionKey String project,
    @SortKey @Padded(value = 8, max = 99_999_999) int number,
    String title,
    Optional<String> assignee) {}
