package io.dynakeys.spark;

import com.fasterxml.jackson.databind.JsonNode;
import io.dynakeys.operations.ConfigurationException;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A DynamoDB export to S3, at any Hadoop path ({@code s3a://bucket/prefix/AWSDynamoDB/<ExportId>},
 * or a local directory): its {@code manifest-summary.json} (the format, the item count) and
 * {@code manifest-files.json} (one line per data file: {@code dataFileS3Key}, {@code itemCount}),
 * and the data files under {@code data/}, gzipped, one item per line in DynamoDB JSON.
 *
 * <p>Both export formats are read: DynamoDB JSON ({@code {"Item": {"pk": {"S": "..."}}}} per line)
 * and Amazon Ion text ({@code $ion_1_0 {Item:{pk:"..."}}} per line).
 *
 * @param directory the export's directory, the one holding the manifests
 * @param files the data files, in the manifest's order
 * @param itemCount the summary's item count, or -1 when it has none
 * @param format the data files' format
 */
public record Export(String directory, List<DataFile> files, long itemCount, Format format) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The summary manifest's name. */
  public static final String SUMMARY = "manifest-summary.json";
  /** The files manifest's name. */
  public static final String FILES = "manifest-files.json";

  /**
   * One data file of an export.
   *
   * @param path its full Hadoop path
   * @param itemCount the items the manifest says it holds, or -1 when it does not say
   */
  public record DataFile(String path, long itemCount) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** An export's {@code outputFormat}. */
  public enum Format {
    /** {@code {"Item": {"pk": {"S": "..."}}}} per line. */
    DYNAMODB_JSON,
    /** {@code $ion_1_0 {Item:{pk:"..."}}} per line. */
    ION
  }

  /** Copies the list. */
  public Export {
    files = List.copyOf(files);
  }

  /**
   * Reads an export's manifests.
   *
   * @param directory the directory holding {@code manifest-summary.json} and {@code manifest-files.json}
   * @param conf the Hadoop configuration (Spark's: {@code spark.sparkContext().hadoopConfiguration()})
   * @throws ConfigurationException when the manifests are missing or unreadable, or the export is
   *     not in DynamoDB JSON
   */
  public static Export open(String directory, Configuration conf) {
    return open(directory, conf, false);
  }

  /**
   * Reads the manifests of an export of either type: a full export's ({@code incremental} false),
   * or an incremental export's in DynamoDB JSON with the {@code NEW_AND_OLD_IMAGES} view, whose
   * lines are changes ({@link #changes}).
   */
  static Export open(String directory, Configuration conf, boolean incremental) {
    String dir = directory.endsWith("/") ? directory.substring(0, directory.length() - 1) : directory;
    JsonNode summary = read(new Path(dir, SUMMARY), conf, true);
    long itemCount = -1;
    Format format = Format.DYNAMODB_JSON;
    if (summary != null) {
      String name = summary.path("outputFormat").asText("DYNAMODB_JSON");
      try {
        format = Format.valueOf(name);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException(dir + ": outputFormat " + name + " is no export format this job reads"
            + " (DYNAMODB_JSON, ION)");
      }
      String type = summary.path("exportType").asText("FULL_EXPORT");
      if (!incremental && !type.equals("FULL_EXPORT")) {
        throw new ConfigurationException(dir + ": exportType " + type + " is not supported here: an incremental"
            + " export holds changes, not items; verify and re-key read a FULL_EXPORT, and catch-up"
            + " (ExportCatchUp, spark-submit ... catch-up) applies an INCREMENTAL_EXPORT");
      }
      if (incremental) {
        if (!type.equals("INCREMENTAL_EXPORT")) {
          throw new ConfigurationException(dir + ": exportType " + type + ": catch-up applies an INCREMENTAL_EXPORT"
              + " (the changes of the window), not a full export");
        }
        String view = summary.path("outputView").asText("NEW_AND_OLD_IMAGES");
        if (!view.equals("NEW_AND_OLD_IMAGES")) {
          throw new ConfigurationException(dir + ": outputView " + view + ": catch-up needs NEW_AND_OLD_IMAGES (a"
              + " NEW_IMAGE export does not say which item a delete removed, nor what an update replaced)");
        }
        if (format != Format.DYNAMODB_JSON) {
          throw new ConfigurationException(dir + ": outputFormat " + format + ": catch-up reads incremental exports"
              + " in DYNAMODB_JSON");
        }
      }
      itemCount = summary.path("itemCount").asLong(-1);
    }
    List<DataFile> files = new ArrayList<>();
    Path manifest = new Path(dir, FILES);
    String text = readText(manifest, conf, false);
    int lineNumber = 0;
    for (String line : text.split("\n")) {
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      JsonNode entry;
      try {
        entry = DynamoJson.tree(line);
      } catch (IOException e) {
        throw new ConfigurationException(manifest + " line " + lineNumber + " is not JSON: " + e.getMessage(), e);
      }
      String key = entry.path("dataFileS3Key").asText(null);
      if (key == null) {
        throw new ConfigurationException(manifest + " line " + lineNumber + " has no dataFileS3Key");
      }
      // The key is relative to the bucket (prefix/AWSDynamoDB/<id>/data/x.json.gz): the file is
      // found under this directory, wherever the export was copied to.
      int data = key.lastIndexOf("data/");
      String relative = data >= 0 ? key.substring(data) : key;
      files.add(new DataFile(dir + "/" + relative, entry.path("itemCount").asLong(-1)));
    }
    if (summary == null) {
      throw new ConfigurationException(new Path(dir, SUMMARY) + " is missing: is " + dir
          + " the AWSDynamoDB/<ExportId> directory of an export?");
    }
    return new Export(dir, files, itemCount, format);
  }

  /**
   * The name of the table an export was taken of, from its summary's {@code tableArn}, or
   * {@code null} when the summary does not say.
   */
  static String sourceTable(String directory, Configuration conf) {
    String dir = directory.endsWith("/") ? directory.substring(0, directory.length() - 1) : directory;
    JsonNode summary = read(new Path(dir, SUMMARY), conf, true);
    String arn = summary == null ? null : summary.path("tableArn").asText(null);
    return arn == null || !arn.contains(":table/") ? null : arn.substring(arn.indexOf(":table/") + 7);
  }

  private static JsonNode read(Path path, Configuration conf, boolean optional) {
    String text = readText(path, conf, optional);
    if (text == null) {
      return null;
    }
    try {
      return DynamoJson.tree(text);
    } catch (IOException e) {
      throw new ConfigurationException(path + " is not JSON: " + e.getMessage(), e);
    }
  }

  private static String readText(Path path, Configuration conf, boolean optional) {
    try {
      FileSystem fs = path.getFileSystem(conf);
      if (!fs.exists(path)) {
        if (optional) {
          return null;
        }
        throw new ConfigurationException(path + " is missing: is " + path.getParent()
            + " the AWSDynamoDB/<ExportId> directory of an export?");
      }
      try (FSDataInputStream in = fs.open(path)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new ConfigurationException("cannot read " + path + ": " + e, e);
    }
  }

  /** A Hadoop configuration as bytes, to ship to executors (Configuration is Writable, not Serializable). */
  static byte[] serialize(Configuration conf) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        conf.write(out);
      }
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The configuration {@link #serialize} wrote. */
  static Configuration configuration(byte[] bytes) {
    Configuration conf = new Configuration(false);
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      conf.readFields(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return conf;
  }

  /**
   * One line of a data file: its item, or why it is none.
   *
   * @param file the data file
   * @param line the line number, from 1
   * @param item the item, or {@code null} when the line is corrupt
   * @param problem why the line is no item, or {@code null}
   */
  public record Line(String file, long line, Map<String, AttributeValue> item, String problem) {}

  /**
   * The lines of one data file, read as they are needed (gunzipped when the name ends in
   * {@code .gz}). Blank lines are no items and no problem. A file that cannot be opened, or
   * ends inside its gzip stream, is one more problem line (line 0 for the file itself).
   */
  static Iterator<Line> lines(DataFile file, Configuration conf, Format format) {
    return parsed(file, conf, text -> format == Format.ION ? IonLines.parseLine(text) : DynamoJson.parseLine(text),
        (number, item, problem) -> new Line(file.path(), number, item, problem));
  }

  /**
   * One line of an incremental export's data file: its change, or why it is none.
   *
   * @param file the data file
   * @param line the line number, from 1
   * @param change the change, or {@code null} when the line is corrupt
   * @param problem why the line is no change, or {@code null}
   */
  public record ChangeLine(String file, long line, DynamoJson.Change change, String problem) {}

  /** The changes of one data file of an incremental export, read as {@link #lines} reads items. */
  static Iterator<ChangeLine> changes(DataFile file, Configuration conf) {
    return parsed(file, conf, DynamoJson::parseChange,
        (number, change, problem) -> new ChangeLine(file.path(), number, change, problem));
  }

  private interface Parser<T> {
    T parse(String text) throws DynamoJson.CorruptLineException;
  }

  private interface Maker<T, L> {
    L make(long number, T value, String problem);
  }

  private static <T, L> Iterator<L> parsed(DataFile file, Configuration conf, Parser<T> parser, Maker<T, L> maker) {
    return new Iterator<>() {
      BufferedReader reader;
      L next;
      long number;
      boolean done;

      @Override
      public boolean hasNext() {
        if (next != null) {
          return true;
        }
        if (done) {
          return false;
        }
        try {
          if (reader == null) {
            Path path = new Path(file.path());
            InputStream in = path.getFileSystem(conf).open(path);
            if (file.path().endsWith(".gz")) {
              in = new GZIPInputStream(in, 64 * 1024);
            }
            reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 64 * 1024);
          }
          String text;
          while ((text = reader.readLine()) != null) {
            number++;
            if (text.isBlank()) {
              continue;
            }
            try {
              next = maker.make(number, parser.parse(text), null);
            } catch (DynamoJson.CorruptLineException e) {
              next = maker.make(number, null, e.getMessage());
            }
            return true;
          }
          finish();
          return false;
        } catch (IOException e) {
          finish();
          next = maker.make(reader == null ? 0 : number + 1, null,
              (reader == null ? "cannot read the file: " : "the file breaks off: ") + e);
          return true;
        }
      }

      private void finish() {
        done = true;
        if (reader != null) {
          try {
            reader.close();
          } catch (IOException ignored) {
            // read to the end already
          }
        }
      }

      @Override
      public L next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        L out = next;
        next = null;
        return out;
      }
    };
  }
}
