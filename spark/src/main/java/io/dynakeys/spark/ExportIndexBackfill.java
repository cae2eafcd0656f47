package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.IndexKeyBackfill;
import io.dynakeys.operations.schema.EntitySchema;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code backfill-index} over a full export: the keys of a record's new synthetic global index
 * written into the items of the live table the export was taken of that were written before the
 * record declared it, what {@code dynakeys backfill-index} does without scanning the table. One task
 * per data file; the writes are paced per task, the job's {@code --write-rate} shared by its tasks.
 *
 * <p>Which items need their index keys, the update that sets only those attributes and its
 * condition are the command line's, from the operations ({@code IndexKeyBackfill}): the item is
 * still there, still has no index partition key, and still holds the exported values of every
 * attribute the index keys are computed from. An item a writer changed since the export is left as
 * that writer wrote it ({@code CHANGED}, reported with file and line): a newer write of the
 * application writes the index keys itself, and one that did not is backfilled by a later run (the
 * command line's, or this job on a newer export). An item whose update fails is read again: when it
 * holds the keys the update would set (an earlier run, or a retried task, wrote them) it counts as
 * {@code ALREADY_KEYED}, so a second run over the same export writes nothing and reports only the
 * items changed since.
 * Corrupt lines and items whose values the record cannot read ({@code FAILED}) are reported, never
 * dropped.
 */
public final class ExportIndexBackfill {
  private ExportIndexBackfill() {}

  /** Items whose index keys were written. */
  public static final String WRITTEN = "WRITTEN";
  /**
   * Items of the record that had the index keys already: in the export, or in the table when the
   * update's condition failed.
   */
  public static final String ALREADY_KEYED = "ALREADY_KEYED";
  /** Items of the record the index does not hold (a sparse index's optional component absent). */
  public static final String NOT_INDEXED = "NOT_INDEXED";
  /** Items of other entities, left alone. */
  public static final String OTHER = "OTHER";
  /** Items changed in the table since the export (the condition failed): left as they are. */
  public static final String CHANGED = "CHANGED";
  /** Items whose values the record cannot read: not written. */
  public static final String FAILED = "FAILED";

  /**
   * Backfills the keys of {@code index} in the items of {@code schema}'s record in {@code table},
   * the table {@code export} was taken of.
   *
   * @param schema the record's {@code Keys} class or the record
   * @param index the name of a synthetic global index the record declares
   * @return the items of each outcome; {@code written} counts the updates made
   * @throws ConfigurationException when the record does not load or declares no such index, or it
   *     is a local one
   */
  public static ExportRekey.Result run(SparkSession spark, Export export, String schema, String index,
      LiveTable table) {
    rule(schema, index);
    byte[] conf = Export.serialize(spark.sparkContext().hadoopConfiguration());
    Export.Format format = export.format();
    int tasks = Math.max(1, export.files().size());
    List<ExportRekey.Result> parts = ExportRekey.files(spark, export)
        .mapPartitions(p -> List.of(backfill(p, schema, index, table, tasks, conf, format)).iterator()).collect();
    Map<String, Long> outcomes = new TreeMap<>();
    List<ExportRekey.Problem> problems = new ArrayList<>();
    long written = 0;
    Work work = Work.NONE;
    for (ExportRekey.Result r : parts) {
      r.outcomes().forEach((k, n) -> outcomes.merge(k, n, Long::sum));
      problems.addAll(r.problems());
      written += r.written();
      work = work.plus(r.work());
    }
    return new ExportRekey.Result(outcomes, List.copyOf(problems), written, work);
  }

  private static IndexKeyBackfill rule(String schema, String index) {
    return IndexKeyBackfill.of(EntityModel.of(EntitySchema.load(schema, Layouts.loader()).keysClass()), index);
  }

  private static ExportRekey.Result backfill(Iterator<Export.DataFile> part, String schema, String index,
      LiveTable table, int tasks, byte[] confBytes, Export.Format format) throws InterruptedException {
    long start = System.currentTimeMillis();
    Configuration conf = Export.configuration(confBytes);
    EntitySchema entity = EntitySchema.load(schema, Layouts.loader());
    IndexKeyBackfill rule = rule(schema, index);
    Map<String, Long> outcomes = new TreeMap<>();
    List<ExportRekey.Problem> problems = new ArrayList<>();
    long written = 0;
    long lines = 0;
    try (ConditionalWriter writer = new ConditionalWriter(table, entity.partitionKeyAttribute(),
        entity.sortKeyAttribute(), table.pacer(tasks))) {
      while (part.hasNext()) {
        for (Iterator<Export.Line> it = Export.lines(part.next(), conf, format); it.hasNext(); ) {
          Export.Line line = it.next();
          lines++;
          if (line.item() == null) {
            outcomes.merge(FindingRow.CORRUPT_LINE, 1L, Long::sum);
            problems.add(new ExportRekey.Problem(line.file(), line.line(), FindingRow.CORRUPT_LINE, null, null,
                line.problem()));
            continue;
          }
          IndexKeyBackfill.Step step;
          String detail = null;
          try {
            step = rule.step(line.item());
          } catch (RuntimeException e) {
            // The item's values, not the table: a write that fails fails the task, as the other jobs' do.
            step = null;
            detail = e.getClass().getSimpleName() + ": " + e.getMessage();
          }
          String outcome = step == null ? FAILED : switch (step.need()) {
            case WRITE -> writer.update(step.update()) ? WRITTEN
                // The export is older than the table: the keys may be there since an earlier run.
                : IndexKeyBackfill.holds(step.update(), writer.get(step.update().key())) ? ALREADY_KEYED : CHANGED;
            case ALREADY_KEYED -> ALREADY_KEYED;
            case NOT_INDEXED -> NOT_INDEXED;
            case OTHER -> OTHER;
          };
          outcomes.merge(outcome, 1L, Long::sum);
          if (outcome.equals(WRITTEN)) {
            written++;
          } else if (outcome.equals(CHANGED)) {
            detail = "changed since the export (or gone, or given its index keys by another writer): left as it"
                + " is; a later run backfills it if it still lacks its index keys";
          }
          if (detail != null) {
            AttributeValue pk = line.item().get(entity.partitionKeyAttribute());
            AttributeValue sk = entity.sortKeyAttribute() == null ? null : line.item().get(entity.sortKeyAttribute());
            problems.add(new ExportRekey.Problem(line.file(), line.line(), outcome, pk == null ? null : pk.s(),
                sk == null ? null : sk.s(), detail));
          }
        }
      }
    }
    return new ExportRekey.Result(outcomes, problems, written, Work.since(start, lines));
  }
}
