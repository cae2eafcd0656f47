package io.dynakeys.tools.index;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.schema.EntityModel;
import io.dynakeys.operations.internal.write.IndexKeyBackfill;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.tools.core.Checkpoint;
import io.dynakeys.tools.core.Progress;
import io.dynakeys.tools.core.RateLimiter;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.SegmentedScan;
import io.dynakeys.tools.core.Writes;
import io.dynakeys.tools.verify.Verifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * {@code dynakeys backfill-index} as a library call: writes the keys of a record's synthetic global
 * index into the items written before the index was declared (a layout version that adds an index
 * and keeps the table's keys), in a parallel scan, resumably, under the write-rate cap.
 *
 * <p>An item of the record without the index's partition key attribute is read, the record's
 * table schema computes its index keys, and only those attributes are set, under the condition that
 * the item still exists, still has no index partition key (a newer write of the application, which
 * writes the index keys itself, is never overwritten), and every attribute the index keys are
 * computed from is still what the scan read (a writer that changed one meanwhile, even one that
 * does not write the index, makes the update fail: the item is counted as changed, and a rerun
 * without the checkpoint backfills its new values). After each page the segment's key and counts go
 * to the checkpoint: a killed run resumes where it stopped. Which items need a backfill, the update
 * and its condition are the operations' {@code IndexKeyBackfill}, which the Spark job over an export
 * runs too.
 */
public final class IndexBackfill {
  private IndexBackfill() {}

  /**
   * What a backfill did, over the whole job (earlier runs of the checkpoint included).
   *
   * @param written items whose index keys were written
   * @param alreadyKeyed items of the record that had the index keys already
   * @param changed items changed between the scan and the write (not written)
   * @param notIndexed items of the record the index does not hold (a sparse index's optional
   *     component absent)
   * @param other items of other entities, left alone
   */
  public record Report(long written, long alreadyKeyed, long changed, long notIndexed, long other) {
    /** A line for the command line. */
    public String toText() {
      return "written " + written + ", already keyed " + alreadyKeyed + ", changed meanwhile " + changed
          + ", not in the index " + notIndexed + ", other items " + other;
    }
  }

  private static final List<String> COUNTS = List.of("written", "alreadyKeyed", "changed", "notIndexed", "other");

  /**
   * Backfills the keys of {@code index} in the items of {@code schema}'s record in {@code table}.
   *
   * @throws ConfigurationException when the record declares no synthetic global index of that name
   */
  public static Report backfill(DynamoDbClient client, String table, EntitySchema schema, String index,
      ScanSettings settings) throws Exception {
    IndexKeyBackfill rule = IndexKeyBackfill.of(EntityModel.of(schema.keysClass()), index);
    String job = "keys=" + schema.keysClass().getName() + " index=" + index;
    Checkpoint checkpoint = Checkpoint.open(settings.checkpoint(), "backfill-index", table, job,
        settings.totalSegments());
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    Map<Integer, long[]> parts;
    try (Progress progress = new Progress("backfill-index " + table, settings.progress(),
        Verifier.expected(description, settings), settings.toSegment() - settings.fromSegment())) {
      Writes writes = new Writes(client, table, settings.writeRate(), progress, false);
      SegmentedScan<long[]> scan = new SegmentedScan<>(client, table, settings, checkpoint,
          RateLimiter.of(settings.readRate()), progress);
      parts = scan.run(new SegmentedScan.Handler<>() {
        @Override
        public long[] start(int segment, Object saved) {
          long[] counts = new long[COUNTS.size()];
          if (saved instanceof Map<?, ?> map) {
            for (int i = 0; i < counts.length; i++) {
              Object n = map.get(COUNTS.get(i));
              counts[i] = n instanceof Number number ? number.longValue() : 0;
            }
          }
          return counts;
        }

        @Override
        public void page(int segment, long[] counts, List<Map<String, AttributeValue>> items) throws Exception {
          for (Map<String, AttributeValue> item : items) {
            counts[backfill(item)]++;
          }
        }

        private int backfill(Map<String, AttributeValue> item) throws InterruptedException {
          IndexKeyBackfill.Step step = rule.step(item);
          return switch (step.need()) {
            case WRITE -> writes.update(step.update().key(), step.update().attributes(), step.update().condition())
                ? 0 : 2;
            case ALREADY_KEYED -> 1;
            case NOT_INDEXED -> 3;
            case OTHER -> 4;
          };
        }

        @Override
        public Object save(long[] counts) {
          Map<String, Object> json = new LinkedHashMap<>();
          for (int i = 0; i < counts.length; i++) {
            json.put(COUNTS.get(i), counts[i]);
          }
          return json;
        }
      });
    }
    long[] total = new long[COUNTS.size()];
    for (long[] part : parts.values()) {
      for (int i = 0; i < total.length; i++) {
        total[i] += part[i];
      }
    }
    return new Report(total[0], total[1], total[2], total[3], total[4]);
  }
}
