package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.schema.ForeignItemException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which stored items and keys are one record's, told by its table keys alone: each key attribute
 * with a {@link KeyPrefix} must carry it (be the bare prefix, or start with the prefix and the
 * delimiter). A table that several entities share holds items of each; this is how a read refuses
 * another entity's item ({@link ForeignItemException}), a write by key refuses another entity's key,
 * and a scan keeps only the record's own items ({@link #ownItems()}). A key without a prefix
 * claims every item.
 *
 * @param record the record's simple name, for messages
 * @param partitionKeyAttribute the table's partition key attribute, or {@code null} for a nested
 *     record's schema
 * @param sortKeyAttribute the table's sort key attribute, or {@code null}
 * @param partitionKeyPrefix the tag of every partition key of the record
 * @param sortKeyPrefix the tag of every sort key of the record
 */
record KeyOwnership(String record, String partitionKeyAttribute, String sortKeyAttribute,
    KeyPrefix partitionKeyPrefix, KeyPrefix sortKeyPrefix) {

  /**
   * Whether {@code item}'s stored keys carry the record's prefixes (always, for a record without
   * prefixes). An item of the record's shape may still fail to be read on its values.
   */
  boolean owns(Map<String, AttributeValue> item) {
    return owns(item, partitionKeyAttribute, partitionKeyPrefix) && owns(item, sortKeyAttribute, sortKeyPrefix);
  }

  private static boolean owns(Map<String, AttributeValue> item, String attribute, KeyPrefix prefix) {
    if (attribute == null || prefix.isEmpty()) {
      return true;
    }
    AttributeValue stored = item.get(attribute);
    return stored != null && stored.s() != null && prefix.owns(stored.s());
  }

  /**
   * Refuses a stored item whose string key does not carry its prefix; a key that is absent or no
   * string is left to the key check that follows.
   *
   * @throws ForeignItemException naming the first key that names another entity
   */
  void requireOwnItem(Map<String, AttributeValue> item) {
    requireOwnItem(item, partitionKeyAttribute, partitionKeyPrefix);
    requireOwnItem(item, sortKeyAttribute, sortKeyPrefix);
  }

  private void requireOwnItem(Map<String, AttributeValue> item, String attribute, KeyPrefix prefix) {
    if (attribute == null || prefix.isEmpty()) {
      return;
    }
    AttributeValue stored = item.get(attribute);
    if (stored != null && stored.s() != null && !prefix.owns(stored.s())) {
      throw new ForeignItemException(record, attribute, stored.s(), prefix.describe());
    }
  }

  /**
   * Refuses a primary key (its attributes as {@code Key.primaryKeyMap} gives them) that lacks one of
   * the table's key attributes, or does not carry the record's prefixes: for writes that take a key
   * rather than an item, which would otherwise act on another entity's item.
   *
   * @throws KeyFormatException saying what the key lacks, or showing it and the record's rule
   */
  void requireOwnKey(Map<String, AttributeValue> key) {
    for (String attribute : java.util.Arrays.asList(partitionKeyAttribute, sortKeyAttribute)) {
      if (attribute != null && !key.containsKey(attribute)) {
        throw new KeyFormatException(record, "key", null, "lacks " + attribute + ": a key of " + record + " has "
            + (sortKeyAttribute == null ? partitionKeyAttribute : partitionKeyAttribute + " and " + sortKeyAttribute));
      }
    }
    if (!owns(key)) {
      StringBuilder shown = new StringBuilder();
      key.forEach((name, value) -> shown.append(shown.length() == 0 ? "" : ", ").append(name).append(" = ")
          .append(value.s() != null ? "\"" + value.s() + "\"" : value.toString()));
      throw new KeyFormatException(record, "key", shown.toString(), "is no key of " + record + ": "
          + describeOwnedKeys() + " (another entity's key?)");
    }
  }

  /** For messages: what this record's keys start with. */
  private String describeOwnedKeys() {
    List<String> rules = new ArrayList<>();
    if (partitionKeyAttribute != null && !partitionKeyPrefix.isEmpty()) {
      rules.add(partitionKeyAttribute + " is " + partitionKeyPrefix.describe());
    }
    if (sortKeyAttribute != null && !sortKeyPrefix.isEmpty()) {
      rules.add(sortKeyAttribute + " is " + sortKeyPrefix.describe());
    }
    return String.join(" and ", rules);
  }

  /**
   * The scan filter of {@link #owns(Map)}: {@code (#dynakeysPk = :dynakeysPkBare OR
   * begins_with(#dynakeysPk, :dynakeysPkPrefix))} for each key with a prefix, ANDed.
   *
   * @throws IllegalStateException when no key has a prefix
   */
  Expression ownItems() {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    String condition = ownItemsCondition("dynakeys", names, values);
    if (condition == null) {
      throw new IllegalStateException(record + "'s keys have no prefix, so nothing in an item's key"
          + " tells it from another entity's: give it a partitionPrefix or sortPrefix");
    }
    return Expression.builder().expression(condition).expressionNames(names).expressionValues(values).build();
  }

  /**
   * The condition of {@link #ownItems()} with placeholders {@code #dynakeysPk}, {@code #dynakeysSk}
   * and values named from {@code valuePrefix}, added to {@code names} and {@code values};
   * {@code null} when the keys have no prefix.
   */
  String ownItemsCondition(String valuePrefix, Map<String, String> names, Map<String, AttributeValue> values) {
    List<String> conditions = new ArrayList<>();
    if (partitionKeyAttribute != null && !partitionKeyPrefix.isEmpty()) {
      names.put("#dynakeysPk", partitionKeyAttribute);
      conditions.add(partitionKeyPrefix.condition("#dynakeysPk", valuePrefix + "Pk", values));
    }
    if (sortKeyAttribute != null && !sortKeyPrefix.isEmpty()) {
      names.put("#dynakeysSk", sortKeyAttribute);
      conditions.add(sortKeyPrefix.condition("#dynakeysSk", valuePrefix + "Sk", values));
    }
    return conditions.isEmpty() ? null : String.join(" AND ", conditions);
  }
}
