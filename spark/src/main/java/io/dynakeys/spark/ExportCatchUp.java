package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code catch-up}: an incremental export of the old table over the window of a re-key (from the
 * full export's time to the switch), applied to the new table the re-keyed export was imported
 * into, so that the changes made meanwhile reach it re-keyed. One task per data file; each line is
 * a change ({@code Keys}, {@code OldImage}, {@code NewImage}: the view must be
 * {@code NEW_AND_OLD_IMAGES}), and each image is re-keyed as {@link ExportRekey#toFiles} re-keys an
 * item (the migration for an item of the old layout; any other item as it is), or, for a layout
 * version change ({@link #applyAtVersion}), as {@link ExportRekey#toFilesAtVersion} does.
 *
 * <p>The writes keep {@code migrate}'s no-lost-update rule: the new table is written only where it
 * still holds what the re-key wrote there, so a writer that already wrote the new table is never
 * overwritten:
 *
 * <ul>
 *   <li>an insert puts the re-keyed new image under "absent, or exactly this" ({@code PUT});
 *   <li>an update puts it where the new table holds the re-keyed old image, or nothing
 *       ({@code PUT}); when re-keying moves the item (a component of the new key changed), the
 *       re-keyed old image is deleted too, under "exactly as re-keyed";
 *   <li>a delete removes the re-keyed old image under "exactly as re-keyed" ({@code DELETED}).
 * </ul>
 *
 * A change the new table already shows (a retried task, a second run) is {@code ALREADY_APPLIED};
 * one that meets anything else is a {@code CONFLICT}, reported with file and line and left as it
 * is. With the table's version attribute ({@link LiveTable#versionAttribute}) "holds the re-keyed
 * old image" compares that attribute only. Corrupt lines are reported, never dropped.
 */
public final class ExportCatchUp {
  private ExportCatchUp() {}

  /** The change kinds counted in the result, besides the problems' kinds. */
  public static final String PUT = "PUT";
  /** A delete applied. */
  public static final String DELETED = "DELETED";
  /** The new table showed the change already. */
  public static final String ALREADY_APPLIED = "ALREADY_APPLIED";
  /** The new table holds something else: left. */
  public static final String CONFLICT = "CONFLICT";
  /** An image the migration or the layouts refused. */
  public static final String FAILED = "FAILED";

  /**
   * Applies the incremental export in {@code directory} to {@code target}.
   *
   * @throws ConfigurationException when the export is no incremental export of the
   *     {@code NEW_AND_OLD_IMAGES} view in DynamoDB JSON, when {@code target} is the table the
   *     export was taken of (catch-up writes the new table; the old one has the changes already),
   *     or when the layouts or the migration do not load
   */
  public static ExportRekey.Result apply(SparkSession spark, String directory, String migration, String from,
      String to, boolean keepUnknown, LiveTable target) {
    return apply(spark, directory, new Layouts.RekeySpec(migration, from, to, keepUnknown), target);
  }

  /**
   * Applies the incremental export in {@code directory} to {@code target}, each image re-keyed as
   * {@link ExportRekey#toFilesAtVersion} re-keys an item: an image of the record's live older
   * layout version re-keyed to its current version {@code version} ({@code Rekey.toCurrentVersion}),
   * any other as it is. The writes, their conditions and the outcomes are {@link #apply}'s.
   *
   * @param keys the record's {@code Keys} class or record
   * @param version the record's current version
   * @throws ConfigurationException as {@link #apply} does, and when the record is not at
   *     {@code version} or has no live older version
   */
  public static ExportRekey.Result applyAtVersion(SparkSession spark, String directory, String keys, int version,
      boolean keepUnknown, LiveTable target) {
    return apply(spark, directory, Layouts.RekeySpec.toVersion(keys, version, keepUnknown), target);
  }

  private static ExportRekey.Result apply(SparkSession spark, String directory, Layouts.RekeySpec spec,
      LiveTable target) {
    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    Export export = Export.open(directory, hadoop, true);
    String source = Export.sourceTable(directory, hadoop);
    if (target.table().equals(source)) {
      throw new ConfigurationException("the incremental export is of " + source + ", the table catch-up would write:"
          + " it applies the changes to the new table the re-keyed export was imported into");
    }
    spec.rekey();
    byte[] conf = Export.serialize(hadoop);
    int tasks = Math.max(1, export.files().size());
    List<ExportRekey.Result> parts = ExportRekey.files(spark, export)
        .mapPartitions(p -> List.of(applyFiles(p, spec, target, tasks, conf)).iterator()).collect();
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

  /** What one change did, and why when it is a problem. */
  private record Applied(String kind, String detail, int writes) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  private static ExportRekey.Result applyFiles(Iterator<Export.DataFile> part, Layouts.RekeySpec spec,
      LiveTable target, int tasks, byte[] confBytes) throws InterruptedException {
    long start = System.currentTimeMillis();
    Configuration conf = Export.configuration(confBytes);
    Rekey rekey = spec.rekey();
    EntitySchema from = spec.fromSchema();
    EntitySchema to = spec.toSchema();
    Map<String, Long> outcomes = new TreeMap<>();
    List<ExportRekey.Problem> problems = new ArrayList<>();
    long written = 0;
    long lines = 0;
    try (ConditionalWriter writer = new ConditionalWriter(target, to.partitionKeyAttribute(), to.sortKeyAttribute(),
        target.pacer(tasks))) {
      while (part.hasNext()) {
        for (Iterator<Export.ChangeLine> it = Export.changes(part.next(), conf); it.hasNext(); ) {
          Export.ChangeLine line = it.next();
          lines++;
          if (line.change() == null) {
            outcomes.merge(FindingRow.CORRUPT_LINE, 1L, Long::sum);
            problems.add(new ExportRekey.Problem(line.file(), line.line(), FindingRow.CORRUPT_LINE, null, null,
                line.problem()));
            continue;
          }
          Applied a = apply(line.change(), rekey, writer, target.versionAttribute());
          outcomes.merge(a.kind(), 1L, Long::sum);
          written += a.writes();
          if (a.detail() != null) {
            Map<String, AttributeValue> keys = line.change().keys();
            AttributeValue pk = keys.get(from.partitionKeyAttribute());
            AttributeValue sk = from.sortKeyAttribute() == null ? null : keys.get(from.sortKeyAttribute());
            problems.add(new ExportRekey.Problem(line.file(), line.line(), a.kind(), pk == null ? null : pk.s(),
                sk == null ? null : sk.s(), a.detail()));
          }
        }
      }
    }
    return new ExportRekey.Result(outcomes, problems, written, Work.since(start, lines));
  }

  /** {@code image} as the re-keyed export holds it: re-keyed when it is the old layout's, else as it is. */
  private static Map<String, AttributeValue> next(Rekey rekey, Map<String, AttributeValue> image) {
    if (image == null || !rekey.isOldItem(image)) {
      return image;
    }
    return rekey.apply(image).orElse(image);
  }

  private static Applied apply(DynamoJson.Change change, Rekey rekey, ConditionalWriter writer, String version)
      throws InterruptedException {
    Map<String, AttributeValue> before;
    Map<String, AttributeValue> after;
    try {
      before = next(rekey, change.oldImage());
      after = next(rekey, change.newImage());
    } catch (RuntimeException e) {
      return new Applied(FAILED, e.getClass().getSimpleName() + ": " + e.getMessage(), 0);
    }
    if (after == null) {
      return remove(before, writer, version);
    }
    Map<String, AttributeValue> there = writer.get(writer.key(after));
    if (there != null && Conditions.same(there, after)) {
      if (before != null && !writer.key(before).equals(writer.key(after))) {
        Applied removed = remove(before, writer, version);
        return removed.kind().equals(DELETED) ? new Applied(PUT, null, removed.writes()) : removed;
      }
      return new Applied(ALREADY_APPLIED, null, 0);
    }
    boolean sameKey = before != null && writer.key(before).equals(writer.key(after));
    Conditions.Condition condition;
    if (there == null) {
      condition = Conditions.absent(writer.partitionKey());
    } else if (sameKey) {
      // Only over what the re-key wrote there: the re-keyed old image (or its version).
      condition = ExportRekey.orVersion(version, before, writer.partitionKey(), writer.sortKey());
      if (condition == null) {
        return new Applied(FAILED, "too wide for an exact condition (4 KB, 300 operators): give the table a"
            + " version attribute; nothing was written for it", 0);
      }
      if (version == null && !Conditions.same(there, before)) {
        return new Applied(CONFLICT, "the new table holds another item than the re-key wrote there (written since"
            + " by another writer?): left as it is", 0);
      }
    } else {
      return new Applied(CONFLICT, "another item holds the new key " + writer.key(after).values()
          + ": left as it is", 0);
    }
    if (writer.put(after, condition) == null) {
      return new Applied(CONFLICT, "the new table changed while the change was applied: left as it is", 1);
    }
    int writes = 1;
    if (before != null && !sameKey) {
      Applied removed = remove(before, writer, version);
      writes += removed.writes();
      if (removed.kind().equals(CONFLICT)) {
        return new Applied(CONFLICT, "put at its new key, but " + removed.detail(), writes);
      }
    }
    return new Applied(PUT, null, writes);
  }

  /** Deletes {@code before} (the re-keyed old image) if the new table still holds exactly it. */
  private static Applied remove(Map<String, AttributeValue> before, ConditionalWriter writer, String version)
      throws InterruptedException {
    Map<String, AttributeValue> there = writer.get(writer.key(before));
    if (there == null) {
      return new Applied(ALREADY_APPLIED, null, 0);
    }
    Conditions.Condition unchanged = ExportRekey.orVersion(version, before, writer.partitionKey(), writer.sortKey());
    if (unchanged == null) {
      return new Applied(FAILED, "too wide for an exact condition (4 KB, 300 operators): give the table a version"
          + " attribute; nothing was deleted", 0);
    }
    if (version == null && !Conditions.same(there, before)) {
      return new Applied(CONFLICT, "the item at " + writer.key(before).values() + " is not what the re-key wrote"
          + " there: not deleted", 0);
    }
    Map<String, AttributeValue> removed = writer.delete(writer.key(before), unchanged);
    if (removed == null) {
      return new Applied(CONFLICT, "the item at " + writer.key(before).values() + " changed while it was deleted:"
          + " left", 1);
    }
    if (version == null && !removed.isEmpty() && !Conditions.same(removed, before)) {
      writer.put(removed, Conditions.absent(writer.partitionKey()));
      return new Applied(CONFLICT, "the item at " + writer.key(before).values() + " had gained attributes: put"
          + " back, not deleted", 2);
    }
    return new Applied(DELETED, null, 1);
  }
}
