package io.dynakeys.tools.move;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.tools.core.Checkpoint;
import io.dynakeys.tools.core.ItemWrites;
import io.dynakeys.tools.core.Progress;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.Tally;
import io.dynakeys.tools.core.Workers;
import io.dynakeys.tools.core.Writes;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.migrate.Migrator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * {@code dynakeys move}: moves a subtree of a hierarchy ({@code root/photos/} to
 * {@code root/archive/photos/}) for a record with a {@code @PathSegment TreePath} sort component.
 * Every descendant is re-keyed: its path component, and with it its sort key and the parent and
 * depth attributes of the generated path indexes (a {@code @Sharded} record's shard too).
 *
 * <p>The move runs in two phases, so that readers never miss an entry:
 *
 * <ol>
 *   <li><b>copy</b>: every entry under the source is put at its new path, under the condition "no
 *       item there, or exactly this one" (a repeated put is a no-op; an item someone else put there
 *       is never overwritten and is reported as a {@link Outcome#CONFLICT});
 *   <li><b>delete</b>: every entry under the source is put again under the same condition (which
 *       proves its copy is in place and current) and then deleted under the condition that it is
 *       unchanged since it was read. An entry whose copy is not in place stays.
 * </ol>
 *
 * A move is refused before it writes anything when the target path, or anything below it, exists,
 * and when the target lies inside the source. The checkpoint records the phase and, per partition,
 * the key the copy reached: a killed move resumes (its own partial copy does not count as an
 * existing target then), and a finished one rerun does nothing. The subtree should not be written
 * while it moves: an entry changed between the phases is reported, not lost.
 */
public final class SubtreeMove {
  private SubtreeMove() {}

  /**
   * How to move: the run settings every command shares ({@link ScanSettings}: threads, page size,
   * write rate, samples, checkpoint, progress; a move queries its partitions, so the scan's
   * segments do not apply), and the move's own.
   *
   * @param settings threads (entries written at once), the page size of each query (the
   *     granularity of checkpoints), the write cap, samples per outcome, the checkpoint file
   *     (required unless {@code dryRun}: a move killed without one could neither resume nor start
   *     again, its own partial copy being a target that exists) and the progress line
   * @param component the path component, or {@code null} for the record's only one
   * @param dryRun report what would move, write nothing
   * @param versionAttribute the attribute writers increase on every write, for entries too wide for
   *     an exact "unchanged" condition; {@code null} to compare every attribute
   * @param transactions move each entry in one transaction (copy and delete together, no copy phase)
   *     where the server runs them (detected); {@code false} for the two phases everywhere
   */
  public record Options(ScanSettings settings, String component, boolean dryRun, String versionAttribute,
      boolean transactions) {

    /** Checks the settings are there. */
    public Options {
      Objects.requireNonNull(settings, "settings");
    }

    /** The record's only path, 8 threads, pages of 200, no cap, no checkpoint, 10 samples, transactions. */
    public static Options defaults() {
      return new Options(ScanSettings.defaults().pageSize(200), null, false, null, true);
    }

    /** With these run settings (their segments do not apply). */
    public Options settings(ScanSettings s) {
      return new Options(s, component, dryRun, versionAttribute, transactions);
    }

    /** The path component to move by. */
    public Options component(String name) {
      return new Options(settings, name, dryRun, versionAttribute, transactions);
    }

    /** Writes {@code n} entries at once. */
    public Options threads(int n) {
      return settings(settings.threads(n));
    }

    /** Pages of {@code n} entries. */
    public Options pageSize(int n) {
      return settings(settings.pageSize(n));
    }

    /** Caps writes. */
    public Options writeRate(Rate rate) {
      return settings(settings.writeRate(rate));
    }

    /** Checkpoints to {@code file}, and resumes from it when it exists. */
    public Options checkpoint(Path file) {
      return settings(settings.checkpoint(file));
    }

    /** Prints progress to {@code out}. */
    public Options progress(PrintStream out) {
      return settings(settings.progress(out));
    }

    /** A dry run, or not. */
    public Options dryRun(boolean dry) {
      return new Options(settings, component, dry, versionAttribute, transactions);
    }

    /** Shows {@code n} entries per outcome. */
    public Options samples(int n) {
      return settings(settings.samples(n));
    }

    /** Deletes conditional on this version attribute. */
    public Options versionAttribute(String attribute) {
      return new Options(settings, component, dryRun, attribute, transactions);
    }

    /** Moves each entry in one transaction where the server runs them, or not. */
    public Options transactions(boolean on) {
      return new Options(settings, component, dryRun, versionAttribute, on);
    }

    /** Entries written at once. */
    public int threads() {
      return settings.threads();
    }

    /** Entries per query page. */
    public int pageSize() {
      return settings.pageSize();
    }

    /** The write cap, or {@code null}. */
    public Rate writeRate() {
      return settings.writeRate();
    }

    /** The checkpoint file, or {@code null}. */
    public Path checkpoint() {
      return settings.checkpoint();
    }

    /** Where the progress line goes, or {@code null}. */
    public PrintStream progress() {
      return settings.progress();
    }

    /** Entries shown per outcome. */
    public int samples() {
      return settings.samples();
    }
  }

  /**
   * Moves the subtree {@code from} to {@code to} in the partitions {@code partitionKeys} (one, or
   * every shard of a {@code @Sharded} record's partition).
   *
   * @return what was done; {@link MigrationReport#problems()} says why a move was refused; its
   *     verify covers the entries under {@code to}
   * @throws Exception the first DynamoDB or checkpoint failure; the checkpoint keeps the progress
   */
  public static MigrationReport move(DynamoDbClient client, String table, EntitySchema schema,
      List<String> partitionKeys, TreePath from, TreePath to, Options options) throws Exception {
    long start = System.nanoTime();
    EntityModel model = EntityModel.of(schema.keysClass());
    model.refuseWhenGuarded("move");
    if (!options.dryRun() && options.checkpoint() == null) {
      throw new ConfigurationException("a move needs a checkpoint file (--checkpoint FILE): a move stopped"
          + " halfway without one could neither resume nor start again, its own partial copy being a target that"
          + " exists");
    }
    EntityLayout.Segment segment = model.pathSegment(options.component());
    if (segment == null) {
      throw new ConfigurationException(schema.name() + " has no @PathSegment sort component"
          + (options.component() == null ? "" : " named " + options.component()));
    }
    Subtree subtree = new Subtree(model.layout(), segment, from, to);
    String job = "schema=" + schema.keysClass().getName() + " partitions=" + partitionKeys + " component="
        + segment.component() + " from=" + subtree.text(from) + " to=" + subtree.text(to);
    Checkpoint checkpoint = Checkpoint.open(options.dryRun() ? null : options.checkpoint(), "move", table, job,
        1);
    String title = subtree.text(from) + " -> " + subtree.text(to) + " in " + String.join(", ", partitionKeys);
    List<String> problems = new ArrayList<>();
    Tally tally = checkpoint.extra("tally") == null ? new Tally(options.samples())
        : Tally.fromJson(checkpoint.extra("tally"), options.samples());
    // What the checkpoint held when this run started: the report tells this run's work from the job's.
    Map<Outcome, Long> earlier = tally.counts();
    boolean finishedBefore = "done".equals(checkpoint.extra("phase"));
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, options.threads()), r -> {
      Thread t = new Thread(r, "dynakeys-move");
      t.setDaemon(true);
      return t;
    });
    long writes;
    try (Progress progress = new Progress((options.dryRun() ? "dry run move " : "move ") + subtree.text(from)
        + " -> " + subtree.text(to), options.progress(), 0, 1)) {
      Writes w = new Writes(client, table, options.writeRate(), progress, options.transactions());
      Mover mover = new Mover(client, table, schema, subtree, options, w, pool, progress);
      if (checkpoint.extra("phase") == null) {
        Map<String, AttributeValue> taken = mover.firstUnder(partitionKeys, to);
        if (taken != null) {
          problems.add("the target " + subtree.text(to) + " exists: " + taken.get(schema.partitionKeyAttribute()).s()
              + " " + taken.get(schema.sortKeyAttribute()).s() + " is at or under it; nothing was moved");
          return new MigrationReport("move", table, job, title, options.dryRun(), tally, 0, 0,
              (System.nanoTime() - start) / 1_000_000, null, problems);
        }
        if (options.dryRun()) {
          mover.dryRun(partitionKeys, tally);
          return new MigrationReport("move", table, job, title, true, tally, 0, 0,
              (System.nanoTime() - start) / 1_000_000,
              null, problems);
        }
        // With transactions each entry is copied and deleted at once, in what is the delete phase
        // of the two-phase move: no copy phase, so no moment when an entry is in both places.
        Map<String, AttributeValue> probe = new LinkedHashMap<>();
        probe.put(schema.partitionKeyAttribute(), AttributeValue.fromS(partitionKeys.get(0)));
        probe.put(schema.sortKeyAttribute(), AttributeValue.fromS(subtree.prefix(from)));
        checkpoint.putExtra("phase", w.transactions(probe, schema.partitionKeyAttribute()) ? "delete" : "copy");
      }
      if ("copy".equals(checkpoint.extra("phase"))) {
        for (int i = 0; i < partitionKeys.size(); i++) {
          mover.copy(partitionKeys.get(i), i, checkpoint, tally);
        }
        checkpoint.putExtras(Map.of("phase", "delete", "tally", tally.toJson()));
      }
      if ("delete".equals(checkpoint.extra("phase"))) {
        for (int i = 0; i < partitionKeys.size(); i++) {
          mover.delete(partitionKeys.get(i), i, checkpoint, tally);
        }
        checkpoint.putExtras(Map.of("phase", "done", "tally", tally.toJson()));
      }
      writes = w.count();
      VerifyReport verify = mover.check(partitionKeys, problems);
      return new MigrationReport("move", table, job, title, false, tally, writes, w.refused(),
          (System.nanoTime() - start) / 1_000_000,
          verify, problems).writePath(w.writePath()).checkpoint(earlier, finishedBefore);
    } finally {
      Workers.stop(pool);
    }
  }

  /** The source and target paths, and the re-keying of one path. */
  private record Subtree(EntityLayout layout, EntityLayout.Segment segment, TreePath from, TreePath to) {
    Subtree {
      if (from.isRoot()) {
        throw new ConfigurationException("cannot move the root: move its entries one folder at a time");
      }
      if (to.isRoot()) {
        throw new ConfigurationException("the target cannot be the root");
      }
      if (from.folder() != to.folder()) {
        throw new ConfigurationException("a folder moves to a folder and a file to a file: " + from + " and "
            + to + " (a folder's path ends with '" + segment.pathDelimiter() + "')");
      }
      if (from.equals(to) || from.isAncestorOf(to)) {
        throw new ConfigurationException("the target " + to + " lies inside the source " + from);
      }
    }

    String text(TreePath path) {
      return path.isRoot() ? String.valueOf(segment.pathDelimiter()) : path.toString(segment.pathDelimiter());
    }

    /** Whether {@code path} is {@code base} or lies under it. */
    static boolean within(TreePath base, TreePath path) {
      return path.equals(base) || base.isAncestorOf(path);
    }

    /** {@code path}, which lies within {@code from}, moved under {@code to}. */
    TreePath moved(TreePath path) {
      List<String> segments = new ArrayList<>(to.segments());
      segments.addAll(path.segments().subList(from.segments().size(), path.segments().size()));
      return new TreePath(segments, path.folder());
    }

    /** Whether the path is the sort key's first segment, so a subtree is a key prefix. */
    boolean prefixQuery() {
      return layout.sort().segments().get(0).component().equals(segment.component());
    }

    String prefix(TreePath base) {
      return layout.sort().head() + text(base);
    }
  }

  /** The work of a move, over one pool of writer threads. */
  private static final class Mover {
    private final DynamoDbClient client;
    private final String table;
    private final EntitySchema schema;
    private final Subtree subtree;
    private final Options options;
    private final Writes writes;
    private final ItemWrites rewrite;
    private final ExecutorService pool;
    private final Progress progress;

    Mover(DynamoDbClient client, String table, EntitySchema schema, Subtree subtree, Options options, Writes writes,
        ExecutorService pool, Progress progress) {
      this.client = client;
      this.table = table;
      this.schema = schema;
      this.subtree = subtree;
      this.options = options;
      this.writes = writes;
      this.rewrite = new ItemWrites(writes, schema.partitionKeyAttribute(), schema.sortKeyAttribute(),
          options.versionAttribute());
      this.pool = pool;
      this.progress = progress;
    }

    /** The first item at or under {@code base} in any of the partitions, or {@code null}. */
    Map<String, AttributeValue> firstUnder(List<String> partitionKeys, TreePath base) {
      for (String pk : partitionKeys) {
        Map<String, AttributeValue> start = null;
        do {
          QueryResponse page = client.query(query(pk, base, start));
          for (Map<String, AttributeValue> item : page.items()) {
            TreePath path = path(item);
            if (path != null && Subtree.within(base, path)) {
              return item;
            }
          }
          start = next(page);
        } while (start != null);
      }
      return null;
    }

    void dryRun(List<String> partitionKeys, Tally tally) {
      for (String pk : partitionKeys) {
        Map<String, AttributeValue> start = null;
        do {
          QueryResponse page = client.query(query(pk, subtree.from(), start));
          for (Map<String, AttributeValue> item : source(page.items())) {
            Entry e = entry(item, tally);
            if (e != null) {
              rewrite.plan(item, e.next); // an entry too wide for the conditions, found before a real run
              tally.count(Outcome.MIGRATED);
              tally.sample(new Tally.Sample(Outcome.MIGRATED, e.oldPk, e.oldSk, e.newPk, e.newSk, null));
            }
          }
          progress.items(page.items().size());
          start = next(page);
        } while (start != null);
      }
    }

    /** Phase one in one partition: copy every entry, page by page from the checkpoint's position. */
    void copy(String pk, int index, Checkpoint checkpoint, Tally tally) throws Exception {
      String stream = "copy " + index;
      Checkpoint.Position at = checkpoint.position(stream);
      if (at.done()) {
        return;
      }
      Map<String, AttributeValue> start = at.next();
      long pages = at.pages();
      do {
        QueryResponse page = client.query(query(pk, subtree.from(), start));
        List<Map<String, AttributeValue>> items = source(page.items());
        run(items, item -> {
          // Only copies are counted here: every entry gets its one outcome in the delete phase,
          // which meets each entry the copy left (an unreadable one, a conflict) once more.
          Entry e = entry(item, null);
          if (e != null && rewrite.putCopy(rewrite.plan(item, e.next))) {
            tally.count(Outcome.COPIED);
          }
        });
        progress.items(items.size());
        start = next(page);
        checkpoint.update(stream, Checkpoint.Position.after(++pages, start), Map.of("tally", tally.toJson()));
      } while (start != null);
    }

    /**
     * Phase two in one partition: prove each copy, then delete the entry if it is unchanged (or,
     * with transactions, copy and delete it at once). Each entry gets its one outcome here. Before
     * a page is worked on, its keys and the key after it go to the checkpoint (the position's
     * {@code pending}); a resumed phase first settles that page: an entry of it that is gone was
     * moved by the killed run, one still there is worked on again. So no entry is counted twice,
     * and none that stayed (a conflict) is met again in a later run.
     */
    void delete(String pk, int index, Checkpoint checkpoint, Tally tally) throws Exception {
      String stream = "delete " + index;
      Checkpoint.Position at = checkpoint.position(stream);
      if (at.done()) {
        return;
      }
      long pages = at.pages();
      if (!at.pending().isEmpty()) {
        run(at.pending(), key -> {
          Map<String, AttributeValue> item = writes.get(key);
          if (item == null) {
            tally.count(Outcome.MIGRATED); // moved by the run that was stopped
          } else {
            deleteEntry(item, tally);
          }
        });
        at = Checkpoint.Position.after(++pages, at.next());
        checkpoint.update(stream, at, Map.of("tally", tally.toJson()));
        if (at.done()) {
          return;
        }
      }
      Map<String, AttributeValue> start = at.next();
      do {
        QueryResponse page = client.query(query(pk, subtree.from(), start));
        List<Map<String, AttributeValue>> items = source(page.items());
        Map<String, AttributeValue> next = next(page);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
          keys.add(ItemKeys.of(item, schema.partitionKeyAttribute(), schema.sortKeyAttribute()));
        }
        checkpoint.update(stream, Checkpoint.Position.after(pages, start).working(keys, next),
            Map.of("tally", tally.toJson()));
        run(items, item -> deleteEntry(item, tally));
        progress.items(items.size());
        start = next;
        checkpoint.update(stream, Checkpoint.Position.after(++pages, start), Map.of("tally", tally.toJson()));
      } while (start != null);
    }

    private void deleteEntry(Map<String, AttributeValue> item, Tally tally) throws InterruptedException {
      Entry e = entry(item, tally);
      if (e == null) {
        return;
      }
      ItemWrites.Plan plan = rewrite.plan(item, e.next);
      ItemWrites.Moved moved = rewrite.moveInOneTransaction(plan);
      if (moved == ItemWrites.Moved.MOVED) {
        record(tally, Outcome.MIGRATED, e, null);
        return;
      }
      if (moved == ItemWrites.Moved.CHANGED) {
        record(tally, Outcome.CHANGED, e, "changed while it moved: the entry stays, nothing written; move it again");
        return;
      }
      // No transactions, or the target key is taken: the two requests decide it (a copy already
      // in place is proven, another item is a conflict).
      if (!rewrite.putCopy(plan)) {
        record(tally, Outcome.CONFLICT, e, "its copy is not in place (another item holds the target key,"
            + " or the entry changed since it was copied): the entry stays");
        return;
      }
      ItemWrites.Done done = rewrite.deleteOld(plan);
      if (done == ItemWrites.Done.DONE) {
        record(tally, Outcome.MIGRATED, e, null);
        return;
      }
      // The copy holds what the entry was: withdraw it (if nobody changed it since), so that the
      // entry is in one place with its new content, and a move of that one entry finishes it.
      rewrite.withdraw(plan);
      record(tally, Outcome.CHANGED, e, (done == ItemWrites.Done.RESTORED ? "attributes were added while it moved"
          + " (put back)" : "changed while it moved") + ": the entry stays, its copy withdrawn; move it again");
    }

    /** Afterwards: nothing left at the source, and every entry under the target checks clean. */
    VerifyReport check(List<String> partitionKeys, List<String> problems) {
      long began = System.nanoTime();
      ItemChecker checker = new ItemChecker(List.of(schema));
      VerifyReport report = new VerifyReport(options.samples());
      report.declare(List.of(checker.entityName(schema)));
      long left = 0;
      for (String pk : partitionKeys) {
        for (TreePath base : List.of(subtree.from(), subtree.to())) {
          Map<String, AttributeValue> start = null;
          do {
            QueryResponse page = client.query(query(pk, base, start));
            for (Map<String, AttributeValue> item : page.items()) {
              TreePath path = path(item);
              if (path == null || !Subtree.within(base, path)) {
                continue;
              }
              if (base == subtree.from()) {
                left++;
              } else {
                report.add(checker.check(item));
              }
            }
            start = next(page);
          } while (start != null);
        }
      }
      report.table(table, 0, List.of());
      report.elapsedMillis((System.nanoTime() - began) / 1_000_000);
      if (left > 0) {
        problems.add(left + " entr" + (left == 1 ? "y is" : "ies are") + " still under "
            + subtree.text(subtree.from()));
      }
      return report;
    }

    private interface ItemWork {
      void run(Map<String, AttributeValue> item) throws Exception;
    }

    /** Runs {@code work} on every item of a page on the pool; the first failure is rethrown. */
    private void run(List<Map<String, AttributeValue>> items, ItemWork work) throws Exception {
      List<Future<?>> futures = new ArrayList<>();
      for (Map<String, AttributeValue> item : items) {
        futures.add(pool.submit(() -> {
          work.run(item);
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

    private synchronized void record(Tally tally, Outcome outcome, Entry e, String detail) {
      tally.count(outcome);
      if (detail != null || outcome == Outcome.MIGRATED) {
        tally.sample(new Tally.Sample(outcome, e.oldPk, e.oldSk, e.newPk, e.newSk, detail));
      }
    }

    private record Entry(String oldPk, String oldSk, String newPk, String newSk, Map<String, AttributeValue> next) {}

    /**
     * The entry's item at its new path, or {@code null} when the entry cannot be read (counted
     * {@link Outcome#FAILED} in {@code tally}, unless it is {@code null}).
     */
    private Entry entry(Map<String, AttributeValue> item, Tally tally) {
      String pk = ItemKeys.text(item.get(schema.partitionKeyAttribute()));
      String sk = ItemKeys.text(item.get(schema.sortKeyAttribute()));
      Object record = schema.readStrictly(item);
      if (record == null) {
        if (tally != null) {
          synchronized (this) {
            tally.count(Outcome.FAILED);
            tally.sample(new Tally.Sample(Outcome.FAILED, pk, sk, null, null,
                "not an item its layout writes (run verify): left where it is"));
          }
        }
        return null;
      }
      TreePath path = (TreePath) schema.component(record, subtree.segment().component());
      Map<String, AttributeValue> next;
      try {
        next = new LinkedHashMap<>(schema.toItem(schema.withComponent(record, subtree.segment().component(),
            subtree.moved(path))));
      } catch (RuntimeException e) {
        if (tally != null) {
          synchronized (this) {
            tally.count(Outcome.FAILED);
            tally.sample(new Tally.Sample(Outcome.FAILED, pk, sk, null, null, String.valueOf(e.getMessage())));
          }
        }
        return null;
      }
      for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
        if (!schema.attributeNames().contains(e.getKey()) && !next.containsKey(e.getKey())) {
          next.put(e.getKey(), e.getValue()); // attributes of other code travel with the entry
        }
      }
      return new Entry(pk, sk, ItemKeys.text(next.get(schema.partitionKeyAttribute())),
          ItemKeys.text(next.get(schema.sortKeyAttribute())), next);
    }

    /** The items of a page that lie within the source. */
    private List<Map<String, AttributeValue>> source(List<Map<String, AttributeValue>> items) {
      List<Map<String, AttributeValue>> out = new ArrayList<>();
      for (Map<String, AttributeValue> item : items) {
        TreePath path = path(item);
        if (path != null && Subtree.within(subtree.from(), path)) {
          out.add(item);
        }
      }
      return out;
    }

    /** The path in an item's sort key, or {@code null} when the key does not parse. */
    private TreePath path(Map<String, AttributeValue> item) {
      AttributeValue sk = item.get(schema.sortKeyAttribute());
      if (sk == null || sk.s() == null) {
        return null;
      }
      try {
        return (TreePath) schema.parseSortKey(sk.s()).get(subtree.segment().component());
      } catch (IllegalArgumentException e) {
        return null;
      }
    }

    private QueryRequest query(String pk, TreePath base, Map<String, AttributeValue> start) {
      Map<String, String> names = new LinkedHashMap<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      names.put("#pk", schema.partitionKeyAttribute());
      values.put(":pk", AttributeValue.fromS(pk));
      String condition = "#pk = :pk";
      if (subtree.prefixQuery() && !base.isRoot()) {
        names.put("#sk", schema.sortKeyAttribute());
        // A folder's subtree is the folder's key and every key that extends it; a file is one key.
        if (base.folder()) {
          condition += " AND begins_with(#sk, :prefix)";
          values.put(":prefix", AttributeValue.fromS(subtree.prefix(base)));
        } else {
          condition += " AND #sk = :sk";
          values.put(":sk", AttributeValue.fromS(subtree.prefix(base)));
        }
      }
      QueryRequest.Builder request = QueryRequest.builder().tableName(table).keyConditionExpression(condition)
          .expressionAttributeNames(names).expressionAttributeValues(values).consistentRead(true)
          .limit(options.pageSize());
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      return request.build();
    }

    private static Map<String, AttributeValue> next(QueryResponse page) {
      return page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    }

    @Override
    public String toString() {
      return Objects.toString(subtree);
    }
  }
}
