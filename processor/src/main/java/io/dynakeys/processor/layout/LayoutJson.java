package io.dynakeys.processor.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A layout file's text: {@link StoredLayout} as JSON, written the same way every time (fields in a
 * fixed order, two-space indents, a final newline) so an unchanged layout rewrites no byte, and read
 * back strictly: a field this format does not have, a missing one or a value of the wrong kind is a
 * {@link LayoutFileException} that names the field and the line.
 */
public final class LayoutJson {
  /** The format these files are written in; a file of another format is refused. */
  public static final int FORMAT = 1;

  private LayoutJson() {}

  /** A layout file that cannot be read. */
  public static final class LayoutFileException extends Exception {
    private static final long serialVersionUID = 1L;

    LayoutFileException(String message) {
      super(message);
    }
  }

  // ---------------------------------------------------------------- writing

  /** The file's text. */
  public static String write(StoredLayout layout) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("entity", layout.entity());
    root.put("version", layout.version());
    root.put("partitionKey", key(layout.partition()));
    root.put("sortKey", layout.sort() == null ? null : key(layout.sort()));
    if (layout.shards() != null) {
      Map<String, Object> shards = new LinkedHashMap<>();
      shards.put("count", layout.shards().count());
      shards.put("by", layout.shards().by());
      shards.put("random", layout.shards().random());
      root.put("shards", shards);
    }
    List<Object> indexes = new ArrayList<>();
    for (StoredLayout.Index index : layout.indexes()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("name", index.name());
      out.put("local", index.local());
      out.put("partitionKey", key(index.partition()));
      out.put("sortKey", index.sort() == null ? null : key(index.sort()));
      indexes.add(out);
    }
    root.put("indexes", indexes);
    List<Object> natives = new ArrayList<>();
    for (StoredLayout.NativeIndex index : layout.nativeIndexes()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("name", index.name());
      out.put("partitionAttributes", index.partition());
      out.put("sortAttributes", index.sort());
      natives.add(out);
    }
    root.put("nativeIndexes", natives);
    List<Object> uniques = new ArrayList<>();
    for (StoredLayout.Unique unique : layout.uniques()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("component", unique.component());
      out.put("partitionKey", key(unique.partition()));
      out.put("sortKey", unique.sort() == null ? null : key(unique.sort()));
      uniques.add(out);
    }
    root.put("uniques", uniques);
    root.put("timeToLive", layout.timeToLive());
    List<Object> attributes = new ArrayList<>();
    for (StoredLayout.Attribute a : layout.attributes()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("component", a.component());
      out.put("attribute", a.attribute());
      out.put("type", a.type());
      attributes.add(out);
    }
    root.put("attributes", attributes);
    StringBuilder text = new StringBuilder();
    value(text, root, "");
    return text.append('\n').toString();
  }

  private static Map<String, Object> key(StoredLayout.Key key) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("attribute", key.attribute());
    out.put("prefix", key.prefix());
    out.put("delimiter", String.valueOf(key.delimiter()));
    List<Object> segments = new ArrayList<>();
    for (StoredLayout.Segment s : key.segments()) {
      Map<String, Object> seg = new LinkedHashMap<>();
      seg.put("component", s.component());
      seg.put("type", s.type());
      seg.put("codec", s.codec().name().toLowerCase(java.util.Locale.ROOT));
      switch (s.codec()) {
        case DIGITS:
          seg.put("width", s.width());
          seg.put("min", s.min());
          seg.put("max", s.max());
          seg.put("inverted", s.inverted());
          break;
        case PATH:
          seg.put("pathDelimiter", String.valueOf(s.pathDelimiter()));
          seg.put("pathIndexes", s.pathIndexes());
          break;
        default:
          break;
      }
      seg.put("optional", s.optional());
      segments.add(seg);
    }
    out.put("components", segments);
    return out;
  }

  private static void value(StringBuilder out, Object value, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      if (map.values().stream().allMatch(v -> v == null || v instanceof String || v instanceof Number
          || v instanceof Boolean)) {
        out.append("{");
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          string(out, (String) e.getKey());
          out.append(": ");
          value(out, e.getValue(), indent);
          out.append(++i < map.size() ? ", " : "");
        }
        out.append('}');
        return;
      }
      out.append("{\n");
      String inner = indent + "  ";
      int i = 0;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(inner);
        string(out, (String) e.getKey());
        out.append(": ");
        value(out, e.getValue(), inner);
        out.append(++i < map.size() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      boolean scalars = list.stream().allMatch(v -> v instanceof String || v instanceof Number);
      if (scalars) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
          value(out, list.get(i), indent);
          out.append(i + 1 < list.size() ? ", " : "");
        }
        out.append(']');
        return;
      }
      out.append("[\n");
      String inner = indent + "  ";
      for (int i = 0; i < list.size(); i++) {
        out.append(inner);
        value(out, list.get(i), inner);
        out.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value);
    }
  }

  private static void string(StringBuilder out, String s) {
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
          if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c > 0x7e) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  // ---------------------------------------------------------------- reading

  /** The layout a file's text holds. */
  public static StoredLayout read(String text) throws LayoutFileException {
    Parser parser = new Parser(text);
    Object root = parser.parse();
    Node node = new Node(root, "the file", 1);
    Map<String, Node> fields = node.object(Set.of("format", "entity", "version", "partitionKey", "sortKey",
        "shards", "indexes", "nativeIndexes", "uniques", "timeToLive", "attributes"),
        Set.of("format", "entity", "version", "partitionKey", "sortKey", "indexes", "nativeIndexes", "uniques",
            "timeToLive", "attributes"));
    long format = fields.get("format").number();
    if (format != FORMAT) {
      throw new LayoutFileException("format " + format + " is not one this processor reads (it reads "
          + FORMAT + "): compile with the dynakeys version that wrote it, or a later one");
    }
    String entity = fields.get("entity").string();
    int version = (int) fields.get("version").number();
    StoredLayout.Key partition = key(fields.get("partitionKey"));
    StoredLayout.Key sort = fields.get("sortKey").isNull() ? null : key(fields.get("sortKey"));
    StoredLayout.Shards shards = null;
    if (fields.containsKey("shards")) {
      Map<String, Node> s = fields.get("shards").object(Set.of("count", "by", "random"), Set.of("count", "by", "random"));
      shards = new StoredLayout.Shards((int) s.get("count").number(), strings(s.get("by")), s.get("random").bool());
    }
    List<StoredLayout.Index> indexes = new ArrayList<>();
    for (Node n : fields.get("indexes").list()) {
      Map<String, Node> f = n.object(Set.of("name", "local", "partitionKey", "sortKey"),
          Set.of("name", "local", "partitionKey", "sortKey"));
      indexes.add(new StoredLayout.Index(f.get("name").string(), f.get("local").bool(), key(f.get("partitionKey")),
          f.get("sortKey").isNull() ? null : key(f.get("sortKey"))));
    }
    List<StoredLayout.NativeIndex> natives = new ArrayList<>();
    for (Node n : fields.get("nativeIndexes").list()) {
      Map<String, Node> f = n.object(Set.of("name", "partitionAttributes", "sortAttributes"),
          Set.of("name", "partitionAttributes", "sortAttributes"));
      natives.add(new StoredLayout.NativeIndex(f.get("name").string(), strings(f.get("partitionAttributes")),
          strings(f.get("sortAttributes"))));
    }
    List<StoredLayout.Unique> uniques = new ArrayList<>();
    for (Node n : fields.get("uniques").list()) {
      Map<String, Node> f = n.object(Set.of("component", "partitionKey", "sortKey"),
          Set.of("component", "partitionKey", "sortKey"));
      uniques.add(new StoredLayout.Unique(f.get("component").string(), key(f.get("partitionKey")),
          f.get("sortKey").isNull() ? null : key(f.get("sortKey"))));
    }
    String timeToLive = fields.get("timeToLive").isNull() ? null : fields.get("timeToLive").string();
    List<StoredLayout.Attribute> attributes = new ArrayList<>();
    for (Node n : fields.get("attributes").list()) {
      Map<String, Node> f = n.object(Set.of("component", "attribute", "type"), Set.of("component", "attribute", "type"));
      attributes.add(new StoredLayout.Attribute(f.get("component").string(), f.get("attribute").string(),
          f.get("type").string()));
    }
    return new StoredLayout(entity, version, partition, sort, shards, indexes, natives, uniques, timeToLive,
        attributes);
  }

  private static List<String> strings(Node node) throws LayoutFileException {
    List<String> out = new ArrayList<>();
    for (Node n : node.list()) {
      out.add(n.string());
    }
    return out;
  }

  private static StoredLayout.Key key(Node node) throws LayoutFileException {
    Map<String, Node> f = node.object(Set.of("attribute", "prefix", "delimiter", "components"),
        Set.of("attribute", "prefix", "delimiter", "components"));
    List<StoredLayout.Segment> segments = new ArrayList<>();
    for (Node n : f.get("components").list()) {
      Map<String, Node> s = n.object(Set.of("component", "type", "codec", "width", "min", "max", "inverted",
          "pathDelimiter", "pathIndexes", "optional"), Set.of("component", "type", "codec", "optional"));
      String codecName = s.get("codec").string();
      StoredLayout.Codec codec;
      switch (codecName) {
        case "digits" -> codec = StoredLayout.Codec.DIGITS;
        case "text" -> codec = StoredLayout.Codec.TEXT;
        case "path" -> codec = StoredLayout.Codec.PATH;
        default -> throw s.get("codec").error("is \"" + codecName + "\": a codec is digits, text or path");
      }
      Set<String> needed = switch (codec) {
        case DIGITS -> Set.of("width", "min", "max", "inverted");
        case PATH -> Set.of("pathDelimiter", "pathIndexes");
        default -> Set.of();
      };
      for (String name : List.of("width", "min", "max", "inverted", "pathDelimiter", "pathIndexes")) {
        if (needed.contains(name) != s.containsKey(name)) {
          throw n.error(needed.contains(name) ? "has no \"" + name + "\", which a " + codecName + " component needs"
              : "has \"" + name + "\", which a " + codecName + " component does not have");
        }
      }
      segments.add(new StoredLayout.Segment(s.get("component").string(), s.get("type").string(), codec,
          codec == StoredLayout.Codec.DIGITS ? (int) s.get("width").number() : 0,
          codec == StoredLayout.Codec.DIGITS ? s.get("min").number() : 0,
          codec == StoredLayout.Codec.DIGITS ? s.get("max").number() : 0,
          codec == StoredLayout.Codec.DIGITS && s.get("inverted").bool(),
          codec == StoredLayout.Codec.PATH ? s.get("pathDelimiter").character() : '\0',
          codec == StoredLayout.Codec.PATH && s.get("pathIndexes").bool(),
          s.get("optional").bool()));
    }
    return new StoredLayout.Key(f.get("attribute").string(), f.get("prefix").string(),
        f.get("delimiter").character(), segments);
  }

  /** A parsed value with where it is, for messages. */
  private record Node(Object value, String name, int line) {
    LayoutFileException error(String what) {
      return new LayoutFileException(name + " (line " + line + ") " + what);
    }

    boolean isNull() {
      return value == null;
    }

    String string() throws LayoutFileException {
      if (value instanceof Located l && l.value() instanceof String s) {
        return s;
      }
      throw error("is not a string");
    }

    char character() throws LayoutFileException {
      String s = string();
      if (s.length() != 1) {
        throw error("is \"" + s + "\": it must be one character");
      }
      return s.charAt(0);
    }

    long number() throws LayoutFileException {
      if (value instanceof Located l && l.value() instanceof Long n) {
        return n;
      }
      throw error("is not a whole number");
    }

    boolean bool() throws LayoutFileException {
      if (value instanceof Located l && l.value() instanceof Boolean b) {
        return b;
      }
      throw error("is not true or false");
    }

    List<Node> list() throws LayoutFileException {
      if (value instanceof Located l && l.value() instanceof List<?> items) {
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
          Located item = (Located) items.get(i);
          out.add(new Node(item.value() == null ? null : item, name + "[" + i + "]", item.line()));
        }
        return out;
      }
      throw error("is not a list");
    }

    Map<String, Node> object(Set<String> allowed, Set<String> required) throws LayoutFileException {
      if (!(value instanceof Located l && l.value() instanceof Map<?, ?> map)) {
        throw error("is not an object");
      }
      Map<String, Node> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = (String) e.getKey();
        Located v = (Located) e.getValue();
        String child = name.equals("the file") ? key : name + "." + key;
        if (!allowed.contains(key)) {
          throw new LayoutFileException(child + " (line " + v.line() + ") is not a field of a dynakeys layout file");
        }
        out.put(key, new Node(v.value() == null ? null : v, child, v.line()));
      }
      for (String key : required) {
        if (!out.containsKey(key)) {
          throw error("has no \"" + key + "\"");
        }
      }
      return out;
    }
  }

  /** A parsed JSON value and the line it starts on. */
  private record Located(Object value, int line) {}

  /** JSON (RFC 8259) into maps, lists, strings, longs, booleans and nulls, each with its line. */
  private static final class Parser {
    private final String text;
    private int at;
    private int line = 1;

    Parser(String text) {
      this.text = text;
    }

    Located parse() throws LayoutFileException {
      Located value = value();
      space();
      if (at < text.length()) {
        throw fail("text after the end of the layout");
      }
      return value;
    }

    private LayoutFileException fail(String what) {
      return new LayoutFileException("line " + line + ": " + what);
    }

    private void space() {
      while (at < text.length()) {
        char c = text.charAt(at);
        if (c == '\n') {
          line++;
        } else if (c != ' ' && c != '\t' && c != '\r') {
          return;
        }
        at++;
      }
    }

    private Located value() throws LayoutFileException {
      space();
      if (at >= text.length()) {
        throw fail("the layout ends too early");
      }
      int start = line;
      char c = text.charAt(at);
      switch (c) {
        case '{': {
          at++;
          Map<String, Located> map = new LinkedHashMap<>();
          space();
          if (peek('}')) {
            at++;
            return new Located(map, start);
          }
          while (true) {
            space();
            if (!peek('"')) {
              throw fail("expected a field name in quotes");
            }
            String key = string();
            space();
            expect(':');
            Located v = value();
            if (map.put(key, v) != null) {
              throw fail("the field \"" + key + "\" appears twice");
            }
            space();
            if (peek(',')) {
              at++;
              continue;
            }
            expect('}');
            return new Located(map, start);
          }
        }
        case '[': {
          at++;
          List<Located> list = new ArrayList<>();
          space();
          if (peek(']')) {
            at++;
            return new Located(list, start);
          }
          while (true) {
            list.add(value());
            space();
            if (peek(',')) {
              at++;
              continue;
            }
            expect(']');
            return new Located(list, start);
          }
        }
        case '"':
          return new Located(string(), start);
        case 't':
          word("true");
          return new Located(Boolean.TRUE, start);
        case 'f':
          word("false");
          return new Located(Boolean.FALSE, start);
        case 'n':
          word("null");
          return new Located(null, start);
        default:
          if (c == '-' || (c >= '0' && c <= '9')) {
            int from = at;
            if (c == '-') {
              at++;
            }
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
              at++;
            }
            if (at < text.length() && (text.charAt(at) == '.' || text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
              throw fail("only whole numbers appear in a layout");
            }
            try {
              return new Located(Long.parseLong(text.substring(from, at)), start);
            } catch (NumberFormatException e) {
              throw fail("\"" + text.substring(from, at) + "\" is not a whole number a layout holds");
            }
          }
          throw fail("unexpected '" + c + "'");
      }
    }

    private boolean peek(char c) {
      return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) throws LayoutFileException {
      if (!peek(c)) {
        throw fail("expected '" + c + "'");
      }
      at++;
    }

    private void word(String word) throws LayoutFileException {
      if (!text.startsWith(word, at)) {
        throw fail("unexpected text");
      }
      at += word.length();
    }

    private String string() throws LayoutFileException {
      at++; // the quote
      StringBuilder out = new StringBuilder();
      while (true) {
        if (at >= text.length()) {
          throw fail("a string is not closed");
        }
        char c = text.charAt(at++);
        if (c == '"') {
          return out.toString();
        }
        if (c == '\n' || c < 0x20) {
          throw fail("a control character in a string");
        }
        if (c != '\\') {
          out.append(c);
          continue;
        }
        if (at >= text.length()) {
          throw fail("a string is not closed");
        }
        char e = text.charAt(at++);
        switch (e) {
          case '"', '\\', '/' -> out.append(e);
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'u' -> {
            if (at + 4 > text.length()) {
              throw fail("a \\u escape needs four hex digits");
            }
            try {
              out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            } catch (NumberFormatException ex) {
              throw fail("a \\u escape needs four hex digits");
            }
            at += 4;
          }
          default -> throw fail("\\" + e + " is not an escape");
        }
      }
    }
  }
}
