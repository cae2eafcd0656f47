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
 */
public record Sharding(int count, List<String> by, AnnotationMirror mirror, AnnotationValue countValue,
    AnnotationValue byValue) {

  /** Whether the whole sort key chooses the shard. */
  public boolean bySortKey() {
    return by.isEmpty();
  }
}
