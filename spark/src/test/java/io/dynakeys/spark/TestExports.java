package io.dynakeys.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Exports of a table on the local server, written in the format DynamoDB's {@code ExportTableToPointInTime}
 * writes to S3 ({@code AWSDynamoDB/<ExportId>/manifest-summary.json}, {@code manifest-files.json},
 * {@code data/<id>.json.gz} of one {@code {"Item": {...}}} per line), by a writer of its own: it
 * shares no code with the job's reader.
 */
final class TestExports {
  private TestExports() {}

  /** Every item of {@code table}, by a paged scan. */
  static List<Map<String, AttributeValue>> scan(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse page = client.scan(r -> r.tableName(table).exclusiveStartKey(from));
      out.addAll(page.items());
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return out;
  }

  /** Key text of an item: {@code pk|sk}. */
  static String key(Map<String, AttributeValue> item) {
    return item.get("pk").s() + "|" + (item.get("sk") == null ? "" : item.get("sk").s());
  }

  /**
   * Writes {@code items} as an export under {@code root}, spread over {@code files} data files,
   * with {@code extraLines} appended to the given files (raw text, for corrupt lines).
   *
   * @return the export's directory
   */
  static Path write(Path root, String exportId, List<Map<String, AttributeValue>> items, int files,
      Map<Integer, List<String>> extraLines) throws IOException {
    return write(root, exportId, items, files, extraLines, false);
  }

