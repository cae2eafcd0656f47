package io.dynakeys.spark;

import java.io.Serializable;

/**
 * One row of a verify's findings Dataset (a JavaBean, for {@code Encoders.bean}): a finding of the
 * operations' {@code ItemChecker} on one exported item, with the file and line it came from, or a
 * problem of the export itself ({@link #CORRUPT_LINE}: a line that is no item; {@link #ITEM_COUNT}:
 * a file with another number of lines than its manifest says).
 */
public class FindingRow implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The kind of a line that is no exported item. */
  public static final String CORRUPT_LINE = "CORRUPT_LINE";
  /** The kind of a data file whose line count differs from its manifest entry. */
  public static final String ITEM_COUNT = "ITEM_COUNT";
  /** The kind of the rows that carry one task's report to the driver (never in {@code findings()}). */
  static final String REPORT = "_REPORT";

  private String file;
  private long line;
  private String entity;
  private String pk;
  private String sk;
  private String kind;
  private String attribute;
  private String component;
  private Integer declaredWidth;
  private Integer foundWidth;
  private String detail;

  /** An empty row, for the bean encoder. */
  public FindingRow() {}

  FindingRow(String file, long line, String entity, String pk, String sk, String kind, String attribute,
      String component, Integer declaredWidth, Integer foundWidth, String detail) {
    this.file = file;
    this.line = line;
    this.entity = entity;
    this.pk = pk;
    this.sk = sk;
    this.kind = kind;
    this.attribute = attribute;
    this.component = component;
    this.declaredWidth = declaredWidth;
    this.foundWidth = foundWidth;
    this.detail = detail;
  }

  /** @return the data file */
  public String getFile() {
    return file;
  }

  /** @param file the data file */
  public void setFile(String file) {
    this.file = file;
  }

  /** @return the line in the file, from 1 (0 for the file itself) */
  public long getLine() {
    return line;
  }

  /** @param line the line */
  public void setLine(long line) {
    this.line = line;
  }

  /** @return the entity the item was matched to, {@code (no schema)}, or {@code null} for an export problem */
  public String getEntity() {
    return entity;
  }

  /** @param entity the entity */
  public void setEntity(String entity) {
    this.entity = entity;
  }

  /** @return the stored partition key */
  public String getPk() {
    return pk;
  }

  /** @param pk the stored partition key */
  public void setPk(String pk) {
    this.pk = pk;
  }

  /** @return the stored sort key */
  public String getSk() {
    return sk;
  }

  /** @param sk the stored sort key */
  public void setSk(String sk) {
    this.sk = sk;
  }

  /** @return a {@code Finding.Kind} name, {@link #CORRUPT_LINE} or {@link #ITEM_COUNT} */
  public String getKind() {
    return kind;
  }

  /** @param kind the kind */
  public void setKind(String kind) {
    this.kind = kind;
  }

  /** @return the attribute at fault */
  public String getAttribute() {
    return attribute;
  }

  /** @param attribute the attribute */
  public void setAttribute(String attribute) {
    this.attribute = attribute;
  }

  /** @return the key component at fault */
  public String getComponent() {
    return component;
  }

  /** @param component the component */
  public void setComponent(String component) {
    this.component = component;
  }

  /** @return for a width finding, the declared width */
  public Integer getDeclaredWidth() {
    return declaredWidth;
  }

  /** @param declaredWidth the declared width */
  public void setDeclaredWidth(Integer declaredWidth) {
    this.declaredWidth = declaredWidth;
  }

  /** @return for a width finding, the width found */
  public Integer getFoundWidth() {
    return foundWidth;
  }

  /** @param foundWidth the width found */
  public void setFoundWidth(Integer foundWidth) {
    this.foundWidth = foundWidth;
  }

  /** @return what was found, in words */
  public String getDetail() {
    return detail;
  }

  /** @param detail what was found */
  public void setDetail(String detail) {
    this.detail = detail;
  }

  @Override
  public String toString() {
    return kind + " " + file + ":" + line + (pk == null ? "" : " pk=" + pk) + (sk == null ? "" : " sk=" + sk)
        + (attribute == null ? "" : " " + attribute) + ": " + detail;
  }
}
