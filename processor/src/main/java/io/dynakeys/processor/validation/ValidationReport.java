package io.dynakeys.processor.validation;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The diagnostics found for one record, each with the narrowest position known: the element,
 * the annotation and the annotation value. Collected by the reader and the checks, printed once
 * by the processor.
 */
public final class ValidationReport {

  /** One diagnostic. */
  public record Item(
      Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation,
      AnnotationValue value) {}

  private final List<Item> items = new ArrayList<>();

  /** Adds an error at {@code element}, on {@code annotation} and {@code value} when not null. */
  public void error(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, annotation, value));
  }

  /** Adds a warning at {@code element}, on {@code annotation} and {@code value} when not null. */
  public void warning(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, element, annotation, value));
  }

  /** Whether the report holds no error (warnings allowed). */
  public boolean isClean() {
    return items.stream().noneMatch(i -> i.kind() == Diagnostic.Kind.ERROR);
  }

  /** The diagnostics, in the order found. */
  public List<Item> items() {
    return List.copyOf(items);
  }

  /** Prints every diagnostic and forgets them. */
  public void printTo(Messager messager) {
    for (Item i : items) {
      if (i.annotation() != null && i.value() != null) {
        messager.printMessage(i.kind(), i.message(), i.element(), i.annotation(), i.value());
      } else if (i.annotation() != null) {
        messager.printMessage(i.kind(), i.message(), i.element(), i.annotation());
      } else {
        messager.printMessage(i.kind(), i.message(), i.element());
      }
    }
    items.clear();
  }
}
