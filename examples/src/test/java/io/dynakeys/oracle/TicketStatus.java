package io.dynakeys.oracle;

/**
 * The status of a {@link Ticket}. Keys store the constant's name, so ranges follow name order
 * (ACTIVE, CLOSED, OPEN, OPEN_LATE, PENDING, SUSPENDED), not this declaration order — which is
 * deliberately different, and has a name that is a prefix of another.
 */
enum TicketStatus {
  PENDING,
  OPEN,
  OPEN_LATE,
  ACTIVE,
  SUSPENDED,
  CLOSED
}
