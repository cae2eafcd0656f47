package io.dynakeys.operations.internal.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The JSON of reports and checkpoint files, read and written by Jackson's streaming API
 * ({@code jackson-core}; relocated inside the command line's jar, so it never meets another
 * version on the user's class path, and the Spark module's Jackson is Spark's own). A value is a
 * tree: objects are {@code Map<String, Object>} in insertion order, arrays {@code List<Object>},
 * numbers {@code Long} (or {@code BigDecimal} when not a whole {@code long}), strings, booleans and
 * {@code null}.
 *
 * <p>Written text is printable ASCII: every other character is escaped as <code>&#92;uXXXX</code> (lower-case
 * hex; a character outside the BMP as its two surrogates), so it reads the same whatever encoding a
 * terminal or a file assumes. Pretty text indents by two spaces and writes {@code "name": value},
 * empty objects and arrays as {@code {}} and {@code []}: the form the tools wrote before they used
 * Jackson, byte for byte.
 */
public final class JsonTrees {
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();

  private JsonTrees() {}

  /** The JSON text of {@code value}, indented: maps, lists, strings, numbers, booleans and {@code null}. */
  public static String write(Object value) {
    return write(value, true);
  }

  /** The JSON text of {@code value} on one line. */
  public static String writeCompact(Object value) {
    return write(value, false);
  }

  private static String write(Object value, boolean pretty) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setCharacterEscapes(AsciiEscapes.INSTANCE);
      g.setPrettyPrinter(pretty ? new Indented() : new Compact());
      write(value, g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(Object value, JsonGenerator g) throws IOException {
    if (value == null) {
      g.writeNull();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (value instanceof Integer || value instanceof Long || value instanceof BigDecimal) {
      g.writeNumber(value.toString());
    } else if (value instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        g.writeNull();
      } else {
        g.writeNumber(BigDecimal.valueOf(d).toPlainString());
      }
    } else if (value instanceof Number n) {
      g.writeNumber(n.toString());
    } else if (value instanceof Map<?, ?> map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        write(e.getValue(), g);
      }
      g.writeEndObject();
    } else if (value instanceof Iterable<?> list) {
      g.writeStartArray();
      for (Object element : list) {
        write(element, g);
      }
      g.writeEndArray();
    } else {
      g.writeString(value.toString());
    }
  }

