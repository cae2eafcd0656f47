package io.dynakeys.processor.model;

import com.palantir.javapoet.ClassName;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Everything the processor knows about one {@code @KeySchema} record: what the checks validate
 * and the writers turn into {@code <Record>Keys}.
 *
 * @param record the record's class name
 * @param keysClass the generated class's name
 * @param partition the partition key layout
 * @param sort the sort key layout; {@link KeyPart#isEmpty()} when the table has no sort key
 * @param element the record, as the generated file's originating element and for diagnostics
 * @param annotation the {@code @KeySchema} annotation, for diagnostics
 * @param delimiterValue the {@code delimiter} attribute, or null when defaulted
 */
public record KeySchemaModel(
    ClassName record,
    ClassName keysClass,
    KeyPart partition,
    KeyPart sort,
    TypeElement element,
    AnnotationMirror annotation,
    AnnotationValue delimiterValue) {

  /** The record's simple name, as generated code names it in messages. */
  public String recordName() {
    return record.simpleName();
  }

  /** Whether items of the record have a sort key. */
  public boolean hasSortKey() {
    return !sort.isEmpty();
  }
}
