package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** {@link Label}: an inverted number, then free text that ends the key and takes ranges. */
final class LabelSchema implements OracleSchema<Label> {
  private static final List<String> OWNERS = List.of("owner", "owner2", "ow");
  private static final List<String> EMPTY_OWNERS = List.of("owne", "owner!");

  private final List<SortComponent<Label>> sort = List.of(
      SortComponent.padded("shelf", Label::shelf, 0, 99, true,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, 0, 1, 50),
      SortComponent.text("title", Label::title, '#', true, false,
          OracleText::neighbourOrRandom, OracleText::alphabet));

  @Override
  public String name() {
    return "Label (text ends the key)";
  }

  @Override
  public List<SortComponent<Label>> sort() {
    return sort;
  }

  @Override
  public Object partition(Label item) {
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
  public Label create(Object partition, List<Object> v) {
    return new Label((String) partition, (Integer) v.get(0), (String) v.get(1));
  }

  @Override
  public String partitionKey(Label item) {
    return LabelKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Label item) {
    return LabelKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    LabelKeys.Query q = LabelKeys.query((String) s.partition());
    if (s.depth() == 0) {
      return s.<Integer>range(q, q.shelf()::between, q.shelf()::atLeast, q.shelf()::atMost, q.shelf()::greaterThan, q.shelf()::lessThan);
    }
    LabelKeys.QueryByShelf byShelf = q.shelf(s.<Integer>equal(0));
    if (s.depth() == 1) {
      return s.<String>range(byShelf, byShelf.title()::between, byShelf.title()::atLeast, byShelf.title()::atMost,
          byShelf.title()::greaterThan, byShelf.title()::lessThan);
    }
    return byShelf.title(s.equal(1));
  }

  @Override
  public String toString() {
    return name();
  }
}
