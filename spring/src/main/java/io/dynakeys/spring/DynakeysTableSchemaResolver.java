package io.dynakeys.spring;

import io.awspring.cloud.dynamodb.DynamoDbTableSchemaResolver;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbImmutable;

/**
 * The table schemas {@code DynamoDbTemplate} reads and writes with, for an application that stores
 * dynakeys records: the schema the processor generated for each {@code @KeySchema} record and
 * {@code @ItemCollection} interface ({@code RunKeys.tableSchema()}), the same instance the generated
 * code uses, so the template writes the computed key attributes and checks them on every read.
 *
 * <p>In order, a class's schema is:
 * <ol>
 *   <li>a {@code TableSchema} bean of the application for that item type, as Spring Cloud AWS's own
 *       resolver takes them;
 *   <li>the generated schema, found by the name of the generated keys class through the class's own
 *       class loader (no introspection of the class: the generated code is the mapping);
 *   <li>for a class annotated {@code @DynamoDbBean} or {@code @DynamoDbImmutable}, the enhanced
 *       client's {@code TableSchema.fromClass}, as Spring Cloud AWS would make it.
 * </ol>
 * Any other class is refused with an {@link IllegalArgumentException} that says what to do, never
 * introspected as a bean: a record whose keys class is missing (the processor did not run) fails
 * with that, not with the enhanced client's complaint about {@code @DynamoDbBean}.
 */
public final class DynakeysTableSchemaResolver implements DynamoDbTableSchemaResolver {
  private final Map<Class<?>, TableSchema<?>> declared = new ConcurrentHashMap<>();
  private final Map<Class<?>, TableSchema<?>> introspected = new ConcurrentHashMap<>();

  /** A resolver with no schemas but the generated ones (and those of annotated beans). */
  public DynakeysTableSchemaResolver() {
    this(java.util.List.of());
  }

  /**
   * A resolver that answers with {@code tableSchemas} for their item types before anything else.
   *
   * @param tableSchemas the application's own schemas, as Spring Cloud AWS takes them from beans
   */
  public DynakeysTableSchemaResolver(Collection<? extends TableSchema<?>> tableSchemas) {
    for (TableSchema<?> schema : tableSchemas) {
      declared.put(schema.itemType().rawClass(), schema);
    }
  }

  /**
   * The schema of {@code clazz}.
   *
   * @param clazz the item class
   * @param <T> the item type
   * @return its schema
   * @throws IllegalArgumentException when {@code clazz} has no generated schema, no schema bean and
   *     is no annotated bean
   * @throws IllegalStateException when the generated keys class is there but its schema cannot be
   *     built
   */
  @Override
  @SuppressWarnings("unchecked")
  public <T> TableSchema<T> resolve(Class<T> clazz) {
    TableSchema<?> schema = declared.get(clazz);
    if (schema != null) {
      return (TableSchema<T>) schema;
    }
    Optional<TableSchema<?>> generated = GeneratedSchemas.of(clazz);
    if (generated.isPresent()) {
      return (TableSchema<T>) generated.get();
    }
    if (clazz.isAnnotationPresent(DynamoDbBean.class) || clazz.isAnnotationPresent(DynamoDbImmutable.class)) {
      return (TableSchema<T>) introspected.computeIfAbsent(clazz, TableSchema::fromClass);
    }
    throw new IllegalArgumentException("no table schema for " + clazz.getName() + ": dynakeys generates one"
        + " for a @KeySchema record or an @ItemCollection interface compiled with its processor, and no generated "
        + GeneratedSchemas.keysClassName(clazz) + " was found for it; for another class,"
        + " declare a TableSchema<" + clazz.getSimpleName() + "> bean or annotate the class @DynamoDbBean"
        + " or @DynamoDbImmutable");
  }
}
