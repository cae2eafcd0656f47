package io.dynakeys.spring;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.runtime.schema.CollectionTableSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * Finds the table schema the processor generated for an item class, by the name the processor gives
 * its keys class ({@code com.acme.RunKeys} for {@code com.acme.Run}, {@code Outer_RunKeys} for a
 * record nested in {@code Outer}: {@link EntityLayout#keysClassSimpleName}), loaded through the item
 * class's own class loader.
 *
 * <p>This is a look-up, not a mapping: one class loaded by name and one call of its public static
 * {@code tableSchema()}, once per item class. Nothing of the item class is introspected; how an item
 * is written and read is the generated schema's code. A class of that name is taken only when it
 * has a static {@code tableSchema()} returning a dynakeys schema whose item type is exactly the item
 * class, so an unrelated {@code FooKeys} of the application is never mistaken for one.
 */
final class GeneratedSchemas {
  private static final ClassValue<Optional<TableSchema<?>>> SCHEMAS = new ClassValue<>() {
    @Override
    protected Optional<TableSchema<?>> computeValue(Class<?> type) {
      return find(type);
    }
  };

  private static final ClassValue<Class<?>> TABLE_TYPES = new ClassValue<>() {
    @Override
    protected Class<?> computeValue(Class<?> type) {
      return findTableType(type);
    }
  };

  private GeneratedSchemas() {}

  /**
   * The schema generated for {@code type}: a {@code @KeySchema} record's {@code RecordTableSchema},
   * an {@code @ItemCollection} interface's {@code CollectionTableSchema}.
   *
   * @param type the item class
   * @return the schema, or empty when the processor generated none for {@code type}
   * @throws IllegalStateException when the generated class is there but its schema cannot be built
   */
  static Optional<TableSchema<?>> of(Class<?> type) {
    return SCHEMAS.get(type);
  }

  /**
   * The type whose table holds items of {@code type}: the {@code @ItemCollection} interface of a
   * member record (one table for the whole collection), else {@code type} itself.
   *
   * @param type the item class
   * @return the type to name the table after
   * @throws IllegalStateException when {@code type} is a member of two item collections
   */
  static Class<?> tableType(Class<?> type) {
    return TABLE_TYPES.get(type);
  }

  /** {@code com.acme.RunKeys} for {@code com.acme.Run}; {@code com.acme.Outer_RunKeys} for {@code Outer.Run}. */
  static String keysClassName(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
      names.add(0, c.getSimpleName());
    }
    String pkg = type.getPackageName();
    return (pkg.isEmpty() ? "" : pkg + ".") + EntityLayout.keysClassSimpleName(names);
  }

  private static Optional<TableSchema<?>> find(Class<?> type) {
    if (type.isPrimitive() || type.isArray() || type.isAnonymousClass() || type.isLocalClass() || type.isHidden()) {
      return Optional.empty();
    }
    String name = keysClassName(type);
    Class<?> keys;
    try {
      keys = Class.forName(name, true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
    Method tableSchema;
    try {
      tableSchema = keys.getMethod("tableSchema");
    } catch (NoSuchMethodException e) {
      return Optional.empty();
    }
    if (!Modifier.isStatic(tableSchema.getModifiers()) || tableSchema.getParameterCount() != 0
        || !(RecordTableSchema.class.isAssignableFrom(tableSchema.getReturnType())
            || CollectionTableSchema.class.isAssignableFrom(tableSchema.getReturnType()))) {
      return Optional.empty();
    }
    Object schema;
    try {
      schema = tableSchema.invoke(null);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(name + ".tableSchema() failed: " + e.getCause(), e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot call " + name + ".tableSchema(): " + e, e);
    }
    TableSchema<?> found = (TableSchema<?>) schema;
    return found.itemType().rawClass() == type ? Optional.of(found) : Optional.empty();
  }

  private static Class<?> findTableType(Class<?> type) {
    List<Class<?>> collections = new ArrayList<>();
    for (Class<?> candidate : type.getInterfaces()) {
      if (candidate.isSealed() && of(candidate).orElse(null) instanceof CollectionTableSchema<?>) {
        collections.add(candidate);
      }
    }
    if (collections.size() > 1) {
      throw new IllegalStateException(type.getName() + " is a member of " + collections.size()
          + " item collections, " + names(collections) + ", and so has no one table: declare a"
          + " DynamoDbTableNameResolver bean that says which table it is stored in");
    }
    return collections.isEmpty() ? type : collections.get(0);
  }

  private static String names(List<Class<?>> types) {
    List<String> out = new ArrayList<>();
    for (Class<?> t : types) {
      out.add(t.getName());
    }
    return String.join(" and ", out);
  }
}
