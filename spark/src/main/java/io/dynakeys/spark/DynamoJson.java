package io.dynakeys.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One line of a DynamoDB export in DynamoDB JSON, {@code {"Item": {"pk": {"S": "..."}, ...}}}, read
 * strictly and written back in the same form (what {@code ImportTable} reads with
 * {@code InputFormat DYNAMODB_JSON}). Jackson comes with Spark.
 */
public final class DynamoJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonFactory FACTORY = MAPPER.getFactory();

  private DynamoJson() {}

  /** Why a line is not an exported item. */
  public static final class CorruptLineException extends Exception {
    private static final long serialVersionUID = 1L;

    CorruptLineException(String reason) {
      super(reason);
    }
  }

  /**
   * The item of one export line.
   *
   * @throws CorruptLineException when the line is not JSON, not {@code {"Item": {...}}}, or holds
   *     a value that is no DynamoDB attribute value
   */
  public static Map<String, AttributeValue> parseLine(String line) throws CorruptLineException {
    JsonNode root;
    try {
      root = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new CorruptLineException("not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new CorruptLineException("not a JSON object");
    }
    JsonNode item = root.get("Item");
    if (item == null || !item.isObject() || root.size() != 1) {
      throw new CorruptLineException("not {\"Item\": {...}}: the line's fields are " + fieldNames(root));
    }
    if (item.size() == 0) {
      throw new CorruptLineException("an item without attributes");
    }
    return item(item, "");
  }

  /**
   * One line of an incremental export (view {@code NEW_AND_OLD_IMAGES}): the item's primary key,
   * its image before the export's window ({@code null}: it was inserted) and after it ({@code null}:
   * it was deleted).
   *
   * @param keys the primary key ({@code Keys})
   * @param oldImage the item at the window's start ({@code OldImage}), or {@code null}
   * @param newImage the item at the window's end ({@code NewImage}), or {@code null}
   */
  public record Change(Map<String, AttributeValue> keys, Map<String, AttributeValue> oldImage,
      Map<String, AttributeValue> newImage) {}

  private static final java.util.Set<String> CHANGE_FIELDS = java.util.Set.of("Metadata", "Keys", "OldImage",
      "NewImage");

  /**
   * The change of one incremental export line: {@code {"Metadata": {...}, "Keys": {...},
   * "OldImage": {...}, "NewImage": {...}}}, read as strictly as an item.
   *
   * @throws CorruptLineException when the line is not JSON, has other fields, no {@code Keys}, no
   *     image, an image whose key attributes are not {@code Keys}, or a value that is no DynamoDB
   *     attribute value
   */
  public static Change parseChange(String line) throws CorruptLineException {
    JsonNode root;
    try {
      root = MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new CorruptLineException("not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new CorruptLineException("not a JSON object");
    }
    Iterator<String> names = root.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!CHANGE_FIELDS.contains(name)) {
        throw new CorruptLineException("not a change {\"Keys\": ..., \"OldImage\": ..., \"NewImage\": ...}: the"
            + " line's fields are " + fieldNames(root));
      }
    }
    JsonNode keys = root.get("Keys");
    if (keys == null || !keys.isObject() || keys.size() == 0) {
      throw new CorruptLineException("a change without Keys: the line's fields are " + fieldNames(root));
    }
    Map<String, AttributeValue> key = item(keys, "Keys.");
    Map<String, AttributeValue> oldImage = image(root, "OldImage", key);
    Map<String, AttributeValue> newImage = image(root, "NewImage", key);
    if (oldImage == null && newImage == null) {
      throw new CorruptLineException("a change with neither OldImage nor NewImage (an export of the NEW_IMAGE view"
          + " says no more of a delete: export with NEW_AND_OLD_IMAGES)");
    }
    return new Change(key, oldImage, newImage);
  }

  private static Map<String, AttributeValue> image(JsonNode root, String field, Map<String, AttributeValue> keys)
      throws CorruptLineException {
    JsonNode node = root.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isObject() || node.size() == 0) {
      throw new CorruptLineException(field + " is not an item: " + shorten(node));
    }
    Map<String, AttributeValue> image = item(node, field + ".");
    for (Map.Entry<String, AttributeValue> k : keys.entrySet()) {
      if (!k.getValue().equals(image.get(k.getKey()))) {
        throw new CorruptLineException(field + "'s " + k.getKey() + " is " + image.get(k.getKey())
            + ", not the change's key " + k.getValue());
      }
    }
    return image;
  }

  private static Map<String, AttributeValue> item(JsonNode object, String path) throws CorruptLineException {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> e = fields.next();
      out.put(e.getKey(), value(e.getValue(), path + e.getKey()));
    }
    return out;
  }

  private static AttributeValue value(JsonNode node, String path) throws CorruptLineException {
    if (node == null || !node.isObject() || node.size() != 1) {
      throw new CorruptLineException("attribute " + path + ": not a typed value like {\"S\": \"...\"}: " + shorten(node));
    }
    Map.Entry<String, JsonNode> e = node.fields().next();
    String type = e.getKey();
    JsonNode v = e.getValue();
    switch (type) {
      case "S":
        return AttributeValue.fromS(text(v, path, type));
      case "N":
        return AttributeValue.fromN(number(text(v, path, type), path));
      case "B":
        return AttributeValue.fromB(bytes(text(v, path, type), path));
      case "BOOL":
        if (!v.isBoolean()) {
          throw new CorruptLineException("attribute " + path + ": BOOL is not true or false: " + shorten(v));
        }
        return AttributeValue.fromBool(v.booleanValue());
      case "NULL":
        if (!v.isBoolean() || !v.booleanValue()) {
          throw new CorruptLineException("attribute " + path + ": NULL must be true: " + shorten(v));
        }
        return AttributeValue.fromNul(true);
      case "SS":
      case "NS":
      case "BS": {
        if (!v.isArray() || v.size() == 0) {
          throw new CorruptLineException("attribute " + path + ": " + type + " is not a non-empty array: " + shorten(v));
        }
        List<String> texts = new ArrayList<>();
        for (JsonNode element : v) {
          texts.add(text(element, path, type));
        }
        if (type.equals("SS")) {
          return AttributeValue.fromSs(texts);
        }
        if (type.equals("NS")) {
          for (String t : texts) {
            number(t, path);
          }
          return AttributeValue.fromNs(texts);
        }
        List<SdkBytes> bytes = new ArrayList<>();
        for (String t : texts) {
          bytes.add(bytes(t, path));
        }
        return AttributeValue.fromBs(bytes);
      }
      case "L": {
        if (!v.isArray()) {
          throw new CorruptLineException("attribute " + path + ": L is not an array: " + shorten(v));
        }
        List<AttributeValue> list = new ArrayList<>();
        int i = 0;
        for (JsonNode element : v) {
          list.add(value(element, path + "[" + i++ + "]"));
        }
        return AttributeValue.fromL(list);
      }
      case "M":
        if (!v.isObject()) {
          throw new CorruptLineException("attribute " + path + ": M is not an object: " + shorten(v));
        }
        return AttributeValue.fromM(item(v, path + "."));
      default:
        throw new CorruptLineException("attribute " + path + ": no DynamoDB type " + shorten(type));
    }
  }

  private static String text(JsonNode v, String path, String type) throws CorruptLineException {
    if (v == null || !v.isTextual()) {
      throw new CorruptLineException("attribute " + path + ": " + type + " value is not a JSON string: " + shorten(v));
    }
    return v.textValue();
  }

  private static String number(String text, String path) throws CorruptLineException {
    try {
      new BigDecimal(text);
      return text;
    } catch (NumberFormatException e) {
      throw new CorruptLineException("attribute " + path + ": not a number: " + shorten(text));
    }
  }

  private static SdkBytes bytes(String text, String path) throws CorruptLineException {
    try {
      return SdkBytes.fromByteArray(Base64.getDecoder().decode(text));
    } catch (IllegalArgumentException e) {
      throw new CorruptLineException("attribute " + path + ": not base64: " + shorten(text));
    }
  }

  private static String fieldNames(JsonNode root) {
    List<String> names = new ArrayList<>();
    root.fieldNames().forEachRemaining(names::add);
    return names.toString();
  }

  private static String shorten(Object o) {
    String s = String.valueOf(o);
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }

  /** The export line of {@code item}: {@code {"Item": {...}}}, no line break. */
  public static String writeLine(Map<String, AttributeValue> item) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName("Item");
      writeItem(g, item);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void writeItem(JsonGenerator g, Map<String, AttributeValue> item) throws IOException {
    g.writeStartObject();
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      g.writeFieldName(e.getKey());
      writeValue(g, e.getValue());
    }
    g.writeEndObject();
  }

  private static void writeValue(JsonGenerator g, AttributeValue v) throws IOException {
    g.writeStartObject();
    switch (v.type()) {
      case S -> g.writeStringField("S", v.s());
      case N -> g.writeStringField("N", v.n());
      case B -> g.writeStringField("B", Base64.getEncoder().encodeToString(v.b().asByteArray()));
      case BOOL -> g.writeBooleanField("BOOL", v.bool());
      case NUL -> g.writeBooleanField("NULL", true);
      case SS, NS -> {
        g.writeArrayFieldStart(v.type().name());
        for (String s : v.type() == AttributeValue.Type.SS ? v.ss() : v.ns()) {
          g.writeString(s);
        }
        g.writeEndArray();
      }
      case BS -> {
        g.writeArrayFieldStart("BS");
        for (SdkBytes b : v.bs()) {
          g.writeString(Base64.getEncoder().encodeToString(b.asByteArray()));
        }
        g.writeEndArray();
      }
      case L -> {
        g.writeArrayFieldStart("L");
        for (AttributeValue element : v.l()) {
          writeValue(g, element);
        }
        g.writeEndArray();
      }
      case M -> {
        g.writeFieldName("M");
        writeItem(g, v.m());
      }
      default -> throw new IllegalArgumentException("an attribute value of an unknown type: " + v);
    }
    g.writeEndObject();
  }

  /** Parses a small JSON document (a manifest). */
  static JsonNode tree(String text) throws JsonProcessingException {
    return MAPPER.readTree(text);
  }

  /** Writes a small JSON document (a manifest line). */
  static String json(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
