package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** {@link Ticket}: free text, then an enum, then a padded number. */
final class TicketSchema implements OracleSchema<Ticket> {
  private static final List<String> QUEUES = List.of("support", "support2", "sales");
  private static final List<String> EMPTY_QUEUES = List.of("suppor", "support ", "support$");

  private final List<SortComponent<Ticket>> sort = List.of(
      SortComponent.text("category", Ticket::category, '#', false, false,
          OracleText::neighbourOrRandom, OracleText::alphabet),
      SortComponent.enumeration("status", Ticket::status, TicketStatus.class, '#', false),
      SortComponent.padded("number", Ticket::number, 0, 999_999, false,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, 0, 1, 42));

  @Override
  public String name() {
    return "Ticket (text, enum, number)";
  }

  @Override
  public List<SortComponent<Ticket>> sort() {
    return sort;
  }

  @Override
  public Object partition(Ticket item) {
    return item.queue();
  }

  @Override
  public Object newPartition(Random random) {
    return OracleText.pick(random, QUEUES);
  }

  @Override
  public Object probePartition(Random random) {
    return OracleText.pick(random, random.nextBoolean() ? QUEUES : EMPTY_QUEUES);
  }

  @Override
  public Ticket create(Object partition, List<Object> v) {
    return new Ticket((String) partition, (String) v.get(0), (TicketStatus) v.get(1), (Integer) v.get(2));
  }

  @Override
  public String partitionKey(Ticket item) {
    return TicketKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Ticket item) {
    return TicketKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    TicketKeys.Query q = TicketKeys.query((String) s.partition());
    if (s.depth() == 0) {
      return s.<String>range(q, q.category()::between, q.category()::atLeast, q.category()::atMost,
          q.category()::greaterThan, q.category()::lessThan);
    }
    TicketKeys.QueryByCategory byCategory = q.category(s.equal(0));
    if (s.depth() == 1) {
      return s.<TicketStatus>range(byCategory, byCategory.status()::between, byCategory.status()::atLeast,
          byCategory.status()::atMost, byCategory.status()::greaterThan, byCategory.status()::lessThan);
    }
    TicketKeys.QueryByCategoryAndStatus byStatus = byCategory.status(s.equal(1));
    if (s.depth() == 2) {
      return s.<Integer>range(byStatus, byStatus.number()::between, byStatus.number()::atLeast, byStatus.number()::atMost,
          byStatus.number()::greaterThan, byStatus.number()::lessThan);
    }
    return byStatus.number(s.<Integer>equal(2));
  }

  @Override
  public String toString() {
    return name();
  }
}
