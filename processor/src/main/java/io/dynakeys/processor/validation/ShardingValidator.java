package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeTag;
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.Sharding;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks of {@code @Sharded}: a count from 2 to {@value #MAX_SHARDS}, {@code by} components
 * that exist, are key components and include a sort component (or a sort key to hash by
 * default), and no generated path index, which the shard would scatter; for random shards (a
 * write-sharded aggregate), a record without a sort key, {@code by} or index whose other
 * components are numbers and sets.
 */
public final class ShardingValidator {
  /**
   * The most shards a record may have: every read queries every shard, and 1000 partitions of
   * DynamoDB's 1,000 writes per second each already take a million writes per second for one key.
   */
  public static final int MAX_SHARDS = 1000;

  private final ValidationReport report;

  /** @param report where findings go */
  public ShardingValidator(ValidationReport report) {
    this.report = report;
  }

  /** Checks the {@code @Sharded} of {@code model}, if any. */
  public void validate(KeySchemaModel model) {
    Sharding s = model.sharding();
    if (s == null) {
      return;
    }
    if (s.count() < 2 || s.count() > MAX_SHARDS) {
      report.error(Messages.shardCount(s.count(), MAX_SHARDS), model.element(), s.mirror(), s.countValue());
    }
    for (KeyComponent c : model.partition().components()) {
      if (c.name().equals("shard")) {
        report.error(Messages.partitionComponentNamedShard(), c.element(), c.keyAnnotation(), null);
      }
    }
    KeyComponent path = model.pathComponent();
    if (path != null && path.path().indexes()) {
      report.error(Messages.shardedPathIndexes(path.name()), model.element(), s.mirror(), null);
    }
    if (s.random()) {
      validateAggregate(model, s);
      return;
    }
    if (s.bySortKey()) {
      if (model.sort().components().isEmpty()) {
        report.error(Messages.shardedWithoutSortKey(model.recordName()), model.element(), s.mirror(), null);
      }
      return;
    }
    Set<String> seen = new HashSet<>();
    boolean sortComponent = false;
    boolean valid = true;
    for (String name : s.by()) {
      KeyComponent c = find(model.sort().components(), name);
      KeyComponent p = find(model.partition().components(), name);
      if (!seen.add(name)) {
        report.error(Messages.shardByTwice(name), model.element(), s.mirror(), s.byValue());
        valid = false;
      } else if (c == null && p == null) {
        boolean component = model.component(name) != null;
        report.error(component ? Messages.shardByNotKey(name) : Messages.shardByUnknown(name, model.recordName()),
            model.element(), s.mirror(), s.byValue());
        valid = false;
      } else if (c != null && c.path() != null) {
        report.error(Messages.shardByPath(name), model.element(), s.mirror(), s.byValue());
        valid = false;
      } else {
        sortComponent |= c != null;
      }
    }
    if (valid && !sortComponent) {
      report.error(Messages.shardByOnlyPartition(), model.element(), s.mirror(), s.byValue());
    }
  }

  /** Number types whose stored values are summed. */
  private static final Set<String> NUMBERS = Set.of("java.lang.Byte", "java.lang.Short", "java.lang.Integer",
      "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.math.BigDecimal", "java.math.BigInteger");

  /**
   * A write-sharded aggregate: no sort key (each shard holds one item), no {@code by} (nothing is
   * hashed), no secondary index (it would list every shard item, each a part of the total), and
   * every component outside the partition key a number or a set, which the read combines (sum,
   * union), not versioned.
   */
  private void validateAggregate(KeySchemaModel model, Sharding s) {
    if (!model.sort().components().isEmpty() || !model.sort().prefix().isEmpty()) {
      report.error(Messages.randomShardsWithSortKey(model.recordName()), model.element(), s.mirror(), s.randomValue());
    }
    if (!s.by().isEmpty()) {
      report.error(Messages.randomShardsWithBy(), model.element(), s.mirror(), s.byValue());
    }
    if (!model.indexes().isEmpty() || !model.nativeIndexes().isEmpty()) {
      String index = (model.indexes().isEmpty() ? model.nativeIndexes() : model.indexes()).get(0).name();
      report.error(Messages.randomShardsWithIndex(model.recordName(), index), model.element(), s.mirror(),
          s.randomValue());
    }
    Set<String> partition = new HashSet<>();
    model.partition().components().forEach(c -> partition.add(c.name()));
    for (Attribute a : model.attributes()) {
      if (partition.contains(a.name())) {
        continue;
      }
      javax.lang.model.element.Element element = model.elementOf(a.name());
      boolean number = a.type().kind() == AttributeType.Kind.SCALAR && NUMBERS.contains(a.type().type().toString());
      boolean set = a.type().kind() == AttributeType.Kind.SET;
      if (a.tags().stream().anyMatch(t -> t.kind() == AttributeTag.Kind.VERSION)) {
        report.error(Messages.randomShardsVersioned(a.name()), element, null, null);
      } else if (!number && !set) {
        report.error(Messages.randomShardsNotCombinable(model.recordName(), a.name(), a.valueType().toString()),
            element, null, null);
      }
    }
  }

  private static KeyComponent find(List<KeyComponent> components, String name) {
    return components.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }
}
