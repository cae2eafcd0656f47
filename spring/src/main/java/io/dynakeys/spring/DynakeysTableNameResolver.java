package io.dynakeys.spring;

import io.awspring.cloud.dynamodb.DynamoDbTableNameResolver;
import java.util.Objects;

/**
 * Table names for {@code DynamoDbTemplate} that keep an item collection in one table: a member
 * record of an {@code @ItemCollection} is stored in its collection's table, so that
 * {@code template.save(profile)} and {@code template.query(request, CustomerItem.class)} meet there.
 * Every other class is named as the wrapped resolver names it.
 *
 * <p>The auto-configuration wraps Spring Cloud AWS's own resolver, with the
 * {@code spring.cloud.aws.dynamodb.table-prefix}, {@code table-suffix} and {@code table-separator}
 * it reads: {@code CustomerItem} and its members are all {@code customer_item}. An application with a
 * resolver of its own wraps it the same way: {@code new DynakeysTableNameResolver(mine)}.
 */
public final class DynakeysTableNameResolver implements DynamoDbTableNameResolver {
  private final DynamoDbTableNameResolver names;

  /**
   * @param names names a table after the class it is given: the collection interface for a member,
   *     the class itself otherwise
   */
  public DynakeysTableNameResolver(DynamoDbTableNameResolver names) {
    this.names = Objects.requireNonNull(names, "names");
  }

  /**
   * The name of the table that holds items of {@code clazz}.
   *
   * @param clazz the item class
   * @param <T> the item type
   * @return the table name
   * @throws IllegalStateException when {@code clazz} is a member of two item collections
   */
  @Override
  public <T> String resolve(Class<T> clazz) {
    return names.resolve(GeneratedSchemas.tableType(clazz));
  }
}
