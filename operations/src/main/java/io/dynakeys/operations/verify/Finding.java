package io.dynakeys.operations.verify;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One thing wrong with one stored item, as {@link ItemChecker} finds it.
 *
 * @param kind what is wrong
 * @param attribute the attribute at fault ({@code sk}, {@code score}), or {@code null} for the item
 * @param component the key component at fault (the {@code score} of a {@link Kind#WIDTH}), or
 *     {@code null}
 * @param detail what was found, in words
 * @param declaredWidth for {@link Kind#WIDTH}: the width the layout declares; else {@code null}
 * @param foundWidth for {@link Kind#WIDTH}: the width of the stored digits; else {@code null}
 */
public record Finding(Kind kind, String attribute, String component, String detail, Integer declaredWidth,
    Integer foundWidth) {

  /** What can be wrong with a stored item. */
  public enum Kind {
    /** No schema's key prefixes match: an entity no {@code --schema} names. */
    FOREIGN("foreign"),
    /** The prefixes match, but the generated parser rejects the key and no layout change explains it. */
    UNPARSABLE("unparsable"),
    /** A numeric segment of another width than the layout declares: an item of an old layout. */
    WIDTH("width"),
    /** The shard number of a {@code @Sharded} partition key is outside 0…N−1 (or of another width). */
    SHARD("shard"),
    /** The stored key differs from the key recomputed from the item's components. */
    KEY_MISMATCH("mismatch"),
    /** A stored or recomputed key is over DynamoDB's limit (2048 bytes partition, 1024 sort, UTF-8). */
    KEY_TOO_LONG("too-long"),
    /** A key component, a primitive component or an index key is absent. */
    MISSING_ATTRIBUTE("missing"),
    /** An attribute of another DynamoDB type than its component's (a number stored as a string). */
    WRONG_TYPE("wrong-type"),
    /** The record's constructor or key encoders reject the stored values. */
    INVALID_VALUE("invalid"),
    /**
     * Not a defect: a sparse native index will not hold the item, whose {@code Optional} key
     * component is empty (so no attribute is written). Counted and sampled like the findings, so a
     * report says how many items an index leaves out, but an item with only this is ok.
     */
    NOT_INDEXED("not-indexed", false);

    private final String label;
    private final boolean defect;

    Kind(String label) {
      this(label, true);
    }

    Kind(String label, boolean defect) {
      this.label = label;
      this.defect = defect;
    }

    /** Whether it is something wrong with the item ({@link #NOT_INDEXED} is not: it is by design). */
    public boolean defect() {
      return defect;
    }

    /** A short column heading for the summary table. */
    public String label() {
      return label;
    }
  }

  /** The finding as JSON fields (absent values left out). */
  public Map<String, Object> toJson() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("kind", kind.name());
    if (attribute != null) {
      out.put("attribute", attribute);
    }
    if (component != null) {
      out.put("component", component);
    }
    if (declaredWidth != null) {
      out.put("declaredWidth", declaredWidth);
      out.put("foundWidth", foundWidth);
    }
    out.put("detail", detail);
    return out;
  }

  static Finding fromJson(Map<String, Object> json) {
    return new Finding(Kind.valueOf((String) json.get("kind")), (String) json.get("attribute"),
        (String) json.get("component"), (String) json.get("detail"), integer(json.get("declaredWidth")),
        integer(json.get("foundWidth")));
  }

  private static Integer integer(Object value) {
    return value == null ? null : ((Number) value).intValue();
  }

  static Finding of(Kind kind, String attribute, String detail) {
    return new Finding(kind, attribute, null, detail, null, null);
  }
}
