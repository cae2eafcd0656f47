package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** {@link Tag}: a single free-text sort component with no prefix in front of it. */
final class TagSchema implements OracleSchema<Tag> {
  private static final List<String> OWNERS = List.of("t1", "t10");
  private static final List<String> EMPTY_OWNERS = List.of("t", "t1 ");

  private final List<SortComponent<Tag>> sort = List.of(
      SortComponent.text("tag", Tag::tag, '#', true, false, OracleText::neighbourOrRandom, OracleText::alphabet));

  @Override
  public String name() {
    return "Tag (bare text sort key)";
  }

  @Override
  public List<SortComponent<Tag>> sort() {
    return sort;
  }

  @Override
  public Object partition(Tag item) {
    return item.owner();
  }

  @Override
  public Object newPartition(Random random) {
    return OracleText.pick(random, OWNERS);
  }

  @Override
  public Object probePartition(Random random) {
    return OracleText.pick(random, random.nextBoolean() ? OWNERS : EMPTY_OWNERS);
  }

  @Override
  public Tag create(Object partition, List<Object> v) {
    return new Tag((String) partition, (String) v.get(0));
  }

  @Override
  public String partitionKey(Tag item) {
    return TagKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Tag item) {
    return TagKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    TagKeys.Query q = TagKeys.query((String) s.partition());
    if (s.depth() == 0) {
      return s.<String>range(q, q.tag()::between, q.tag()::atLeast, q.tag()::atMost, q.tag()::greaterThan, q.tag()::lessThan);
    }
    return q.tag(s.equal(0));
  }

  @Override
  public String toString() {
    return name();
  }
}
