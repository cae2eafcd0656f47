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
      AnnotationValue value, Repeated repeated) {}

  /**
   * Where a diagnostic belongs inside a repeated annotation: javac keeps no source position for
   * annotations gathered into their container, so the position is found in the syntax tree.
   *
   * @param annotation the simple name of the repeated annotation
   * @param ordinal which of them, in source order
   * @param attribute the attribute at fault, or {@code null} for the whole annotation
   */
  public record Repeated(String annotation, int ordinal, String attribute) {}

  private final List<Item> items = new ArrayList<>();

  /** Adds an error at {@code element}, on {@code annotation} and {@code value} when not null. */
  public void error(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, annotation, value, null));
  }

  /** Adds an error on {@code attribute} of a repeated annotation of {@code element}. */
  public void error(String message, Element element, AnnotationMirror container, AnnotationValue value,
      Repeated repeated) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, container, value, repeated));
  }

  /** Adds a warning at {@code element}, on {@code annotation} and {@code value} when not null. */
  public void warning(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, element, annotation, value, null));
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
    printTo(messager, null);
  }

  /**
   * Prints every diagnostic and forgets them, using javac's syntax trees (when not null) to place
   * diagnostics inside repeated annotations.
   */
  public void printTo(Messager messager, com.sun.source.util.Trees trees) {
    for (Item item : items) {
      if (item.repeated() != null && trees != null && printInTree(trees, item)) {
        continue;
      }
      Item i = new Item(item.kind(), item.message(), positioned(item.element()), item.annotation(),
          item.value(), null);
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

  private static boolean printInTree(com.sun.source.util.Trees trees, Item item) {
    com.sun.source.util.TreePath path = trees.getPath(item.element());
    if (path == null || !(path.getLeaf() instanceof com.sun.source.tree.ClassTree type)) {
      return false;
    }
    int seen = 0;
    for (com.sun.source.tree.AnnotationTree annotation : type.getModifiers().getAnnotations()) {
      String name = annotation.getAnnotationType().toString();
      if (!name.equals(item.repeated().annotation()) && !name.endsWith("." + item.repeated().annotation())) {
        continue;
      }
      if (seen++ != item.repeated().ordinal()) {
        continue;
      }
      com.sun.source.tree.Tree at = annotation;
      for (com.sun.source.tree.ExpressionTree argument : annotation.getArguments()) {
        if (argument instanceof com.sun.source.tree.AssignmentTree assignment
            && assignment.getVariable().toString().equals(item.repeated().attribute())) {
          at = assignment;
        }
      }
      trees.printMessage(item.kind(), item.message(), at, path.getCompilationUnit());
      return true;
    }
    return false;
  }

  /**
   * Where javac can show a diagnostic about {@code element}. javac 17 has no source position for
   * a record component, so a diagnostic on one would print without file or line; the record's
   * private field of the same name sits on the component's line.
   */
  public static Element positioned(Element element) {
    if (element == null || element.getKind() != javax.lang.model.element.ElementKind.RECORD_COMPONENT) {
      return element;
    }
    for (Element member : element.getEnclosingElement().getEnclosedElements()) {
      if (member.getKind() == javax.lang.model.element.ElementKind.FIELD
          && member.getSimpleName().contentEquals(element.getSimpleName())) {
        return member;
      }
    }
    return element;
  }
}
