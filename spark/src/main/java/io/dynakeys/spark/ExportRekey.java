package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code rekey} over an export: {@link Rekey} (what {@code dynakeys migrate} computes for each old
 * item) applied to every exported item in the executors, one task per data file, and the
 * result either
 *
 * <ul>
 *   <li>written as a new export ({@link #toFiles}): every item, re-keyed or as it was (the new
 *       layout's, another entity's, one the migration skipped), in gzipped DynamoDB JSON under
 *       {@code data/}, with manifests; {@code ImportTable} loads {@code data/} into a new table,
 *       and {@link ExportVerify} reads the directory as an export; or
 *   <li>written back to the live table the export came from ({@link #toTable}), item by item with
 *       migrate's conditions: the new item put under "absent", then "absent or exactly this"
 *       (never over another item: {@code CONFLICT}); the old one deleted under "unchanged since
 *       the export" (every attribute, or the version attribute), and when that fails, or the
 *       delete removed an attribute added since, the copy withdrawn and the old item restored:
 *       {@code CHANGED}, left for {@code dynakeys migrate}. An item is at every moment in the
 *       old layout, the new one or both. Conditional writes cannot be batched
 *       ({@code BatchWriteItem} takes no conditions), so they are single requests, paced per task.
 * </ul>
 *
 * Corrupt lines and items the migration throws on are reported with file and line, and written
 * nowhere.
 */
public final class ExportRekey {
  private ExportRekey() {}

  /**
   * Something that kept an item from its new layout.
   *
   * @param file the data file
   * @param line the line in it
   * @param kind {@code CORRUPT_LINE}, or the {@link Outcome} name ({@code FAILED}, {@code CONFLICT},
   *     {@code CHANGED})
   * @param pk the stored partition key, when the line was an item
   * @param sk the stored sort key
   * @param detail what happened
   */
  public record Problem(String file, long line, String kind, String pk, String sk, String detail)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public String toString() {
      return kind + " " + file + ":" + line + (pk == null ? "" : " pk=" + pk) + (sk == null ? "" : " sk=" + sk)
          + ": " + detail;
    }
  }

  /**
   * The result of a re-key.
   *
   * @param outcomes the items of each outcome ({@code MIGRATED}, {@code NEW_LAYOUT}, {@code OTHER},
   *     {@code SKIPPED}, {@code FAILED}; writing back also {@code CONFLICT}, {@code CHANGED})
   * @param problems every corrupt line and every item that did not reach its new layout
   * @param written the items written (to files: every item but the problems; to a table: the re-keyed ones)
   * @param work the lines the tasks read, from the first task's start to the last task's end
   */
  public record Result(Map<String, Long> outcomes, List<Problem> problems, long written, Work work)
      implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Whether every line was an item and every old item reached the new layout. */
    public boolean ok() {
      return problems.isEmpty();
    }

    /** The items of {@code outcome}. */
    public long count(Outcome outcome) {
      return outcomes.getOrDefault(outcome.name(), 0L);
    }
  }

  /** What one task did. */
  private record Part(Map<String, Long> outcomes, List<Problem> problems, String file, long written,
      String md5, Work work) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Re-keys an export into a new export at {@code output}.
   *
   * @param output a directory that does not exist yet (or is empty)
   * @throws ConfigurationException when {@code output} holds files, or the layouts or the migration do not load
   */
  public static Result toFiles(SparkSession spark, Export export, String migration, String from, String to,
      boolean keepUnknown, String output) {
    return toFiles(spark, export, new Layouts.RekeySpec(migration, from, to, keepUnknown), output);
  }

  /**
   * Re-keys the items of a record's live older layout version in an export to its current version
   * ({@code @LayoutVersion(value = version, live = ...)}), into a new export at {@code output}, as
   * {@code dynakeys migrate --to-version} re-keys them in a table ({@code Rekey.toCurrentVersion}).
   *
   * @param keys the record's {@code Keys} class or record
   * @param version the record's current version
   * @param output a directory that does not exist yet (or is empty)
   * @throws ConfigurationException when {@code output} holds files, the record does not load, is not at
   *     {@code version} or has no live older version
   */
  public static Result toFilesAtVersion(SparkSession spark, Export export, String keys, int version,
      boolean keepUnknown, String output) {
    return toFiles(spark, export, Layouts.RekeySpec.toVersion(keys, version, keepUnknown), output);
  }

  private static Result toFiles(SparkSession spark, Export export, Layouts.RekeySpec spec, String output) {
    spec.rekey();
    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    String out = output.endsWith("/") ? output.substring(0, output.length() - 1) : output;
    try {
      Path dir = new Path(out);
      FileSystem fs = dir.getFileSystem(hadoop);
      if (fs.exists(dir) && fs.listStatus(dir).length > 0) {
        throw new ConfigurationException(out + " is not empty: the re-keyed export goes to a new directory");
      }
    } catch (IOException e) {
      throw new ConfigurationException("cannot use " + out + ": " + e, e);
    }
    byte[] conf = Export.serialize(hadoop);
    Export.Format format = export.format();
    List<Part> parts = files(spark, export).mapPartitions(p -> List.of(rekeyToFile(p, spec, out, conf, format)).iterator())
        .collect();
    Result result = merge(parts);
    writeManifests(hadoop, out, parts, result.written());
    return result;
  }

  /**
   * Re-keys the live table an export was taken of, in place, from the export: what
   * {@code dynakeys migrate} does, without scanning the table.
   */
  public static Result toTable(SparkSession spark, Export export, String migration, String from, String to,
      boolean keepUnknown, LiveTable table) {
    return toTable(spark, export, new Layouts.RekeySpec(migration, from, to, keepUnknown), table);
  }

  /**
   * Re-keys, in place, the items of a record's live older layout version in the live table an export
   * was taken of to its current version, from the export: what {@code dynakeys migrate --to-version}
   * does, without scanning the table.
   */
  public static Result toTableAtVersion(SparkSession spark, Export export, String keys, int version,
      boolean keepUnknown, LiveTable table) {
    return toTable(spark, export, Layouts.RekeySpec.toVersion(keys, version, keepUnknown), table);
  }

  private static Result toTable(SparkSession spark, Export export, Layouts.RekeySpec spec, LiveTable table) {
    spec.rekey();
    byte[] conf = Export.serialize(spark.sparkContext().hadoopConfiguration());
    Export.Format format = export.format();
    int tasks = Math.max(1, export.files().size());
    List<Part> parts = files(spark, export)
        .mapPartitions(p -> List.of(rekeyToTable(p, spec, table, tasks, conf, format)).iterator()).collect();
    return merge(parts);
  }

  static JavaRDD<Export.DataFile> files(SparkSession spark, Export export) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return jsc.parallelize(export.files(), Math.max(1, export.files().size()));
  }

  private static Result merge(List<Part> parts) {
    Map<String, Long> outcomes = new TreeMap<>();
    List<Problem> problems = new ArrayList<>();
    long written = 0;
    Work work = Work.NONE;
    for (Part p : parts) {
      p.outcomes().forEach((k, n) -> outcomes.merge(k, n, Long::sum));
      problems.addAll(p.problems());
      written += p.written();
      work = work.plus(p.work());
    }
    return new Result(outcomes, List.copyOf(problems), written, work);
  }

  /** One item's fate: written as {@code item} (null: not written) with {@code outcome}. */
  private record Step(Outcome outcome, Map<String, AttributeValue> item, Map<String, AttributeValue> old,
      String detail) {}

  private static Step step(Rekey rekey, Map<String, AttributeValue> item) {
    if (!rekey.isOldItem(item)) {
      return new Step(rekey.isNewItem(item) ? Outcome.NEW_LAYOUT : Outcome.OTHER, item, null, null);
    }
    try {
      return rekey.apply(item).map(next -> new Step(Outcome.MIGRATED, next, item, null))
          .orElseGet(() -> new Step(Outcome.SKIPPED, item, null, null));
    } catch (RuntimeException e) {
      return new Step(Outcome.FAILED, null, item, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static Part rekeyToFile(Iterator<Export.DataFile> part, Layouts.RekeySpec spec, String out,
      byte[] confBytes, Export.Format format) throws IOException, NoSuchAlgorithmException {
    long start = System.currentTimeMillis();
    Configuration conf = Export.configuration(confBytes);
    Rekey rekey = spec.rekey();
    EntitySchema from = spec.fromSchema();
    String relative = String.format("data/part-%05d.json.gz", TaskContext.getPartitionId());
    Path path = new Path(out + "/" + relative);
    MessageDigest md5 = MessageDigest.getInstance("MD5");
    Map<String, Long> outcomes = new TreeMap<>();
    List<Problem> problems = new ArrayList<>();
    long written = 0;
    long lines = 0;
    // Overwritten by a retried task: the same input gives the same file.
    try (FSDataOutputStream raw = withoutChecksums(path, conf).create(path, true);
        Writer w = new BufferedWriter(new OutputStreamWriter(
            new GZIPOutputStream(new DigestOutputStream(raw, md5), 64 * 1024), StandardCharsets.UTF_8), 64 * 1024)) {
      while (part.hasNext()) {
        for (Iterator<Export.Line> it = Export.lines(part.next(), conf, format); it.hasNext(); ) {
          Export.Line line = it.next();
          lines++;
          if (line.item() == null) {
            problems.add(new Problem(line.file(), line.line(), FindingRow.CORRUPT_LINE, null, null, line.problem()));
            continue;
          }
          Step s = step(rekey, line.item());
          outcomes.merge(s.outcome().name(), 1L, Long::sum);
          if (s.item() == null) {
            problems.add(problem(line, s.outcome(), from, s.detail()));
            continue;
          }
          w.write(DynamoJson.writeLine(s.item()));
          w.write('\n');
          written++;
        }
      }
    }
    return new Part(outcomes, problems, relative, written, Base64.getEncoder().encodeToString(md5.digest()),
        Work.since(start, lines));
  }

  private static Problem problem(Export.Line line, Outcome outcome, EntitySchema from, String detail) {
    AttributeValue pk = line.item().get(from.partitionKeyAttribute());
    AttributeValue sk = from.sortKeyAttribute() == null ? null : line.item().get(from.sortKeyAttribute());
    return new Problem(line.file(), line.line(), outcome.name(), pk == null ? null : pk.s(),
        sk == null ? null : sk.s(), detail);
  }

  private static void writeManifests(Configuration conf, String out, List<Part> parts, long items) {
    StringBuilder files = new StringBuilder();
    for (Part p : parts) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("itemCount", p.written());
      entry.put("md5Checksum", p.md5());
      entry.put("dataFileS3Key", p.file());
      files.append(DynamoJson.json(entry)).append('\n');
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("version", "2020-06-30");
    summary.put("exportTime", Instant.now().toString());
    summary.put("itemCount", items);
    summary.put("outputFormat", "DYNAMODB_JSON");
    summary.put("exportType", "FULL_EXPORT");
    summary.put("manifestFilesS3Key", Export.FILES);
    summary.put("producer", "dynakeys-spark rekey");
    write(conf, new Path(out, Export.FILES), files.toString());
    write(conf, new Path(out, Export.SUMMARY), DynamoJson.json(summary) + "\n");
  }

  private static void write(Configuration conf, Path path, String text) {
    try (FSDataOutputStream o = withoutChecksums(path, conf).create(path, true)) {
      o.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The file system to write {@code path} with. Hadoop's local file system (a
   * {@link ChecksumFileSystem}) writes a checksum file beside each file it writes
   * ({@code data/.part-00000.json.gz.crc}), which an upload of {@code data/} would give
   * {@code ImportTable} as data: the files go through the raw local file system under it, which
   * writes none (and reading them back checks nothing, there being no checksum to check). Other file
   * systems (S3A, EMRFS, HDFS) write no such files and are used as they are.
   */
  static FileSystem withoutChecksums(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    return fs instanceof ChecksumFileSystem local ? local.getRawFileSystem() : fs;
  }

  private static Part rekeyToTable(Iterator<Export.DataFile> part, Layouts.RekeySpec spec, LiveTable table,
      int tasks, byte[] confBytes, Export.Format format) throws InterruptedException {
    long start = System.currentTimeMillis();
    Configuration conf = Export.configuration(confBytes);
    Rekey rekey = spec.rekey();
    EntitySchema from = spec.fromSchema();
    Map<String, Long> outcomes = new TreeMap<>();
    List<Problem> problems = new ArrayList<>();
    long written = 0;
    long lines = 0;
    try (ConditionalWriter writer = new ConditionalWriter(table, from.partitionKeyAttribute(),
        from.sortKeyAttribute(), table.pacer(tasks))) {
      while (part.hasNext()) {
        for (Iterator<Export.Line> it = Export.lines(part.next(), conf, format); it.hasNext(); ) {
          Export.Line line = it.next();
          lines++;
          if (line.item() == null) {
            problems.add(new Problem(line.file(), line.line(), FindingRow.CORRUPT_LINE, null, null, line.problem()));
            continue;
          }
          Step s = step(rekey, line.item());
          Outcome outcome = s.outcome();
          String detail = s.detail();
          if (outcome == Outcome.MIGRATED) {
            ConditionalWriter.Written w = writer.rekey(s.old(), s.item());
            outcome = w.outcome();
            detail = w.detail();
            if (outcome == Outcome.MIGRATED) {
              written++;
            }
          }
          outcomes.merge(outcome.name(), 1L, Long::sum);
          if (outcome.problem()) {
            problems.add(problem(line, outcome, from, detail));
          }
        }
      }
    }
    return new Part(outcomes, problems, null, written, null, Work.since(start, lines));
  }

  /** The command line's conditions ({@link Conditions}), for the writers. */
  static Conditions.Condition orVersion(String version, Map<String, AttributeValue> item, String pk, String sk) {
    return version != null ? Conditions.versionIs(version, item.get(version)) : Conditions.equalTo(item, pk, sk);
  }
}
