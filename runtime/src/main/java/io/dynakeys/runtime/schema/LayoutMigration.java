package io.dynakeys.runtime.schema;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Makes a record of the current layout version from an item stored in the live older one, for a
 * change the processor cannot map alone: a component the older items do not store. Named by
 * {@code @LayoutVersion(value = 2, live = 1, migration = RunFromV1.class)}; the generated table
 * schema makes one with its constructor without parameters.
 *
 * <pre>{@code
 * public final class RunFromV1 implements LayoutMigration<RunKeys.V1.Key, Run> {
 *   public Run migrate(RunKeys.V1.Key old, Map<String, AttributeValue> item) {
 *     return new Run(old.season(), "EU", old.score(), item.get("name").s());   // region is new
 *   }
 * }
 * }</pre>
 *
 * @param <K> the older version's table key components ({@code RunKeys.V1.Key})
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
