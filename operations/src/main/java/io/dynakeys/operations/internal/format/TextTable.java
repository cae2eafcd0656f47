package io.dynakeys.operations.internal.format;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with columns padded to their widest cell, for the command line's summaries
 * and for {@code browse}, where keys of different widths must line up visibly. Widths count code
 * points, so a key with non-ASCII text still aligns in a terminal that shows one cell per code
 * point.
 */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();
  private final boolean[] right;

  public TextTable(List<String> header) {
    this.header = List.copyOf(header);
    this.right = new boolean[header.size()];
  }

  /** Right-aligns columns {@code from} to {@code to}, both included (numbers). */
  public TextTable alignRight(int from, int to) {
    for (int i = from; i <= to && i < right.length; i++) {
      right[i] = true;
    }
    return this;
  }

  public TextTable row(List<String> cells) {
    rows.add(List.copyOf(cells));
    return this;
  }

  public String render() {
    int[] widths = new int[header.size()];
    measure(header, widths);
    rows.forEach(r -> measure(r, widths));
    StringBuilder out = new StringBuilder();
    line(out, header, widths);
    List<String> rule = new ArrayList<>();
    for (int w : widths) {
      rule.add("-".repeat(w));
    }
    line(out, rule, widths);
    rows.forEach(r -> line(out, r, widths));
    return out.toString();
  }

  private static void measure(List<String> cells, int[] widths) {
    for (int i = 0; i < cells.size() && i < widths.length; i++) {
      widths[i] = Math.max(widths[i], length(cells.get(i)));
    }
  }

  private void line(StringBuilder out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < widths.length; i++) {
      String cell = i < cells.size() ? clean(cells.get(i)) : "";
      String pad = " ".repeat(widths[i] - length(cell));
      line.append(i == 0 ? "" : "  ").append(right[i] ? pad + cell : cell + pad);
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static int length(String s) {
    return clean(s).codePointCount(0, clean(s).length());
  }

  /** Control characters would break the table's lines: they are shown as escapes. */
  public static String clean(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        if (out == null) {
          out = new StringBuilder(s.substring(0, i));
        }
        out.append(String.format("\\u%04x", (int) c));
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString();
  }

  public static String shorten(String s, int max) {
    if (s == null || s.length() <= max) {
      return s;
    }
    return s.substring(0, max - 1) + "…";
  }
}
