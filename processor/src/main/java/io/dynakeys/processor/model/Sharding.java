package io.dynakeys.processor.model;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * A record's {@code @Sharded}: how many partitions each partition is spread over, and which key
 * components choose the shard.
 *
 * @param count the number of shards
 * @param by the components whose key encodings are hashed, as written; empty: the whole sort key
 * @param mirror the annotation, for diagnostics
 * @param countValue the {@code count} attribute, for diagnostics
 * @param byValue the {@code by} attribute, or {@code null} when defaulted
 * @param random whether each write goes to a random shard (a write-sharded aggregate)
 * @param randomValue the {@code random} attribute, or {@code null} when defaulted
 */
public record Sharding(int count, List<String> by, AnnotationMirror mirror, AnnotationValue countValue,
    AnnotationValue byValue, boolean random, AnnotationValue randomValue) {

  /** Whether the whole sort key chooses the shard (false for random shards). */
  public boolean bySortKey() {
    return by.isEmpty() && !random;
  }
}
