package io.dynakeys.operations.internal.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The backfill of a new synthetic global index, item by item: which items need the index's keys
 * (the record's items written before the index was declared, a live older layout version that
 * lacks them), the keys the record's table schema computes for them, and the condition the update
 * that sets only those attributes is made under. {@code dynakeys backfill-index} runs it over a scan
 * of the table, the Spark job over an export of it.
 *
 * <p>The condition: the item still exists, still has no index partition key (a newer write of the
 * application, which writes the index keys itself, is never overwritten), and every attribute the
 * index keys are computed from is still what was read (a writer that changed one meanwhile, even
 * one that does not write the index, makes the update fail: the item is counted as changed, and a
 * later run backfills its new values).
 */
public final class IndexKeyBackfill {
  /** What an item needs. */
  public enum Need {
    /** Its index keys: the update is in the step. */
    WRITE,
    /** Nothing: it has the index partition key already. */
    ALREADY_KEYED,
    /** Nothing: the index does not hold it (a sparse index's optional component is absent). */
    NOT_INDEXED,
    /** Nothing: it is no item of the record. */
    OTHER
  }

  /**
   * What to do for one item.
   *
   * @param need what the item needs
   * @param update the update that sets its index keys, when {@code need} is {@link Need#WRITE}; else {@code null}
   */
  public record Step(Need need, SetUpdate update) {}

  private final EntityModel model;
  private final String indexPk;
  private final String indexSk;
  private final Set<String> sources;

  private IndexKeyBackfill(EntityModel model, String indexPk, String indexSk, Set<String> sources) {
    this.model = model;
    this.indexPk = indexPk;
    this.indexSk = indexSk;
    this.sources = sources;
  }

  /**
   * The backfill of {@code index}, a synthetic global index of {@code model}'s record.
   *
   * @throws ConfigurationException when the record declares no composed index of that name, or it is
   *     a local index
   */
  public static IndexKeyBackfill of(EntityModel model, String index) {
    EntityLayout.Index declared = model.layout().indexes().stream().filter(i -> i.name().equals(index)).findFirst()
        .orElseThrow(() -> new ConfigurationException("--index: " + model.name() + " declares no composed index "
            + index + " (its composed indexes: " + (model.layout().indexes().isEmpty() ? "none"
            : String.join(", ", model.layout().indexes().stream().map(EntityLayout.Index::name).toList())) + ")"));
    if (declared.local() || declared.partition() == null) {
      throw new ConfigurationException("--index: " + index + " is a local index, which a table gets only when it is"
          + " created: its items have their keys from the start");
    }
    Set<String> sources = new LinkedHashSet<>();
    for (EntityLayout.Key key : declared.sort() == null ? List.of(declared.partition())
        : List.of(declared.partition(), declared.sort())) {
      for (EntityLayout.Segment segment : key.segments()) {
        sources.add(model.attributeName(segment.component()));
      }
    }
    return new IndexKeyBackfill(model, declared.partition().attribute(),
        declared.sort() == null ? null : declared.sort().attribute(), sources);
  }

  /** The index's partition key attribute. */
  public String indexPartitionKey() {
    return indexPk;
  }

  /**
   * What {@code item}, as read, needs.
   *
   * @throws RuntimeException when the item is the record's but a value of it cannot be read
   *     ({@code ItemMappingException}); the caller counts it as failed
   */
  public Step step(Map<String, AttributeValue> item) {
    if (!model.owns(item)) {
      return new Step(Need.OTHER, null);
    }
    if (item.containsKey(indexPk)) {
      return new Step(Need.ALREADY_KEYED, null);
    }
    Map<String, AttributeValue> computed = model.toItem(model.readLenient(item));
    if (!computed.containsKey(indexPk)) {
      return new Step(Need.NOT_INDEXED, null);
    }
    Map<String, AttributeValue> keys = new LinkedHashMap<>();
    keys.put(indexPk, computed.get(indexPk));
    if (indexSk != null && computed.containsKey(indexSk)) {
      keys.put(indexSk, computed.get(indexSk));
    }
    String pk = model.partitionKeyAttribute();
    String sk = model.sortKeyAttribute();
    return new Step(Need.WRITE, new SetUpdate(ItemKeys.of(item, pk, sk), keys, unchanged(item, pk, indexPk,
        sources)));
  }

  /**
   * Whether {@code there}, the item as it is now, holds the index keys {@code update} sets: its
   * condition failed because a backfill wrote them already (a repeated run over the same export, a
   * retried task), or a writer wrote the same keys. An item that holds other keys, none, or is
   * gone, was changed.
   *
   * @param there the item read after the update's condition failed, or {@code null} when it is gone
   */
  public static boolean holds(SetUpdate update, Map<String, AttributeValue> there) {
    return there != null && update.attributes().entrySet().stream()
        .allMatch(e -> e.getValue().equals(there.get(e.getKey())));
  }

  /**
   * The item is there, has no index partition key, and holds the values read of every attribute
   * the index keys are computed from (absent if it was absent).
   */
  static Conditions.Condition unchanged(Map<String, AttributeValue> item, String pk, String indexPk,
      Set<String> sources) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    names.put("#pk", pk);
    names.put("#ipk", indexPk);
    parts.add("attribute_exists(#pk)");
    parts.add("attribute_not_exists(#ipk)");
    int i = 0;
    for (String source : sources) {
      String n = "#src" + i;
      names.put(n, source);
      AttributeValue value = item.get(source);
      if (value == null) {
        parts.add("attribute_not_exists(" + n + ")");
      } else {
        String v = ":src" + i;
        values.put(v, value);
        parts.add(n + " = " + v);
      }
      i++;
    }
    return new Conditions.Condition(String.join(" AND ", parts), names, values, parts.size() * 2 - 1);
  }
}