  /** {@link #write}, in Amazon Ion text when {@code ion}. */
  static Path write(Path root, String exportId, List<Map<String, AttributeValue>> items, int files,
      Map<Integer, List<String>> extraLines, boolean ion) throws IOException {
    Path dir = root.resolve("AWSDynamoDB").resolve(exportId);
    Path data = Files.createDirectories(dir.resolve("data"));
    List<List<String>> lines = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      lines.add(new ArrayList<>());
    }
    for (int i = 0; i < items.size(); i++) {
      lines.get(i % files).add(ion ? ionLine(items.get(i)) : line(items.get(i)));
    }
    extraLines.forEach((f, extra) -> lines.get(f).addAll(extra));
    StringBuilder manifest = new StringBuilder();
    for (int f = 0; f < files; f++) {
      String name = String.format("%05d-%s.%s.gz", f, exportId, ion ? "ion" : "json");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (OutputStream gz = new GZIPOutputStream(bytes)) {
        for (String l : lines.get(f)) {
          gz.write((l + "\n").getBytes(StandardCharsets.UTF_8));
        }
      }
      Files.write(data.resolve(name), bytes.toByteArray());
      manifest.append("{\"itemCount\":").append(lines.get(f).stream().filter(l -> !l.isBlank()).count()).append(",\"md5Checksum\":\"x\",\"etag\":\"y\","
          + "\"dataFileS3Key\":\"exports/AWSDynamoDB/").append(exportId).append("/data/").append(name)
          .append("\"}\n");
    }
    Files.writeString(dir.resolve("manifest-files.json"), manifest.toString());
    Files.writeString(dir.resolve("manifest-summary.json"), "{\"version\":\"2020-06-30\",\"exportArn\":"
        + "\"arn:aws:dynamodb:us-east-1:123456789012:table/t/export/" + exportId + "\",\"startTime\":"
        + "\"2026-11-04T07:28:34.028Z\",\"endTime\":\"2026-11-04T07:33:43.897Z\",\"exportTime\":"
        + "\"2026-11-04T07:28:34.028Z\",\"s3Bucket\":\"bucket\",\"s3Prefix\":\"exports\",\"manifestFilesS3Key\":"
        + "\"exports/AWSDynamoDB/" + exportId + "/manifest-files.json\",\"billedSizeBytes\":0,\"itemCount\":"
        + items.size() + ",\"outputFormat\":\"" + (ion ? "ION" : "DYNAMODB_JSON") + "\",\"exportType\":\"FULL_EXPORT\"}");
    return dir;
  }

  /**
   * Writes the changes from {@code before} to {@code after} (items by {@link #key}) as an
   * incremental export of {@code table} in the {@code NEW_AND_OLD_IMAGES} view, as DynamoDB's
   * incremental {@code ExportTableToPointInTime} writes it: one line per changed item,
   * {@code {"Metadata":{"WriteTimestampMicros":{"N":...}},"Keys":{...},"OldImage":{...},"NewImage":{...}}}
   * (an insert has no {@code OldImage}, a delete no {@code NewImage}), over {@code files} data files,
   * with {@code extraLines} appended (raw text).
   *
   * @return the export's directory
   */
  static Path writeIncremental(Path root, String exportId, String table, Map<String, Map<String, AttributeValue>> before,
      Map<String, Map<String, AttributeValue>> after, int files, List<String> extraLines) throws IOException {
    java.util.TreeSet<String> keys = new java.util.TreeSet<>(before.keySet());
    keys.addAll(after.keySet());
    List<String> lines = new ArrayList<>();
    long micros = 1_780_000_000_000_000L;
    for (String k : keys) {
      Map<String, AttributeValue> b = before.get(k);
      Map<String, AttributeValue> a = after.get(k);
      if (java.util.Objects.equals(b, a)) {
        continue;
      }
      Map<String, AttributeValue> any = a != null ? a : b;
      Map<String, AttributeValue> key = new java.util.LinkedHashMap<>();
      key.put("pk", any.get("pk"));
      key.put("sk", any.get("sk"));
      StringBuilder line = new StringBuilder("{\"Metadata\":{\"WriteTimestampMicros\":{\"N\":\"")
          .append(micros++).append("\"}},\"Keys\":").append(map(key));
      if (b != null) {
        line.append(",\"OldImage\":").append(map(b));
      }
      if (a != null) {
        line.append(",\"NewImage\":").append(map(a));
      }
      lines.add(line.append('}').toString());
    }
    lines.addAll(extraLines);
    Path dir = root.resolve("AWSDynamoDB").resolve(exportId);
    Path data = Files.createDirectories(dir.resolve("data"));
    StringBuilder manifest = new StringBuilder();
    for (int f = 0; f < files; f++) {
      String name = String.format("%05d-%s.json.gz", f, exportId);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      long count = 0;
      try (OutputStream gz = new GZIPOutputStream(bytes)) {
        for (int i = f; i < lines.size(); i += files) {
          gz.write((lines.get(i) + "\n").getBytes(StandardCharsets.UTF_8));
          count++;
        }
      }
      Files.write(data.resolve(name), bytes.toByteArray());
      manifest.append("{\"itemCount\":").append(count).append(",\"md5Checksum\":\"x\",\"etag\":\"y\","
          + "\"dataFileS3Key\":\"exports/AWSDynamoDB/").append(exportId).append("/data/").append(name).append("\"}\n");
    }
    Files.writeString(dir.resolve("manifest-files.json"), manifest.toString());
    Files.writeString(dir.resolve("manifest-summary.json"), "{\"version\":\"2023-08-01\",\"exportArn\":"
        + "\"arn:aws:dynamodb:us-east-1:123456789012:table/" + table + "/export/" + exportId + "\",\"startTime\":"
        + "\"2026-11-04T09:00:00.000Z\",\"endTime\":\"2026-11-04T09:05:00.000Z\",\"tableArn\":"
        + "\"arn:aws:dynamodb:us-east-1:123456789012:table/" + table + "\",\"exportFromTime\":"
        + "\"2026-11-04T07:28:34.028Z\",\"exportToTime\":\"2026-11-04T08:58:00.000Z\",\"s3Bucket\":\"bucket\","
        + "\"s3Prefix\":\"exports\",\"manifestFilesS3Key\":\"exports/AWSDynamoDB/" + exportId
        + "/manifest-files.json\",\"billedSizeBytes\":0,\"itemCount\":" + lines.size() + ",\"outputFormat\":"
        + "\"DYNAMODB_JSON\",\"outputView\":\"NEW_AND_OLD_IMAGES\",\"exportType\":\"INCREMENTAL_EXPORT\"}");
    return dir;
  }

  static Path write(Path root, String exportId, List<Map<String, AttributeValue>> items, int files) throws IOException {
    return write(root, exportId, items, files, new HashMap<>());
  }

  /** One export line. */
  static String line(Map<String, AttributeValue> item) {
    return "{\"Item\":" + map(item) + "}";
  }

  /** One export line in Amazon Ion text, as DynamoDB writes it. */
  static String ionLine(Map<String, AttributeValue> item) {
    return "$ion_1_0 {Item:" + ionMap(item) + "}";
  }

  private static String ionMap(Map<String, AttributeValue> m) {
    StringBuilder b = new StringBuilder("{");
    m.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append(string(k)).append(':').append(ion(v)));
    return b.append('}').toString();
  }

  private static String ion(AttributeValue v) {
    return switch (v.type()) {
      case S -> string(v.s());
      case N -> ionNumber(v.n());
      case B -> "{{" + Base64.getEncoder().encodeToString(v.b().asByteArray()) + "}}";
      case BOOL -> Boolean.toString(v.bool());
      case NUL -> "null";
      case SS -> "$dynamodb_SS::[" + String.join(",", v.ss().stream().map(TestExports::string).toList()) + "]";
      case NS -> "$dynamodb_NS::[" + String.join(",", v.ns().stream().map(TestExports::ionNumber).toList()) + "]";
      case L -> "[" + String.join(",", v.l().stream().map(TestExports::ion).toList()) + "]";
      case M -> ionMap(v.m());
      default -> throw new IllegalArgumentException("not exported by these tests: " + v);
    };
  }

  /** A DynamoDB number as an Ion decimal: {@code 12.}, {@code 12.5}. */
  private static String ionNumber(String n) {
    return n.contains(".") ? n : n + ".";
  }

  private static String map(Map<String, AttributeValue> m) {
    StringBuilder b = new StringBuilder("{");
    m.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append(string(k)).append(':').append(value(v)));
    return b.append('}').toString();
  }

  private static String value(AttributeValue v) {
    return switch (v.type()) {
      case S -> "{\"S\":" + string(v.s()) + "}";
      case N -> "{\"N\":" + string(v.n()) + "}";
      case B -> "{\"B\":" + string(Base64.getEncoder().encodeToString(v.b().asByteArray())) + "}";
      case BOOL -> "{\"BOOL\":" + v.bool() + "}";
      case NUL -> "{\"NULL\":true}";
      case SS -> "{\"SS\":[" + String.join(",", v.ss().stream().map(TestExports::string).toList()) + "]}";
      case NS -> "{\"NS\":[" + String.join(",", v.ns().stream().map(TestExports::string).toList()) + "]}";
      case L -> "{\"L\":[" + String.join(",", v.l().stream().map(TestExports::value).toList()) + "]}";
      case M -> "{\"M\":" + map(v.m()) + "}";
      default -> throw new IllegalArgumentException("not exported by these tests: " + v);
    };
  }

  private static String string(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
