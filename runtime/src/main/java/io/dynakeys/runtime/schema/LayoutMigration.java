package io.dynakeys.runtime.schema;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Makes a record of the current layout version from an item stored in the live older one, for a
 * change the processor cannot map alone: a component the older items do not store. Named by
 * {@code @LayoutVersion(value = 2, live = 1, migration = RunFromV1.class)}; the generated table
 * schema makes one with its constructor without parameters.
 *
 * <p>For a version 2 of {@code Run} that adds the sort component {@code region}, which version 1
 * items do not store, {@code RunFromV1 implements LayoutMigration<Key, Run>} (with the record
 * {@code Key} that {@code RunKeys} nests in its class {@code V1}) returns
 * {@code new Run(old.season(), "EU", old.score(), item.get("name").s())}: the older table key's
 * components come typed in {@code old}, everything else as stored in {@code item}. The how-to guide
 * on migrations shows the whole change, compiled.
 *
 * @param <K> the older version's table key components (the record {@code Key} nested in the keys
 *     class's {@code V1})
 * @param <R> the record
 */
@FunctionalInterface
public interface LayoutMigration<K, R> {

  /**
   * The record {@code item} becomes.
   *
   * @param key the components of the item's table key, as the older layout parsed them
   * @param item the item, every attribute as stored
   * @return the record of the current version
   */
  R migrate(K key, Map<String, AttributeValue> item);
}
