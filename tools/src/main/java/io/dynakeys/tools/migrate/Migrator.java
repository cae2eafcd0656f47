package io.dynakeys.tools.migrate;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.Migration;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.Checkpoint;
import io.dynakeys.tools.core.ItemWrites;
import io.dynakeys.tools.core.Progress;
import io.dynakeys.tools.core.RateLimiter;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.SegmentedScan;
import io.dynakeys.tools.core.Tally;
import io.dynakeys.tools.core.Workers;
import io.dynakeys.tools.core.Writes;
import io.dynakeys.tools.verify.Verifier;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * {@code dynakeys migrate} as a library call: re-keys every item of an old layout to a new one,
 * in a parallel scan, resumably.
 *
 * <p>For each item the scan meets:
 *
 * <ol>
 *   <li>It is an item of the old layout when the old schema reads it strictly (its prefixes, and
 *       its stored keys exactly the keys the old layout computes from its components). An item the
 *       new schema reads is {@link Outcome#NEW_LAYOUT}; anything else is {@link Outcome#OTHER}. Both
 *       are left alone, so items written during the run (by this run's other segments, or by the
 *       application) are never touched.
 *   <li>The {@link Migration} gives the new record; the new schema computes its item, every key
 *       included. Attributes the old schema does not know (written by other code) are carried
 *       over, unless turned off.
 *   <li>The new item is put under the condition "no item has this key, or the item there is exactly
 *       this one" (so a put repeated after a kill is a no-op, and an item another writer put under
 *       the new key is never overwritten: {@link Outcome#CONFLICT}, or with
 *       {@link OnConflict#KEEP_NEW} the writer's item wins).
 *   <li>Then the old item is deleted under the condition that it is unchanged since it was read:
 *       every attribute equal to what the scan returned, or, with a version attribute, that
 *       attribute equal. If it changed, the new copy is withdrawn (deleted if it is still exactly
 *       what was put) and the item is {@link Outcome#CHANGED}: the next run migrates its new
 *       content.
 * </ol>
 *
 * An item whose new key is its old key is rewritten in place, under the "unchanged" condition.
 * Copy before delete means a reader sees an item in the old layout, in both, or in the new, never
 * in neither. After each page the segment's key and tallies go to the checkpoint: a killed run
 * resumes where it stopped, and a rerun of a finished one does nothing.
 */
public final class Migrator {
  private Migrator() {}

  /** What to do when another item already holds an item's new key. */
  public enum OnConflict {
    /** Leave both items, report a {@link Outcome#CONFLICT} and fail the run. */
    SKIP,
    /**
     * Keep the item under the new key (written by the application, which already writes the new
     * layout, so it is the newer) and delete the old one.
     */
    KEEP_NEW
  }

  /**
   * How to migrate.
   *
   * @param scan segments, rates, samples, the checkpoint and the progress line
   * @param dryRun scan and report what would change, write nothing
   * @param versionAttribute the attribute writers increase on every write, for a short and exact
   *     delete condition; {@code null} to compare every attribute
   * @param onConflict what to do when the new key is taken
   * @param keepUnknownAttributes carry over attributes the old schema does not know
   * @param verifyAfter verify the table in the new layout when done
   * @param otherSchemas the other entities of the table, for that verify
   * @param writers how many items are migrated at once, over all segments: a parallel scan splits
   *     the table by partition key, so a table of a few large partitions (a leaderboard of a few
   *     seasons) has a few busy segments; writers also work on the items of one page at once
   * @param transactions copy and delete each item in one transaction where the server runs them
   *     (detected); {@code false} for the two requests everywhere
   */
  public record Options(ScanSettings scan, boolean dryRun, String versionAttribute, OnConflict onConflict,
      boolean keepUnknownAttributes, boolean verifyAfter, List<EntitySchema> otherSchemas, int writers,
      boolean transactions) {

    /** Copies the schemas. */
    public Options {
      Objects.requireNonNull(scan, "scan");
      Objects.requireNonNull(onConflict, "onConflict");
      otherSchemas = List.copyOf(otherSchemas);
      if (writers < 1) {
        throw new ConfigurationException("writers must be at least 1");
      }
    }

    /**
     * Default scan settings, 16 writers, real writes, every attribute compared, conflicts skipped,
     * verify after.
     */
    public static Options defaults() {
      return new Options(ScanSettings.defaults(), false, null, OnConflict.SKIP, true, true, List.of(), 16, true);
    }

    /** Migrates {@code n} items at once. */
    public Options writers(int n) {
      return new Options(scan, dryRun, versionAttribute, onConflict, keepUnknownAttributes, verifyAfter, otherSchemas,
          n, transactions);
    }

    /**
     * Copies and deletes each item in one transaction where the server runs them ({@code true}, the
     * default), or in two requests everywhere.
     */
    public Options transactions(boolean on) {
      return new Options(scan, dryRun, versionAttribute, onConflict, keepUnknownAttributes, verifyAfter, otherSchemas,
          writers, on);
    }

    /** With these scan settings. */
    public Options scan(ScanSettings settings) {
      return new Options(settings, dryRun, versionAttribute, onConflict, keepUnknownAttributes, verifyAfter,
          otherSchemas, writers, transactions);
    }

    /** A dry run, or not. */
    public Options dryRun(boolean dry) {
      return new Options(scan, dry, versionAttribute, onConflict, keepUnknownAttributes, verifyAfter, otherSchemas,
          writers, transactions);
    }

    /** Deletes conditional on this version attribute. */
    public Options versionAttribute(String attribute) {
      return new Options(scan, dryRun, attribute, onConflict, keepUnknownAttributes, verifyAfter, otherSchemas,
          writers, transactions);
    }

    /** With this conflict policy. */
    public Options onConflict(OnConflict policy) {
      return new Options(scan, dryRun, versionAttribute, policy, keepUnknownAttributes, verifyAfter, otherSchemas,
          writers, transactions);
    }

    /** Carries unknown attributes over, or not. */
    public Options keepUnknownAttributes(boolean keep) {
      return new Options(scan, dryRun, versionAttribute, onConflict, keep, verifyAfter, otherSchemas, writers, transactions);
    }

    /** Verifies when done, or not. */
    public Options verifyAfter(boolean verify) {
      return new Options(scan, dryRun, versionAttribute, onConflict, keepUnknownAttributes, verify, otherSchemas,
          writers, transactions);
    }

    /** The table's other entities, for the final verify. */
    public Options otherSchemas(List<EntitySchema> schemas) {
      return new Options(scan, dryRun, versionAttribute, onConflict, keepUnknownAttributes, verifyAfter, schemas,
          writers, transactions);
    }
  }

  /**
   * Loads a {@link Migration} by class name through its public no-argument constructor.
   *
   * @throws ConfigurationException when it cannot be loaded or is no {@code Migration}
   */
  @SuppressWarnings("unchecked")
  public static Migration<Object, Object> load(String className, ClassLoader loader) {
    Class<?> type;
    try {
      type = Class.forName(className, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new ConfigurationException("cannot load the migration " + className + " (" + e + "): it must be on the"
          + " classpath", e);
    }
    if (!Migration.class.isAssignableFrom(type)) {
      throw new ConfigurationException(className + " does not implement " + Migration.class.getName());
    }
    try {
      Constructor<?> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return (Migration<Object, Object>) constructor.newInstance();
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      Throwable cause = e instanceof java.lang.reflect.InvocationTargetException i ? i.getCause() : e;
      throw new ConfigurationException("cannot instantiate the migration " + className + " (" + cause + "): it needs"
          + " a no-argument constructor that succeeds", e);
    }
  }

  /**
   * The old and new record types of a {@link Migration} class, from its type arguments
   * ({@code implements Migration<RunV1, Run>}).
   *
   * @throws ConfigurationException when they are not classes (a generic or raw implementation):
   *     name the layouts with {@code --from} and {@code --to} instead
   */
  public static Class<?>[] recordTypes(Class<?> migrationClass) {
    for (Class<?> c = migrationClass; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Type t : c.getGenericInterfaces()) {
        if (t instanceof ParameterizedType p && p.getRawType() == Migration.class) {
          Type[] args = p.getActualTypeArguments();
          if (args[0] instanceof Class<?> a && args[1] instanceof Class<?> b) {
            return new Class<?>[] {a, b};
          }
        }
      }
    }
    throw new ConfigurationException(migrationClass.getName() + " does not name its record types (implements"
        + " Migration<OLD, NEW> with classes): give --from and --to");
  }

  /**
   * Migrates the segments of the scan settings' range.
   *
   * @param client the DynamoDB client
   * @param table the table
   * @param from the old layout
   * @param to the new layout
   * @param migration the mapping from old records to new ones
   * @param options how
   * @return what was done, with the final verify
   * @throws Exception the first DynamoDB or checkpoint failure; the checkpoint keeps the progress
   */
  public static MigrationReport migrate(DynamoDbClient client, String table, EntitySchema from, EntitySchema to,
      Migration<?, ?> migration, Options options) throws Exception {
    EntityModel.of(from.keysClass()).refuseWhenGuarded("migrate");
    EntityModel.of(to.keysClass()).refuseWhenGuarded("migrate");
    if (!Objects.equals(from.partitionKeyAttribute(), to.partitionKeyAttribute())
        || !Objects.equals(from.sortKeyAttribute(), to.sortKeyAttribute())) {
      throw new ConfigurationException("the old and new layouts key the table differently ("
          + from.partitionKeyAttribute() + "/" + from.sortKeyAttribute() + " and " + to.partitionKeyAttribute() + "/"
          + to.sortKeyAttribute() + "): a table's key attributes cannot change in place");
    }
    String job = "from=" + from.keysClass().getName() + " to=" + to.keysClass().getName() + " migration="
        + migration.getClass().getName();
    String title = from.keysClass().getSimpleName() + " -> " + to.keysClass().getSimpleName() + " by "
        + migration.getClass().getSimpleName();
    Rekey rekey = new Rekey(from, to, migration).keepUnknownAttributes(options.keepUnknownAttributes());
    return run(client, table, to, rekey, job, title, options, false);
  }

  /**
   * Migrates a record's items from its live older layout version to its current one
   * ({@code @LayoutVersion(value = version, live = older)}), over the segments of the scan settings'
   * range: each item of the older version (as the window's reads tell it, {@link Rekey#toCurrentVersion})
   * is written in the current layout and its older copy deleted, as {@link #migrate} does. An item
   * the application wrote under the current key meanwhile is the newer one: with
   * {@link OnConflict#KEEP_NEW} it is kept and the older copy deleted; it is never overwritten.
   *
   * @param client the DynamoDB client
   * @param table the table
   * @param schema the record's current layout
   * @param version the version to migrate to: the record's current version
   * @param options how
   * @return what was done, with the final verify, which counts the items of each version; an item
   *     of the older version it still counts is a problem of the run, which is then not
   *     {@code ok()}
   * @throws io.dynakeys.operations.ConfigurationException when {@code version} is not the record's
   *     current version or the record has no live older version
   * @throws Exception the first DynamoDB or checkpoint failure; the checkpoint keeps the progress
   */
  public static MigrationReport migrateToVersion(DynamoDbClient client, String table, EntitySchema schema, int version,
      Options options) throws Exception {
    Rekey rekey = Rekey.toCurrentVersion(schema, version).keepUnknownAttributes(options.keepUnknownAttributes());
    EntityModel model = EntityModel.of(schema.keysClass());
    String job = "keys=" + schema.keysClass().getName() + " to-version=" + version;
    String title = schema.name() + " version " + model.olderVersion() + " -> " + version;
    return run(client, table, schema, rekey, job, title, options, true);
  }

  /**
   * @param toVersion whether the run re-keys {@code to}'s live older version: then an item of that
   *     version the final verify still counts is a problem of the run (see {@link #leftInOlderVersion})
   */
  private static MigrationReport run(DynamoDbClient client, String table, EntitySchema to, Rekey rekey, String job,
      String title, Options options, boolean toVersion) throws Exception {
    long start = System.nanoTime();
    ScanSettings settings = options.scan();
    // A dry run must not mark segments done: it keeps its checkpoint in memory.
    Checkpoint checkpoint = Checkpoint.open(options.dryRun() ? null : settings.checkpoint(), "migrate", table, job,
        settings.totalSegments());
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    // What the checkpoint held when this run started: the report tells this run's work from the job's.
    boolean finishedBefore = checkpoint.resumed() && checkpoint.finished(settings.fromSegment(), settings.toSegment());
    Tally earlier = new Tally(0);
    Map<Integer, Tally> parts;
    long writes;
    long refused;
    String writePath;
    ExecutorService pool = options.writers() == 1 ? null : Executors.newFixedThreadPool(options.writers(), r -> {
      Thread t = new Thread(r, "dynakeys-migrate");
      t.setDaemon(true);
      return t;
    });
    try (Progress progress = new Progress((options.dryRun() ? "dry run " : "migrate ") + table, settings.progress(),
        Verifier.expected(description, settings), settings.toSegment() - settings.fromSegment())) {
      Writes w = new Writes(client, table, settings.writeRate(), progress, options.transactions());
      ItemMigration item = new ItemMigration(to, rekey, options, w);
      SegmentedScan<Tally> scan = new SegmentedScan<>(client, table, settings, checkpoint,
          RateLimiter.of(settings.readRate()), progress);
      parts = scan.run(new SegmentedScan.Handler<>() {
        @Override
        public Tally start(int segment, Object saved) {
          if (saved == null) {
            return new Tally(settings.samples());
          }
          Tally restored = Tally.fromJson(saved, settings.samples());
          earlier.merge(restored);
          return restored;
        }

        @Override
        public void page(int segment, Tally tally, List<Map<String, AttributeValue>> items) throws Exception {
          if (pool == null) {
            for (Map<String, AttributeValue> i : items) {
              item.migrate(i, tally);
            }
            return;
          }
          // The items of a page are independent (distinct keys): migrated at once, and all of them
          // before the page's key is saved, so a resumed run never skips one.
          List<Future<?>> futures = new ArrayList<>(items.size());
          for (Map<String, AttributeValue> i : items) {
            futures.add(pool.submit(() -> {
              item.migrate(i, tally);
              return null;
            }));
          }
          Throwable failure = null;
          for (Future<?> f : futures) {
            try {
              f.get();
            } catch (ExecutionException e) {
              if (failure == null) {
                failure = e.getCause();
              }
            }
          }
          Workers.rethrow(failure);
        }

        @Override
        public Object save(Tally tally) {
          return tally.toJson();
        }
      });
      writes = w.count();
      refused = w.refused();
      writePath = w.writePath();
    } finally {
      Workers.stop(pool);
    }
    Tally tally = new Tally(settings.samples());
    parts.values().forEach(tally::merge);
    VerifyReport verify = null;
    List<String> problems = new ArrayList<>();
    if (options.verifyAfter() && !options.dryRun()) {
      List<EntitySchema> schemas = new ArrayList<>();
      schemas.add(to);
      schemas.addAll(options.otherSchemas());
      verify = Verifier.verify(client, table, schemas, settings.checkpoint(null));
      if (toVersion) {
        String left = leftInOlderVersion(verify, schemas);
        if (left != null) {
          problems.add(left);
        }
      }
    }
    MigrationReport report = new MigrationReport("migrate", table, job, title, options.dryRun(), tally, writes, refused,
        (System.nanoTime() - start) / 1_000_000, verify, problems).writePath(writePath);
    return options.dryRun() || settings.checkpoint() == null ? report : report.checkpoint(earlier.counts(),
        finishedBefore);
  }

  /**
   * What a {@code --to-version} run that ended with items of the older version still in the table
   * says: its scan passed them before they were there (written by an instance still on a build of
   * the older version), so the migration is not done;
   * {@code null} when the verify counts none. The first schema is the migrated record's, whose
   * older version's items are counted under the name after its own ({@code Run (version 1)}).
   */
  static String leftInOlderVersion(VerifyReport verify, List<EntitySchema> schemas) {
    String older = io.dynakeys.operations.verify.ItemChecker.reportedNames(schemas).get(1);
    long left = verify.entities().stream().filter(e -> e.entity().equals(older)).mapToLong(VerifyReport.EntityStats::items)
        .sum();
    return left == 0 ? null : String.format("%,d item(s) of %s are still in the table after the scan: written after"
        + " it passed them, by an instance still on a build of that version? Deploy the new build everywhere, then run"
        + " the migration again with a new checkpoint", left, older);
  }

  /** The migration of one item; shared by the segments' threads, stateless. */
  static final class ItemMigration {
    private final Rekey rekey;
    private final Options options;
    private final ItemWrites writes;
    private final String pk;
    private final String sk;

    ItemMigration(EntitySchema to, Rekey rekey, Options options, Writes writes) {
      this.rekey = rekey;
      this.options = options;
      this.pk = to.partitionKeyAttribute();
      this.sk = to.sortKeyAttribute();
      this.writes = new ItemWrites(writes, pk, sk, options.versionAttribute());
    }

    void migrate(Map<String, AttributeValue> old, Tally tally) throws InterruptedException {
      String oldPk = ItemKeys.text(old.get(pk));
      String oldSk = sk == null ? null : ItemKeys.text(old.get(sk));
      Object oldRecord = rekey.readOld(old);
      if (oldRecord == null) {
        Outcome outcome = rekey.isNewItem(old) ? Outcome.NEW_LAYOUT : Outcome.OTHER;
        tally.count(outcome);
        if (outcome == Outcome.OTHER) {
          tally.sample(new Tally.Sample(outcome, oldPk, oldSk, null, null, "neither layout reads it"));
        }
        return;
      }
      Map<String, AttributeValue> next;
      try {
        next = rekey.apply(old, oldRecord).orElse(null);
        if (next == null) {
          tally.count(Outcome.SKIPPED);
          tally.sample(new Tally.Sample(Outcome.SKIPPED, oldPk, oldSk, null, null, "the migration returned null"));
          return;
        }
      } catch (RuntimeException e) {
        tally.count(Outcome.FAILED);
        tally.sample(new Tally.Sample(Outcome.FAILED, oldPk, oldSk, null, null, String.valueOf(e.getMessage())));
        return;
      }
      String newPk = ItemKeys.text(next.get(pk));
      String newSk = sk == null ? null : ItemKeys.text(next.get(sk));
      boolean sameKey = Objects.equals(oldPk, newPk) && Objects.equals(oldSk, newSk);
      if (sameKey && Conditions.same(next, old)) {
        tally.count(Outcome.UNCHANGED);
        return;
      }
      // Every condition before any write: an item too wide for them stops the run untouched (a dry
      // run finds it too).
      ItemWrites.Plan plan = writes.plan(old, next);
      if (options.dryRun()) {
        tally.count(Outcome.MIGRATED);
        tally.sample(new Tally.Sample(Outcome.MIGRATED, oldPk, oldSk, newPk, newSk, null));
        return;
      }
      if (sameKey) {
        ItemWrites.Done done = writes.rewriteInPlace(plan);
        if (done == ItemWrites.Done.DONE) {
          tally.count(Outcome.MIGRATED);
        } else {
          changed(tally, done, oldPk, oldSk, newPk, newSk, "rewritten by the next run");
        }
        return;
      }
      ItemWrites.Moved moved = writes.moveInOneTransaction(plan);
      if (moved == ItemWrites.Moved.MOVED) {
        tally.count(Outcome.MIGRATED);
        return;
      }
      if (moved == ItemWrites.Moved.CHANGED) {
        changed(tally, ItemWrites.Done.CHANGED, oldPk, oldSk, newPk, newSk, "nothing written, the next run migrates it");
        return;
      }
      // No transactions, or the new key is taken: the two requests decide it as before (a copy of
      // an earlier run is found by the put, another item is a conflict, or kept).
      boolean written = writes.putCopy(plan);
      String kept = null;
      if (!written) {
        if (options.onConflict() == OnConflict.SKIP) {
          conflict(tally, oldPk, oldSk, newPk, newSk, "another item holds the new key; both left (--on-conflict"
              + " keep-new keeps it and deletes the old)");
          return;
        }
        if (writes.versionAttribute() != null) {
          Map<String, AttributeValue> there = writes.atNewKey(plan);
          if (there == null || !writes.notOlder(there, old)) {
            conflict(tally, oldPk, oldSk, newPk, newSk, there == null ? "the item at the new key vanished; rerun"
                : "the item at the new key has an older " + writes.versionAttribute() + " ("
                    + ItemKeys.text(there.get(writes.versionAttribute())) + " < " + ItemKeys.text(old.get(writes.versionAttribute()))
                    + "): not kept, both left");
            return;
          }
          kept = "another item held the new key with " + writes.versionAttribute() + " "
              + ItemKeys.text(there.get(writes.versionAttribute())) + " >= " + ItemKeys.text(old.get(writes.versionAttribute()))
              + ": kept, the old item deleted";
        } else {
          kept = "another item held the new key and was kept unseen (no --version-attribute): the old item deleted";
        }
      }
      ItemWrites.Done done = writes.deleteOld(plan);
      if (done == ItemWrites.Done.DONE) {
        if (written) {
          tally.count(Outcome.MIGRATED);
        } else {
          tally.count(Outcome.KEPT_NEW);
          tally.sample(new Tally.Sample(Outcome.KEPT_NEW, oldPk, oldSk, newPk, newSk, kept));
        }
        return;
      }
      if (written) {
        // The copy holds what the old item was: withdraw it (if nobody changed it since), so
        // that the next run copies the old item's new content instead of finding a conflict.
        writes.withdraw(plan);
      }
      changed(tally, done, oldPk, oldSk, newPk, newSk, (written ? "its copy withdrawn, " : "")
          + "the next run migrates it");
    }

    private static void conflict(Tally tally, String oldPk, String oldSk, String newPk, String newSk, String detail) {
      tally.count(Outcome.CONFLICT);
      tally.sample(new Tally.Sample(Outcome.CONFLICT, oldPk, oldSk, newPk, newSk, detail));
    }

    private static void changed(Tally tally, ItemWrites.Done done, String oldPk, String oldSk, String newPk,
        String newSk, String then) {
      tally.count(Outcome.CHANGED);
      tally.sample(new Tally.Sample(Outcome.CHANGED, oldPk, oldSk, newPk, newSk,
          (done == ItemWrites.Done.RESTORED ? "attributes were added since it was read (put back)"
              : "changed since it was read") + "; " + then));
    }
  }

}