  /**
   * Parses JSON text: one value, nothing after it, no name twice in an object.
   *
   * @throws IllegalArgumentException when the text is not JSON, with where and why
   */
  public static Object parse(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        throw new IllegalArgumentException("not JSON: no value");
      }
      Object value = read(p, first);
      JsonToken after = p.nextToken();
      if (after != null) {
        throw new IllegalArgumentException("not JSON at offset " + p.currentTokenLocation().getCharOffset()
            + ": text after the value");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON at offset " + e.getLocation().getCharOffset() + ": "
          + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object read(JsonParser p, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT -> {
        Map<String, Object> out = new LinkedHashMap<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
          String name = p.currentName();
          out.put(name, read(p, p.nextToken()));
        }
        return out;
      }
      case START_ARRAY -> {
        List<Object> out = new ArrayList<>();
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          out.add(read(p, t));
        }
        return out;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        BigDecimal d = p.getDecimalValue();
        try {
          return d.longValueExact();
        } catch (ArithmeticException notAWholeLong) {
          return d;
        }
      }
      case VALUE_TRUE -> {
        return Boolean.TRUE;
      }
      case VALUE_FALSE -> {
        return Boolean.FALSE;
      }
      case VALUE_NULL -> {
        return null;
      }
      default -> throw new IllegalArgumentException("not JSON: unexpected " + token);
    }
  }

  /** An attribute value as JSON in DynamoDB's own form: {@code {"S": "..."}}, for checkpoints. */
  public static Object attributeValue(AttributeValue value) {
    Map<String, Object> out = new LinkedHashMap<>();
    switch (value.type()) {
      case S -> out.put("S", value.s());
      case N -> out.put("N", value.n());
      case B -> out.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
      case BOOL -> out.put("BOOL", value.bool());
      case NUL -> out.put("NULL", true);
      case SS -> out.put("SS", new ArrayList<>(value.ss()));
      case NS -> out.put("NS", new ArrayList<>(value.ns()));
      case BS -> {
        List<Object> bytes = new ArrayList<>();
        value.bs().forEach(b -> bytes.add(Base64.getEncoder().encodeToString(b.asByteArray())));
        out.put("BS", bytes);
      }
      case L -> {
        List<Object> list = new ArrayList<>();
        value.l().forEach(v -> list.add(attributeValue(v)));
        out.put("L", list);
      }
      case M -> out.put("M", item(value.m()));
      default -> throw new IllegalArgumentException("an attribute value of an unknown type: " + value);
    }
    return out;
  }

  /** An item as JSON in DynamoDB's own form. */
  public static Map<String, Object> item(Map<String, AttributeValue> item) {
    Map<String, Object> out = new LinkedHashMap<>();
    item.forEach((name, value) -> out.put(name, attributeValue(value)));
    return out;
  }

  /** The attribute value of {@link #attributeValue}'s JSON. */
  @SuppressWarnings("unchecked")
  public static AttributeValue toAttributeValue(Object json) {
    Map<String, Object> map = (Map<String, Object>) json;
    if (map.size() != 1) {
      throw new IllegalArgumentException("not an attribute value: " + map);
    }
    Map.Entry<String, Object> e = map.entrySet().iterator().next();
    Object v = e.getValue();
    return switch (e.getKey()) {
      case "S" -> AttributeValue.fromS((String) v);
      case "N" -> AttributeValue.fromN((String) v);
      case "B" -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode((String) v)));
      case "BOOL" -> AttributeValue.fromBool((Boolean) v);
      case "NULL" -> AttributeValue.fromNul(true);
      case "SS" -> AttributeValue.fromSs((List<String>) v);
      case "NS" -> AttributeValue.fromNs((List<String>) v);
      case "BS" -> AttributeValue.fromBs(((List<String>) v).stream()
          .map(s -> SdkBytes.fromByteArray(Base64.getDecoder().decode(s))).toList());
      case "L" -> AttributeValue.fromL(((List<Object>) v).stream().map(JsonTrees::toAttributeValue).toList());
      case "M" -> AttributeValue.fromM(toItem(v));
      default -> throw new IllegalArgumentException("not an attribute value type: " + e.getKey());
    };
  }

  /** The item of {@link #item}'s JSON. */
  @SuppressWarnings("unchecked")
  public static Map<String, AttributeValue> toItem(Object json) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    ((Map<String, Object>) json).forEach((name, value) -> out.put(name, toAttributeValue(value)));
    return out;
  }

  /**
   * Escapes everything outside printable ASCII as <code>&#92;uXXXX</code> with lower-case hex, and the
   * quote, the backslash, {@code \n}, {@code \r} and {@code \t} by their short forms.
   */
  private static final class AsciiEscapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    static final AsciiEscapes INSTANCE = new AsciiEscapes();
    private final int[] ascii;

    private AsciiEscapes() {
      ascii = CharacterEscapes.standardAsciiEscapesForJSON();
      for (int c = 0; c < 0x20; c++) {
        ascii[c] = c == '\n' || c == '\r' || c == '\t' ? ascii[c] : CharacterEscapes.ESCAPE_CUSTOM;
      }
      ascii[0x7f] = CharacterEscapes.ESCAPE_CUSTOM;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
      return c < 0x7f && c >= 0x20 ? null : new SerializedString(String.format("\\u%04x", c));
    }
  }

  /** Two spaces per level, {@code "name": value}, and {@code {}} and {@code []} when empty. */
  private static final class Indented implements PrettyPrinter {
    private int depth;

    private void newline(JsonGenerator g) throws IOException {
      g.writeRaw('\n');
      for (int i = 0; i < depth; i++) {
        g.writeRaw("  ");
      }
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      g.writeRaw('{');
      depth++;
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      depth--;
      if (entries > 0) {
        newline(g);
      }
      g.writeRaw('}');
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      newline(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(": ");
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      g.writeRaw('[');
      depth++;
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      depth--;
      if (values > 0) {
        newline(g);
      }
      g.writeRaw(']');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
      newline(g);
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
      newline(g);
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      newline(g);
    }
  }

  /** No space anywhere, as Jackson writes without a pretty printer. */
  private static final class Compact implements PrettyPrinter {
    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(' ');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
      g.writeRaw('{');
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
      g.writeRaw('}');
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(':');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
      g.writeRaw('[');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
      g.writeRaw(']');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
      g.writeRaw(',');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) {}

    @Override
    public void beforeObjectEntries(JsonGenerator g) {}
  }
}
