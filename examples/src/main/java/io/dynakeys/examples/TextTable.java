package io.dynakeys.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table for the examples' output: a header and rows of cells, each column as wide as
 * its widest cell.
 *
 * <pre>{@code
 * TextTable table = new TextTable("pk", "sk", "quantity");
 * table.row("c1#RS#p42", "0000000007", "3");
 * table.print(System.out);
 * }</pre>
 */
public final class TextTable {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  /**
   * A table with these column titles.
   *
   * @param header the column titles, at least one
   */
  public TextTable(String... header) {
    if (header.length == 0) {
      throw new IllegalArgumentException("a table needs at least one column");
    }
    this.header = List.of(header);
  }

  /**
   * Adds a row.
   *
   * @param cells one value per column, printed with {@link String#valueOf(Object)}
   * @return this table
   * @throws IllegalArgumentException when the row has not one cell per column
   */
  public TextTable row(Object... cells) {
    if (cells.length != header.size()) {
      throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of "
          + header.size() + " columns");
    }
    List<String> row = new ArrayList<>(cells.length);
    for (Object cell : cells) {
      row.add(String.valueOf(cell));
    }
    rows.add(row);
    return this;
  }

  /**
   * The rows added so far.
   *
   * @return how many rows the table holds
   */
  public int size() {
    return rows.size();
  }

  /**
   * Prints the header and the rows, indented by two spaces; {@code (none)} when there are no rows.
   *
   * @param out where to print
   */
  public void print(PrintStream out) {
    int[] widths = new int[header.size()];
    for (int column = 0; column < widths.length; column++) {
      widths[column] = header.get(column).length();
      for (List<String> row : rows) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    printRow(out, header, widths);
    if (rows.isEmpty()) {
      out.println("  (none)");
    }
    for (List<String> row : rows) {
      printRow(out, row, widths);
    }
  }

  private static void printRow(PrintStream out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder("  ");
    for (int column = 0; column < cells.size(); column++) {
      String cell = cells.get(column);
      line.append(cell);
      if (column < cells.size() - 1) {
        line.append(" ".repeat(widths[column] - cell.length() + 2));
      }
    }
    out.println(line);
  }
}
