package io.dynakeys.tools.index;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.internal.format.TextTable;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.Finding;
import io.dynakeys.operations.verify.ItemCheck;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.Checkpoint;
import io.dynakeys.tools.core.Progress;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.RateLimiter;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.SegmentedScan;
import io.dynakeys.tools.verify.Verifier;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * {@code dynakeys switch-index}: from a synthetic index (keyed by computed attributes such as
 * {@code byTeam_pk}, {@code byTeam_sk}) to a native one over the same components
 * ({@code @SecondaryIndex(nativeKey = true)}) on a live table, without rewriting it. Every
 * component is already stored as its own attribute, so DynamoDB builds the native index from the
 * items as they are. The steps, each counted and reported:
 *
 * <ol>
 *   <li><b>verify</b> (a parallel scan, {@code --read-rate} capped; no writes): every item's key
 *       attributes of the native index present, of the index's type, not empty, within the key
 *       limits, as {@link ItemChecker} checks them. Any defect stops the switch before anything is
 *       changed; items a sparse index leaves out by design ({@link Finding.Kind#NOT_INDEXED}) are
 *       counted, and so are the items of other entities that hold the synthetic index's attributes
 *       (another record's index of the same name in a shared table), which refuse {@code --drop}.
 *   <li><b>create</b> the native index with {@code UpdateTable} when the table lacks it (one
 *       request, no item writes: DynamoDB backfills the index itself); an index of that name with
 *       another key schema is refused.
 *   <li><b>wait</b> until it is {@code ACTIVE}, printing its status, within {@code --timeout}.
 *   <li>Only when asked ({@code --drop}): <b>drop</b> the synthetic index with {@code UpdateTable}
 *       (once the schema no longer writes its attributes) and wait until it is gone, then
 *       <b>clean up</b>: remove its key attributes from every item, one {@code UpdateItem} per item
 *       that holds them, under the condition that they still hold the values the scan read. An item
 *       written meanwhile fails it, is read again and cleaned as it is now (its new content kept, up
 *       to {@value IndexSwitch#MAX_ATTEMPTS} tries, then {@code changed}); one deleted meanwhile is
 *       {@code gone}, never recreated; no other attribute is touched, so no update is lost; an item
 *       the checker does not attribute to the schema is never written. Resumable from {@code --checkpoint} (required with {@code --drop}: it also
 *       keeps the attribute names once the index is gone) and capped by {@code --write-rate}.
 * </ol>
 *
 * A rerun is safe at every point: an index that exists or is gone is not created or dropped again,
 * and a finished clean-up rerun from its checkpoint scans nothing.
 */
public final class IndexSwitch {
  private IndexSwitch() {}

  /**
   * How to run a switch.
   *
   * @param scan segments, read and write rates, samples, checkpoint, progress
   * @param drop whether to drop the synthetic index and remove its attributes from the items
   * @param dryRun verify and plan only: no UpdateTable, no item writes
   * @param timeout how long to wait for an index to become active, or to be gone
   * @param poll how often to ask DynamoDB for the index's status
   */
  public record Options(ScanSettings scan, boolean drop, boolean dryRun, Duration timeout, Duration poll) {

    /** Checks the durations. */
    public Options {
      Objects.requireNonNull(scan, "scan");
      if (timeout.isNegative() || timeout.isZero() || poll.isNegative() || poll.isZero()) {
        throw new IllegalArgumentException("the timeout and the poll interval must be positive");
      }
    }

    /** The defaults: no drop, a real run, 30 minutes of waiting, a status every 5 seconds. */
    public static Options defaults() {
      return new Options(ScanSettings.defaults(), false, false, Duration.ofMinutes(30), Duration.ofSeconds(5));
    }

    public Options scan(ScanSettings s) {
      return new Options(s, drop, dryRun, timeout, poll);
    }

    public Options drop(boolean d) {
      return new Options(scan, d, dryRun, timeout, poll);
    }

    public Options dryRun(boolean d) {
      return new Options(scan, drop, d, timeout, poll);
    }

    public Options timeout(Duration t) {
      return new Options(scan, drop, dryRun, t, poll);
    }

    public Options poll(Duration p) {
      return new Options(scan, drop, dryRun, timeout, p);
    }
  }

  /**
   * One step and what it cost.
   *
   * @param step {@code verify}, {@code create}, {@code wait}, {@code drop}, {@code clean-up}
   * @param outcome what happened ({@code done}, {@code skipped: ...}, {@code planned}, {@code refused: ...})
   * @param tableRequests the UpdateTable requests sent
   * @param itemWrites the item writes this run sent (UpdateItem), conditional ones that failed included
   * @param detail the step's numbers, in words
   */
  public record Step(String step, String outcome, long tableRequests, long itemWrites, String detail) {}

  /**
   * What a switch did.
   *
   * @param table the table
   * @param nativeIndex the native index switched to
   * @param syntheticIndex the synthetic index switched from
   * @param items the items the verify scanned
   * @param defects the findings on the native index's key attributes: each one an item the index
   *     would not hold, which stop the switch
   * @param notIndexed the items a sparse native index leaves out by design
   * @param samples some findings, smallest keys first ({@code --samples} per entity and kind)
   * @param steps the steps, in order, with their costs
   * @param removed the items whose synthetic attributes the clean-up removed
   * @param changed the items the clean-up left because another writer changed them on each of its
   *     {@value IndexSwitch#MAX_ATTEMPTS} tries (the same command run again makes a new pass for them)
   * @param gone the items another writer deleted between the scan and the clean-up's write
   * @param foreign the items of other entities (or the schema's guard items) the verify found holding
   *     the synthetic index's attributes: another record's index of the same name in a shared table
   *     (an overloaded index). Any of them refuses {@code --drop}, which would take them out of the
   *     index and strip their key attributes
   * @param foreignLeft the items of other entities holding those attributes that the clean-up found
   *     (written after the verify) and left as they are: it writes only items of the switched schema
   * @param foreignKeys the keys of some of the {@code foreign} items, smallest first, as
   *     {@code pk=..., sk=...}
   */
  public record Report(String table, String nativeIndex, String syntheticIndex, long items, long defects,
      long notIndexed, List<VerifyReport.Sample> samples, List<Step> steps, long removed, long changed, long gone,
      long foreign, long foreignLeft, List<String> foreignKeys) {

    /** Copies the lists. */
    public Report {
      samples = List.copyOf(samples);
      steps = List.copyOf(steps);
      foreignKeys = List.copyOf(foreignKeys);
    }

    /** Whether the switch did everything it was asked, and nothing was in its way. */
    public boolean ok() {
      return defects == 0 && changed == 0 && foreignLeft == 0
          && steps.stream().noneMatch(s -> s.outcome().startsWith("refused"));
    }

    /** The item writes of every step. */
    public long itemWrites() {
      return steps.stream().mapToLong(Step::itemWrites).sum();
    }

    /** The report for people: one row per step with its cost, then the offending items. */
    public String toText() {
      StringBuilder out = new StringBuilder();
      out.append("table ").append(table).append(": switch from ").append(syntheticIndex).append(" to native index ")
          .append(nativeIndex).append('\n').append(String.format("%,d items verified, %,d defects on the native key"
              + " attributes, %,d items a sparse index leaves out%n%n", items, defects, notIndexed));
      TextTable grid = new TextTable(List.of("step", "outcome", "UpdateTable", "item writes", "detail"));
      grid.alignRight(2, 3);
      for (Step s : steps) {
        grid.row(List.of(s.step(), s.outcome(), Long.toString(s.tableRequests()), String.format("%,d", s.itemWrites()),
            TextTable.shorten(s.detail(), 110)));
      }
      out.append(grid.render());
      if (foreign > 0) {
        out.append(String.format("%n%,d item(s) of other entities hold the attributes of %s (another record's index"
            + " of that name in this table, or its writers): --drop would take them out of the index and remove their"
            + " key attributes, so it is refused. Keep %s (run without --drop), or move those records off it first"
            + " and run again.%s%n", foreign, syntheticIndex, syntheticIndex,
            foreignKeys.isEmpty() ? "" : " For example: " + String.join("; ", foreignKeys)));
      }
      if (foreignLeft > 0) {
        out.append(String.format("%n%,d item(s) of other entities written with the attributes of %s after the verify"
            + " were left as they are: the clean-up writes only the switched schema's items. Run the same command"
            + " again to count them.%n", foreignLeft, syntheticIndex));
      }
      if (!samples.isEmpty()) {
        out.append("\nitems the native index would not hold (smallest keys first):\n");
        TextTable t = new TextTable(List.of("kind", "pk", "sk", "attribute", "detail"));
        for (VerifyReport.Sample s : samples) {
          t.row(List.of(s.finding().kind().label(), Objects.toString(s.partitionKey(), ""),
              Objects.toString(s.sortKey(), ""), Objects.toString(s.finding().attribute(), ""),
              TextTable.shorten(s.finding().detail(), 110)));
        }
        out.append(t.render());
      }
      out.append('\n').append(ok() ? "OK" : "NOT OK").append(String.format(": %,d item write(s) in all%n", itemWrites()));
      return out.toString();
    }

    /** The report as JSON. */
    public String toJson() {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("table", table);
      out.put("ok", ok());
      out.put("nativeIndex", nativeIndex);
      out.put("syntheticIndex", syntheticIndex);
      out.put("items", items);
      out.put("defects", defects);
      out.put("notIndexed", notIndexed);
      out.put("removed", removed);
      out.put("changed", changed);
      out.put("gone", gone);
      out.put("foreign", foreign);
      out.put("foreignLeft", foreignLeft);
      out.put("foreignKeys", new ArrayList<Object>(foreignKeys));
      out.put("itemWrites", itemWrites());
      List<Object> steps = new ArrayList<>();
      for (Step s : this.steps) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("step", s.step());
        j.put("outcome", s.outcome());
        j.put("tableRequests", s.tableRequests());
        j.put("itemWrites", s.itemWrites());
        j.put("detail", s.detail());
        steps.add(j);
      }
      out.put("steps", steps);
      List<Object> list = new ArrayList<>();
      for (VerifyReport.Sample s : samples) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("pk", s.partitionKey());
        j.put("sk", s.sortKey());
        j.putAll(s.finding().toJson());
        list.add(j);
      }
      out.put("samples", list);
      return JsonTrees.write(out) + "\n";
    }
  }

  /** The index did not become active, or did not go, within the timeout. */
  public static final class TimeoutException extends RuntimeException {
    TimeoutException(String message) {
      super(message);
    }
  }

  /**
   * Switches {@code table} from the synthetic index {@code syntheticIndex} to the native index
   * {@code nativeIndex} that {@code schema} declares.
   *
   * @param log where the waiting steps print the index's status, or {@code null}
   * @throws ConfigurationException when the schema declares no such native index, the table has no
   *     such synthetic index (and no checkpoint names its attributes), an index of the native
   *     index's name has another key schema, {@code --drop} is asked without a checkpoint, or while
   *     the schema still writes the synthetic index's attributes
   * @throws TimeoutException when an index is not active (or gone) in time; run again to keep waiting
   * @throws Exception the first DynamoDB or checkpoint failure; the checkpoint keeps the progress
   */
  public static Report run(DynamoDbClient client, String table, EntitySchema schema, String nativeIndex,
      String syntheticIndex, Options options, PrintStream log) throws Exception {
    EntityModel model = EntityModel.of(schema.keysClass());
    EntityLayout.NativeIndex index = model.nativeIndex(nativeIndex);
    if (options.drop() && options.scan().checkpoint() == null && !options.dryRun()) {
      throw new ConfigurationException("--drop needs --checkpoint: the clean-up resumes from it, and it keeps the"
          + " synthetic index's attribute names once the index is gone");
    }
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    Checkpoint checkpoint = Checkpoint.open(options.scan().checkpoint(), "switch-index", table,
        "native=" + nativeIndex + " from=" + syntheticIndex, options.scan().totalSegments());
    Optional<GlobalSecondaryIndexDescription> synthetic = gsi(description, syntheticIndex);
    List<String> syntheticAttributes = syntheticAttributes(synthetic, checkpoint, syntheticIndex, table);
    if (synthetic.isPresent()) {
      checkpoint.putExtra("syntheticAttributes", new ArrayList<Object>(syntheticAttributes));
    }
    List<Step> steps = new ArrayList<>();

    // 1. verify: every item's native key attributes, as DynamoDB will index them.
    Check check = verify(client, table, schema, index, syntheticAttributes, options);
    steps.add(new Step("verify", check.defects == 0 ? "done" : "refused: " + check.defects + " defect(s)", 0, 0,
        String.format("%,d items scanned, %,d with the synthetic attributes, %,d left out of the sparse index,"
            + " %,d of other entities (%,d of them with the synthetic attributes)", check.items, check.withSynthetic,
            check.notIndexed, check.foreign, check.foreignWithSynthetic)));
    if (check.defects > 0) {
      return check.report(table, nativeIndex, syntheticIndex, check.samples(), steps, null);
    }

    // 2. create, 3. wait.
    Optional<GlobalSecondaryIndexDescription> existing = gsi(description, nativeIndex);
    List<KeySchemaElement> keySchema = keySchema(index);
    if (existing.isPresent()) {
      if (!existing.get().keySchema().equals(keySchema)) {
        throw new ConfigurationException("the table has an index " + nativeIndex + " keyed by "
            + show(existing.get().keySchema()) + ", but " + schema.name() + " declares it keyed by " + show(keySchema)
            + ": drop that index, or name the native index otherwise");
      }
      steps.add(new Step("create", "skipped: the index exists", 0, 0, "keyed by " + show(keySchema)));
    } else if (options.dryRun()) {
      steps.add(new Step("create", "planned", 1, 0, "UpdateTable creates " + nativeIndex + " keyed by " + show(keySchema)
          + "; DynamoDB backfills it from the items: " + String.format("%,d", check.items - check.notIndexed)
          + " index entries, no item writes"));
    } else {
      client.updateTable(r -> r.tableName(table).attributeDefinitions(definitions(description, model, index))
          .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().create(create(description, nativeIndex,
              keySchema, synthetic)).build()));
      steps.add(new Step("create", "done", 1, 0, "keyed by " + show(keySchema) + "; DynamoDB backfills it from the"
          + " items: " + String.format("%,d", check.items - check.notIndexed) + " index entries, no item writes"));
    }
    if (!options.dryRun()) {
      long waited = waitFor(client, table, nativeIndex, true, options, log);
      steps.add(new Step("wait", "done", 0, 0, nativeIndex + " ACTIVE after " + waited + " ms"));
    }
    if (!options.drop()) {
      return check.report(table, nativeIndex, syntheticIndex, List.of(), steps, null);
    }

    // 4. drop the synthetic index, once nothing writes its attributes; 5. clean up the items.
    Set<String> stillWritten = new LinkedHashSet<>();
    for (String a : syntheticAttributes) {
      if (model.keyAttributes().containsKey(a) || model.attributeNames().contains(a)) {
        stillWritten.add(a);
      }
    }
    Set<String> keys = keyAttributes(description, syntheticIndex);
    for (String a : syntheticAttributes) {
      if (keys.contains(a)) {
        throw new ConfigurationException("the attribute " + a + " of index " + syntheticIndex + " is a key of the table"
            + " or of another index; --drop removes only attributes nothing else needs");
      }
    }
    if (!stillWritten.isEmpty()) {
      steps.add(new Step("drop", "refused: " + schema.name() + " still writes " + String.join(", ", stillWritten), 0, 0,
          "deploy the record without index " + syntheticIndex + " (its writers would put the attributes back), then"
              + " run again with that record's schema"));
      return check.report(table, nativeIndex, syntheticIndex, List.of(), steps, null);
    }
    if (check.foreignWithSynthetic > 0) {
      // Another record's index of the same name (an overloaded index): the drop would take its items
      // out, and the clean-up would strip their key attributes.
      steps.add(new Step("drop", "refused: " + check.foreignWithSynthetic + " item(s) of other entities hold "
          + String.join(", ", syntheticAttributes), 0, 0, "keep " + syntheticIndex + " (run without --drop), or move"
          + " those records off it first; e.g. " + String.join("; ", check.foreignKeys)));
      return check.report(table, nativeIndex, syntheticIndex, List.of(), steps, null);
    }
    if (options.dryRun()) {
      steps.add(new Step("drop", synthetic.isPresent() ? "planned" : "skipped: the index is gone",
          synthetic.isPresent() ? 1 : 0, 0, "UpdateTable deletes " + syntheticIndex));
      steps.add(new Step("clean-up", "planned", 0, check.withSynthetic, "removes " + String.join(", ", syntheticAttributes)
          + " from " + String.format("%,d", check.withSynthetic) + " items of " + schema.name()
          + ", one conditional UpdateItem each"));
      return check.report(table, nativeIndex, syntheticIndex, List.of(), steps, null);
    }
    if (synthetic.isPresent()) {
      client.updateTable(r -> r.tableName(table).globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
          .delete(DeleteGlobalSecondaryIndexAction.builder().indexName(syntheticIndex).build()).build()));
      long waited = waitFor(client, table, syntheticIndex, false, options, log);
      steps.add(new Step("drop", "done", 1, 0, syntheticIndex + " gone after " + waited + " ms"));
    } else {
      steps.add(new Step("drop", "skipped: the index is gone", 0, 0, syntheticIndex + " is not on the table"));
    }
    CleanUp cleanUp = cleanUp(client, table, schema, syntheticAttributes, checkpoint, options);
    // This run's writes; the checkpoint's totals count the pages every run completed.
    List<String> outcome = new ArrayList<>();
    if (cleanUp.changed > 0) {
      outcome.add(cleanUp.changed + " changed " + MAX_ATTEMPTS + " times while cleaned: run the same command again");
    }
    if (cleanUp.foreign > 0) {
      outcome.add(cleanUp.foreign + " of other entities left as they are");
    }
    steps.add(new Step("clean-up", outcome.isEmpty() ? "done" : "done, " + String.join("; ", outcome),
        0, cleanUp.writesThisRun, String.format("removed %s from %,d items of %s in all runs' completed pages (%,d"
            + " writes); %,d deleted meanwhile, %,d still changing, %,d of other entities not written",
            String.join(", ", syntheticAttributes), cleanUp.removed, schema.name(), cleanUp.writes, cleanUp.gone,
            cleanUp.changed, cleanUp.foreign)));
    return check.report(table, nativeIndex, syntheticIndex, List.of(), steps, cleanUp);
  }

  private static Optional<GlobalSecondaryIndexDescription> gsi(TableDescription description, String name) {
    return description.globalSecondaryIndexes().stream().filter(g -> g.indexName().equals(name)).findFirst();
  }

  private static List<String> syntheticAttributes(Optional<GlobalSecondaryIndexDescription> synthetic,
      Checkpoint checkpoint, String name, String table) {
    if (synthetic.isPresent()) {
      return synthetic.get().keySchema().stream().map(KeySchemaElement::attributeName).toList();
    }
    Object saved = checkpoint.extra("syntheticAttributes");
    if (saved instanceof List<?> list && !list.isEmpty()) {
      return list.stream().map(String::valueOf).toList();
    }
    throw new ConfigurationException("table " + table + " has no global index " + name + " to switch from (and no"
        + " checkpoint of a run that dropped it)");
  }

  /** Every key attribute of the table and of its indexes but {@code except}. */
  private static Set<String> keyAttributes(TableDescription description, String except) {
    Set<String> out = new TreeSet<>();
    description.keySchema().forEach(k -> out.add(k.attributeName()));
    description.globalSecondaryIndexes().stream().filter(g -> !g.indexName().equals(except))
        .forEach(g -> g.keySchema().forEach(k -> out.add(k.attributeName())));
    description.localSecondaryIndexes().forEach(l -> l.keySchema().forEach(k -> out.add(k.attributeName())));
    return out;
  }

  /** The native index's key schema: its partition attributes as HASH, its sort attributes as RANGE, in order. */
  static List<KeySchemaElement> keySchema(EntityLayout.NativeIndex index) {
    List<KeySchemaElement> out = new ArrayList<>();
    index.partition().forEach(k -> out.add(KeySchemaElement.builder().attributeName(k.attribute()).keyType(KeyType.HASH).build()));
    index.sort().forEach(k -> out.add(KeySchemaElement.builder().attributeName(k.attribute()).keyType(KeyType.RANGE).build()));
    return out;
  }

  /** The table's attribute definitions and the native index's, each with its type. */
  private static List<AttributeDefinition> definitions(TableDescription description, EntityModel schema,
      EntityLayout.NativeIndex index) {
    Map<String, AttributeDefinition> out = new LinkedHashMap<>();
    description.attributeDefinitions().forEach(d -> out.put(d.attributeName(), d));
    for (EntityLayout.NativeKey key : index.keys()) {
      String type = schema.nativeType(key);
      AttributeDefinition existing = out.get(key.attribute());
      if (existing != null && !existing.attributeTypeAsString().equals(type)) {
        throw new ConfigurationException("the table declares " + key.attribute() + " as " + existing.attributeTypeAsString()
            + ", but the native index " + index.name() + " keys by it as " + type);
      }
      out.put(key.attribute(), AttributeDefinition.builder().attributeName(key.attribute())
          .attributeType(ScalarAttributeType.fromValue(type)).build());
    }
    return List.copyOf(out.values());
  }

  /** The new index: ALL projected (records read through it need every component), throughput as the table bills. */
  private static CreateGlobalSecondaryIndexAction create(TableDescription description, String name,
      List<KeySchemaElement> keySchema, Optional<GlobalSecondaryIndexDescription> synthetic) {
    CreateGlobalSecondaryIndexAction.Builder out = CreateGlobalSecondaryIndexAction.builder().indexName(name)
        .keySchema(keySchema).projection(Projection.builder().projectionType(ProjectionType.ALL).build());
    boolean onDemand = description.billingModeSummary() != null
        && description.billingModeSummary().billingMode() == BillingMode.PAY_PER_REQUEST;
    if (!onDemand && description.provisionedThroughput() != null
        && description.provisionedThroughput().readCapacityUnits() != null
        && description.provisionedThroughput().readCapacityUnits() > 0) {
      // The synthetic index's capacity, which the native one takes over; else the table's.
      var from = synthetic.map(GlobalSecondaryIndexDescription::provisionedThroughput)
          .filter(t -> t.readCapacityUnits() != null && t.readCapacityUnits() > 0)
          .orElse(description.provisionedThroughput());
      out.provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(from.readCapacityUnits())
          .writeCapacityUnits(from.writeCapacityUnits()).build());
    }
    return out.build();
  }

  /**
   * Polls until {@code index} is ACTIVE (or, {@code present} false, gone), printing each status
   * change; returns the milliseconds waited.
   */
  private static long waitFor(DynamoDbClient client, String table, String index, boolean present, Options options,
      PrintStream log) throws InterruptedException {
    long start = System.nanoTime();
    long deadline = start + options.timeout().toNanos();
    String last = null;
    while (true) {
      TableDescription d = client.describeTable(r -> r.tableName(table)).table();
      Optional<GlobalSecondaryIndexDescription> g = gsi(d, index);
      String status = g.map(x -> x.indexStatusAsString() + (Boolean.TRUE.equals(x.backfilling()) ? ", backfilling" : "")
          + (x.itemCount() != null ? ", " + x.itemCount() + " items" : "")).orElse("gone");
      long elapsed = (System.nanoTime() - start) / 1_000_000;
      if (log != null && !status.equals(last)) {
        log.println("switch-index " + table + ": " + index + " " + status + " after " + elapsed + " ms");
        log.flush();
      }
      last = status;
      boolean done = present ? g.isPresent() && g.get().indexStatus() == IndexStatus.ACTIVE
          && !Boolean.TRUE.equals(g.get().backfilling()) : g.isEmpty();
      if (done) {
        return elapsed;
      }
      if (System.nanoTime() >= deadline) {
        throw new TimeoutException("index " + index + " of " + table + " is " + status + " after " + options.timeout()
            + (present ? ", not ACTIVE" : ", not gone") + "; DynamoDB goes on: run the same command again to keep waiting");
      }
      Thread.sleep(Math.min(options.poll().toMillis(), Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
    }
  }

  /** How many keys of other entities' items with the synthetic attributes a report names. */
  private static final int FOREIGN_KEYS = 3;

  /** A segment's verify results. */
  private static final class Check {
    long items;
    long defects;
    long notIndexed;
    long withSynthetic;
    long foreign;
    long foreignWithSynthetic;
    /** The smallest keys of the foreign items with the synthetic attributes, at most {@value #FOREIGN_KEYS}. */
    final TreeSet<String> foreignKeys = new TreeSet<>();
    final VerifyReport sampled;

    Check(int samples) {
      sampled = new VerifyReport(samples);
    }

    void merge(Check other) {
      items += other.items;
      defects += other.defects;
      notIndexed += other.notIndexed;
      withSynthetic += other.withSynthetic;
      foreign += other.foreign;
      foreignWithSynthetic += other.foreignWithSynthetic;
      other.foreignKeys.forEach(this::foreignKey);
      sampled.merge(other.sampled);
    }

    void foreignKey(String key) {
      foreignKeys.add(key);
      if (foreignKeys.size() > FOREIGN_KEYS) {
        foreignKeys.pollLast();
      }
    }

    /** The report of a switch that verified this, with the clean-up's totals when it ran. */
    Report report(String table, String nativeIndex, String syntheticIndex, List<VerifyReport.Sample> samples,
        List<Step> steps, CleanUp cleanUp) {
      return new Report(table, nativeIndex, syntheticIndex, items, defects, notIndexed, samples, steps,
          cleanUp == null ? 0 : cleanUp.removed, cleanUp == null ? 0 : cleanUp.changed,
          cleanUp == null ? 0 : cleanUp.gone, foreignWithSynthetic, cleanUp == null ? 0 : cleanUp.foreign,
          List.copyOf(foreignKeys));
    }

    List<VerifyReport.Sample> samples() {
      return sampled.samples();
    }
  }

  private static Check verify(DynamoDbClient client, String table, EntitySchema schema, EntityLayout.NativeIndex index,
      List<String> syntheticAttributes, Options options) throws Exception {
    ItemChecker checker = new ItemChecker(List.of(schema));
    String entity = checker.entityName(schema);
    Set<String> attributes = new LinkedHashSet<>();
    index.keys().forEach(k -> attributes.add(k.attribute()));
    ScanSettings settings = options.scan();
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    Checkpoint memory = Checkpoint.open(null, "switch-index-verify", table, index.name(), settings.totalSegments());
    Map<Integer, Check> parts;
    try (Progress progress = new Progress("switch-index " + table + ": verify", settings.progress(),
        Verifier.expected(description, settings), settings.toSegment() - settings.fromSegment())) {
      parts = new SegmentedScan<Check>(client, table, settings, memory, RateLimiter.of(settings.readRate()), progress)
          .run(new SegmentedScan.Handler<>() {
            @Override
            public Check start(int segment, Object saved) {
              return new Check(settings.samples());
            }

            @Override
            public void page(int segment, Check state, List<Map<String, AttributeValue>> items) {
              for (Map<String, AttributeValue> item : items) {
                state.items++;
                boolean holds = syntheticAttributes.stream().anyMatch(item::containsKey);
                ItemCheck c = checker.check(item);
                if (!entity.equals(c.entity())) {
                  // Another entity's item (or a guard item): its own schema says what it stores, and
                  // the switch never writes it; holding the synthetic attributes, it refuses --drop.
                  state.foreign += c.entity() == null ? 1 : 0;
                  if (holds) {
                    state.foreignWithSynthetic++;
                    state.foreignKey("pk=" + Objects.toString(c.partitionKey(), "") + ", sk="
                        + Objects.toString(c.sortKey(), ""));
                  }
                  if (c.entity() == null) {
                    continue;
                  }
                } else if (holds) {
                  state.withSynthetic++;
                }
                List<Finding> mine = new ArrayList<>();
                for (Finding f : c.findings()) {
                  if (f.attribute() != null && attributes.contains(f.attribute())) {
                    mine.add(f);
                  }
                }
                boolean defect = mine.stream().anyMatch(f -> f.kind().defect());
                state.defects += mine.stream().filter(f -> f.kind().defect()).count();
                state.notIndexed += !defect && mine.stream().anyMatch(f -> f.kind() == Finding.Kind.NOT_INDEXED) ? 1 : 0;
                if (defect) {
                  state.sampled.add(new ItemCheck(c.entity(), c.partitionKey(), c.sortKey(),
                      mine.stream().filter(f -> f.kind().defect()).toList()));
                }
              }
            }

            @Override
            public Object save(Check state) {
              return null;
            }
          });
    }
    Check total = new Check(settings.samples());
    parts.values().forEach(total::merge);
    return total;
  }

  /** The clean-up's totals, the earlier runs' included. */
  private record CleanUp(long removed, long changed, long writes, long writesThisRun, long gone, long foreign) {}

  /** Tries of one item's removal: the first, and again after each change another writer made. */
  public static final int MAX_ATTEMPTS = 3;

  private static CleanUp cleanUp(DynamoDbClient client, String table, EntitySchema schema, List<String> attributes,
      Checkpoint checkpoint, Options options) throws Exception {
    ScanSettings settings = options.scan();
    RateLimiter writes = RateLimiter.of(settings.writeRate());
    boolean capacity = settings.writeRate() != null && settings.writeRate().unit() == Rate.Unit.CAPACITY_UNITS;
    List<String> tableKeys = schema.sortKeyAttribute() == null ? List.of(schema.partitionKeyAttribute())
        : List.of(schema.partitionKeyAttribute(), schema.sortKeyAttribute());
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    // Only the items the checker attributes to the switched schema are written: another entity's item
    // with the same attribute names (its own index of that name) keeps them.
    ItemChecker checker = new ItemChecker(List.of(schema));
    String entity = checker.entityName(schema);
    if (checkpoint.finished(settings.fromSegment(), settings.toSegment())) {
      // A finished clean-up that left items another writer kept changing: a new pass over every
      // segment, the totals so far kept, so the same command finishes it.
      long changed = 0;
      for (int segment = settings.fromSegment(); segment < settings.toSegment(); segment++) {
        Object saved = checkpoint.segment(segment).state();
        changed += saved instanceof Map<?, ?> m ? ((Number) m.get("changed")).longValue() : 0;
      }
      if (changed > 0) {
        for (int segment = settings.fromSegment(); segment < settings.toSegment(); segment++) {
          Map<String, Object> again = new LinkedHashMap<>();
          if (checkpoint.segment(segment).state() instanceof Map<?, ?> m) {
            m.forEach((k, v) -> again.put(String.valueOf(k), v));
          }
          again.put("changed", 0L);
          checkpoint.update(segment, new Checkpoint.SegmentState(Checkpoint.Position.START, again));
        }
        checkpoint.save();
      }
    }
    long[] thisRun = new long[1];
    Map<Integer, long[]> parts;
    try (Progress progress = new Progress("switch-index " + table + ": clean-up", settings.progress(),
        Verifier.expected(description, settings), settings.toSegment() - settings.fromSegment())) {
      parts = new SegmentedScan<long[]>(client, table, settings, checkpoint, RateLimiter.of(settings.readRate()), progress)
          .run(new SegmentedScan.Handler<>() {
            @Override
            public long[] start(int segment, Object saved) {
              long[] state = new long[5]; // removed, changed, writes, gone, foreign
              if (saved instanceof Map<?, ?> m) {
                state[0] = ((Number) m.get("removed")).longValue();
                state[1] = ((Number) m.get("changed")).longValue();
                state[2] = ((Number) m.get("writes")).longValue();
                state[3] = ((Number) m.get("gone")).longValue();
                state[4] = m.get("foreign") instanceof Number n ? n.longValue() : 0;
              }
              return state;
            }

            @Override
            public void page(int segment, long[] state, List<Map<String, AttributeValue>> items) throws Exception {
              for (Map<String, AttributeValue> item : items) {
                List<String> present = attributes.stream().filter(item::containsKey).toList();
                if (present.isEmpty()) {
                  continue;
                }
                if (!entity.equals(checker.check(item).entity())) {
                  state[4]++; // another entity's item: never written
                  continue;
                }
                Map<String, AttributeValue> key = new LinkedHashMap<>();
                tableKeys.forEach(k -> key.put(k, item.get(k)));
                Map<String, AttributeValue> current = item;
                for (int attempt = 1; ; attempt++) {
                  if (writes != null) {
                    writes.acquire(1);
                  }
                  state[2]++;
                  synchronized (thisRun) {
                    thisRun[0]++;
                  }
                  progress.writes(1);
                  try {
                    // The condition holds only while the attributes are as read: never recreated, no update lost.
                    UpdateItemResponse r = client.updateItem(removal(table, key, attributes, current));
                    state[0]++;
                    if (writes != null && capacity && r.consumedCapacity() != null
                        && r.consumedCapacity().capacityUnits() != null) {
                      writes.charge(r.consumedCapacity().capacityUnits() - 1);
                    }
                    break;
                  } catch (ConditionalCheckFailedException e) {
                    // Written or deleted since it was read: read it again, and remove what it holds now.
                    Map<String, AttributeValue> now = client.getItem(g -> g.tableName(table).key(key).consistentRead(true)).item();
                    if (now == null || now.isEmpty()) {
                      state[3]++; // deleted meanwhile: nothing to clean, nothing recreated
                      break;
                    }
                    if (attributes.stream().noneMatch(now::containsKey)) {
                      break; // another writer removed them
                    }
                    if (attempt == MAX_ATTEMPTS) {
                      state[1]++;
                      break;
                    }
                    current = now;
                  }
                }
              }
            }

            @Override
            public Object save(long[] state) {
              Map<String, Object> m = new LinkedHashMap<>();
              m.put("removed", state[0]);
              m.put("changed", state[1]);
              m.put("writes", state[2]);
              m.put("gone", state[3]);
              m.put("foreign", state[4]);
              return m;
            }
          });
    }
    long removed = 0;
    long changed = 0;
    long total = 0;
    long gone = 0;
    long foreign = 0;
    for (long[] p : parts.values()) {
      removed += p[0];
      changed += p[1];
      total += p[2];
      gone += p[3];
      foreign += p[4];
    }
    return new CleanUp(removed, changed, total, thisRun[0], gone, foreign);
  }

  /**
   * The removal of {@code attributes} from the item at {@code key}, under the condition that each
   * still holds what {@code item} holds (or is absent, as there).
   */
  private static software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest removal(String table,
      Map<String, AttributeValue> key, List<String> attributes, Map<String, AttributeValue> item) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> removes = new ArrayList<>();
    List<String> conditions = new ArrayList<>();
    for (int i = 0; i < attributes.size(); i++) {
      String a = attributes.get(i);
      names.put("#a" + i, a);
      if (item.containsKey(a)) {
        values.put(":a" + i, item.get(a));
        removes.add("#a" + i);
        conditions.add("#a" + i + " = :a" + i);
      } else {
        conditions.add("attribute_not_exists(#a" + i + ")");
      }
    }
    return software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder().tableName(table).key(key)
        .updateExpression("REMOVE " + String.join(", ", removes)).conditionExpression(String.join(" AND ", conditions))
        .expressionAttributeNames(names).expressionAttributeValues(values)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
  }

  private static String show(List<KeySchemaElement> keys) {
    return String.join(", ", keys.stream().map(k -> k.attributeName() + " " + k.keyTypeAsString()).toList());
  }
}
