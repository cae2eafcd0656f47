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

  /**
   * One diagnostic.
   *
   * @param fallback where to print it instead when {@code element} has no source (a nested record
   *     read from a class file), or {@code null}
   * @param tree the place in code when it is no element (a call), or {@code null}
   */
  public record Item(
      Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation,
      AnnotationValue value, Repeated repeated, Element fallback, com.sun.source.util.TreePath tree) {
    Item(Diagnostic.Kind kind, String message, Element element, AnnotationMirror annotation,
        AnnotationValue value, Repeated repeated, Element fallback) {
      this(kind, message, element, annotation, value, repeated, fallback, null);
    }
  }

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
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, annotation, value, null, null));
  }

  /**
   * Adds an error on {@code annotation} of {@code element}, a component of another record than the
   * one being read (a nested record), printed on {@code fallback} when that record has no source.
   */
  public void errorInNested(String message, Element element, AnnotationMirror annotation, Element fallback) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, annotation, null, null, fallback));
  }

  /** Adds an error on {@code attribute} of a repeated annotation of {@code element}. */
  public void error(String message, Element element, AnnotationMirror container, AnnotationValue value,
      Repeated repeated) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, element, container, value, repeated, null));
  }

  /** Adds an error on {@code tree}, a place in code that is no declaration (a call). */
  public void error(String message, com.sun.source.util.TreePath tree) {
    items.add(new Item(Diagnostic.Kind.ERROR, message, null, null, null, null, null, tree));
  }

  /** Adds a warning at {@code element}, on {@code annotation} and {@code value} when not null. */
  public void warning(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
    items.add(new Item(Diagnostic.Kind.WARNING, message, element, annotation, value, null, null));
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
      if (item.tree() != null) {
        if (trees != null) {
          trees.printMessage(item.kind(), item.message(), item.tree().getLeaf(), item.tree().getCompilationUnit());
        }
        continue;
      }
      if (item.repeated() != null && trees != null && printInTree(trees, item)) {
        continue;
      }
      if (item.fallback() != null && trees != null && trees.getPath(positioned(item.element())) == null) {
        item = new Item(item.kind(), item.message(), item.fallback(), null, null, null, null);
      }
      if (trees != null && ComponentAnnotationPosition.print(trees, item)) {
        continue;
      }
      Element element = ComponentAnnotationPosition.element(trees, item.element());
      Element placeable = placeableByEclipse(element);
      // Where Eclipse cannot place the record, neither can it place the record's annotation.
      Item i = placeable == element
          ? new Item(item.kind(), item.message(), element, item.annotation(), item.value(), null, null)
          : new Item(item.kind(), item.message(), placeable, null, null, null, null);
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
   * Where the Eclipse compiler (ECJ) can show a diagnostic about {@code element}: {@code element}
   * itself, except for a record. ECJ's {@code Messager} (3.40, {@code BaseMessagerImpl.createProblem})
   * finds the source of a type only for the kinds {@code CLASS}, {@code INTERFACE}, {@code ENUM}
   * and {@code ANNOTATION_TYPE}, not {@code RECORD}: a diagnostic on a record, its annotation or
   * an annotation value comes out with no file and no line. On a constructor or a field it is
   * placed, so a record's diagnostic goes to the first of them in source order (ECJ lists
   * enclosed elements in source order): the implicit canonical constructor, which ECJ places on
   * the record's name, or else the field of the first component, in the record header. javac
   * places records, annotations and values itself, so its elements are returned unchanged.
   */
  public static Element placeableByEclipse(Element element) {
    if (element == null || element.getKind() != javax.lang.model.element.ElementKind.RECORD
        || !element.getClass().getName().startsWith("org.eclipse.jdt.")) {
      return element;
    }
    for (Element member : element.getEnclosedElements()) {
      if (member.getKind() == javax.lang.model.element.ElementKind.CONSTRUCTOR
          || (member.getKind() == javax.lang.model.element.ElementKind.FIELD
              && !member.getModifiers().contains(javax.lang.model.element.Modifier.STATIC))) {
        return member;
      }
    }
    return element;
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
