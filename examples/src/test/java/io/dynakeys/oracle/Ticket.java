package io.dynakeys.oracle;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * An oracle schema with text sort components: a support ticket ordered by a free-text category,
 * then by its status (an enum, stored by name), then by its number.
 *
 * <pre>
 * pk = QUEUE#support
 * sk = billing#OPEN#000042
 * </pre>
 */
@KeySchema(partitionPrefix = "QUEUE")
record Ticket(
    @PartitionKey String queue,
    @SortKey String category,
    @SortKey TicketStatus status,
    @SortKey @Padded(value = 6, max = 999_999) int number) {}
