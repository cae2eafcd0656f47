package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.Migration;
import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.ItemChecker;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user's layouts by class name, so that a task can ship them: an executor loads the generated
 * {@code Keys} classes (and the migration) through its context class loader, which sees the
 * records jar given to {@code spark-submit --jars}, once per JVM.
 *
 * @param schemas the {@code Keys} classes or records ({@code com.acme.RunKeys}, {@code com.acme.Run}),
 *     or item collections, as {@code dynakeys verify --schema} takes them
 */
public record Layouts(List<String> schemas) implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Map<List<String>, ItemChecker> CHECKERS = new ConcurrentHashMap<>();
  private static final Map<List<String>, Rekey> REKEYS = new ConcurrentHashMap<>();

  /** Copies the list. */
  public Layouts {
    schemas = List.copyOf(schemas);
    if (schemas.isEmpty()) {
      throw new IllegalArgumentException("no schema to check items against");
    }
  }

  static ClassLoader loader() {
    ClassLoader l = Thread.currentThread().getContextClassLoader();
    return l != null ? l : Layouts.class.getClassLoader();
  }

  /** The schemas, loaded here (not cached). */
  public List<EntitySchema> load() {
    List<EntitySchema> out = new ArrayList<>();
    for (String name : schemas) {
      for (EntitySchema s : EntitySchema.loadAll(name, loader())) {
        if (out.stream().noneMatch(o -> o.keysClass() == s.keysClass())) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /** This JVM's checker of these layouts. */
  ItemChecker checker() {
    return CHECKERS.computeIfAbsent(schemas, k -> new ItemChecker(load()));
  }

  /**
   * A re-key by class names, loaded once per JVM.
   *
   * @param migration the {@link Migration} class
   * @param from the old layout's {@code Keys} class or record, or {@code null} for the migration's first type argument
   * @param to the new layout's, or {@code null} for its second
   * @param keepUnknown whether attributes the old record does not declare are carried over
   */
  record RekeySpec(String migration, String from, String to, boolean keepUnknown, int toVersion)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A re-key by a {@link Migration} class. */
    RekeySpec(String migration, String from, String to, boolean keepUnknown) {
      this(migration, from, to, keepUnknown, 0);
    }

    /**
     * The re-key of a record's live older layout version to its current one, {@code toVersion}
     * ({@link Rekey#toCurrentVersion}): {@code to} is the record's {@code Keys} class or record.
     */
    static RekeySpec toVersion(String to, int toVersion, boolean keepUnknown) {
      if (toVersion < 1) {
        // 0 is a re-key by a migration here: never let a version mean one.
        throw new ConfigurationException("--to-version " + toVersion + ": a layout version is 1 or more");
      }
      return new RekeySpec(null, null, Objects.requireNonNull(to, "to"), keepUnknown, toVersion);
    }

    Rekey rekey() {
      return REKEYS.computeIfAbsent(List.of(Objects.toString(migration), Objects.toString(from), Objects.toString(to),
          Boolean.toString(keepUnknown), Integer.toString(toVersion)), k -> create());
    }

    EntitySchema fromSchema() {
      if (toVersion > 0) {
        return toSchema();
      }
      return from != null ? EntitySchema.load(from, loader()) : EntitySchema.of(typeArgument(0));
    }

    EntitySchema toSchema() {
      return to != null ? EntitySchema.load(to, loader()) : EntitySchema.of(typeArgument(1));
    }

    private Rekey create() {
      if (toVersion > 0) {
        return Rekey.toCurrentVersion(toSchema(), toVersion).keepUnknownAttributes(keepUnknown);
      }
      return new Rekey(fromSchema(), toSchema(), instance()).keepUnknownAttributes(keepUnknown);
    }

    Migration<?, ?> instance() {
      try {
        Class<?> type = Class.forName(migration, true, loader());
        return (Migration<?, ?>) type.getConstructor().newInstance();
      } catch (ReflectiveOperationException | ClassCastException e) {
        throw new io.dynakeys.operations.ConfigurationException(migration + " is no Migration with a public"
            + " no-argument constructor: " + e, e);
      }
    }

    private Class<?> typeArgument(int index) {
      Class<?> type;
      try {
        type = Class.forName(migration, true, loader());
      } catch (ClassNotFoundException e) {
        throw new io.dynakeys.operations.ConfigurationException("the migration " + migration + " is not on the class"
            + " path (give the records jar to spark-submit with --jars)", e);
      }
      for (Class<?> c = type; c != null; c = c.getSuperclass()) {
        for (java.lang.reflect.Type t : c.getGenericInterfaces()) {
          if (t instanceof java.lang.reflect.ParameterizedType p && p.getRawType() == Migration.class
              && p.getActualTypeArguments()[index] instanceof Class<?> arg) {
            return arg;
          }
        }
      }
      throw new io.dynakeys.operations.ConfigurationException(migration + " names no record types as Migration<OLD, NEW>:"
          + " give --from and --to");
    }
  }
}
