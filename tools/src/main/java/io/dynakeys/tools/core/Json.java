package io.dynakeys.tools.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A small JSON reader and writer for reports and checkpoint files. The tools write flat, known
 * shapes, so a dependency on a JSON library (and its version clashes with the user's classpath,
 * which the command line runs on) is not worth it. Objects are {@code Map<String, Object>} in
 * insertion order, arrays {@code List<Object>}, numbers {@code Long} or {@code BigDecimal}.
 */
public final class Json {
  private Json() {}

  /** The JSON text of {@code value}: maps, lists, strings, numbers, booleans and {@code null}. */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, 0, true);
    return out.toString();
  }

  /** The JSON text of {@code value} on one line. */
  public static String writeCompact(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, 0, false);
    return out.toString();
  }

  private static void write(Object value, StringBuilder out, int indent, boolean pretty) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(s, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof BigDecimal) {
      out.append(value);
    } else if (value instanceof Double d) {
      out.append(d.isNaN() || d.isInfinite() ? "null" : BigDecimal.valueOf(d).toPlainString());
    } else if (value instanceof Number n) {
      out.append(n.toString());
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(first ? "" : ",");
        first = false;
        newline(out, indent + 1, pretty);
        string(String.valueOf(e.getKey()), out);
        out.append(pretty ? ": " : ":");
        write(e.getValue(), out, indent + 1, pretty);
      }
      newline(out, indent, pretty);
      out.append('}');
    } else if (value instanceof Iterable<?> list) {
      if (!list.iterator().hasNext()) {
        out.append("[]");
        return;
      }
      out.append('[');
      boolean first = true;
      for (Object element : list) {
        out.append(first ? "" : ",");
        first = false;
        newline(out, indent + 1, pretty);
        write(element, out, indent + 1, pretty);
      }
      newline(out, indent, pretty);
      out.append(']');
    } else {
      string(value.toString(), out);
    }
  }

  private static void newline(StringBuilder out, int indent, boolean pretty) {
    if (pretty) {
      out.append('\n');
      out.append("  ".repeat(indent));
    }
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          // Everything outside printable ASCII is escaped, so the output reads the same whatever
          // encoding the terminal or the file it goes to assumes (a surrogate pair is two escapes).
          if (c < 0x20 || c >= 0x7f) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * Parses JSON text.
   *
   * @throws IllegalArgumentException when the text is not JSON
   */
  public static Object parse(String text) {
    Parser parser = new Parser(text);
    parser.space();
    Object value = parser.value();
    parser.space();
    if (parser.pos != text.length()) {
      throw parser.error("text after the value");
    }
    return value;
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
      case "L" -> AttributeValue.fromL(((List<Object>) v).stream().map(Json::toAttributeValue).toList());
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

  private static final class Parser {
    private final String text;
    private int pos;

    Parser(String text) {
      this.text = text;
    }

    Object value() {
      if (pos >= text.length()) {
        throw error("unexpected end");
      }
      char c = text.charAt(pos);
      switch (c) {
        case '{':
          return object();
        case '[':
          return array();
        case '"':
          return string();
        case 't':
          return literal("true", Boolean.TRUE);
        case 'f':
          return literal("false", Boolean.FALSE);
        case 'n':
          return literal("null", null);
        default:
          return number();
      }
    }

    private Object literal(String word, Object value) {
      if (!text.startsWith(word, pos)) {
        throw error("expected " + word);
      }
      pos += word.length();
      return value;
    }

    private Map<String, Object> object() {
      Map<String, Object> out = new LinkedHashMap<>();
      pos++;
      space();
      if (peek() == '}') {
        pos++;
        return out;
      }
      while (true) {
        space();
        if (peek() != '"') {
          throw error("expected a name");
        }
        String name = string();
        space();
        expect(':');
        space();
        out.put(name, value());
        space();
        char c = next();
        if (c == '}') {
          return out;
        }
        if (c != ',') {
          throw error("expected , or }");
        }
      }
    }

    private List<Object> array() {
      List<Object> out = new ArrayList<>();
      pos++;
      space();
      if (peek() == ']') {
        pos++;
        return out;
      }
      while (true) {
        space();
        out.add(value());
        space();
        char c = next();
        if (c == ']') {
          return out;
        }
        if (c != ',') {
          throw error("expected , or ]");
        }
      }
    }

    private String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      while (true) {
        char c = next();
        if (c == '"') {
          return out.toString();
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = next();
        switch (e) {
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            if (pos + 4 > text.length()) {
              throw error("short \\u escape");
            }
            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
            pos += 4;
          }
          default -> out.append(e);
        }
      }
    }

    private Object number() {
      int start = pos;
      while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
        pos++;
      }
      if (start == pos) {
        throw error("unexpected character");
      }
      String n = text.substring(start, pos);
      BigDecimal d = new BigDecimal(n);
      try {
        return d.longValueExact();
      } catch (ArithmeticException notAWholeLong) {
        return d;
      }
    }

    void space() {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
    }

    private char peek() {
      if (pos >= text.length()) {
        throw error("unexpected end");
      }
      return text.charAt(pos);
    }

    private char next() {
      char c = peek();
      pos++;
      return c;
    }

    private void expect(char c) {
      if (next() != c) {
        pos--;
        throw error("expected " + c);
      }
    }

    IllegalArgumentException error(String problem) {
      return new IllegalArgumentException("not JSON at offset " + pos + ": " + problem);
    }
  }
}
