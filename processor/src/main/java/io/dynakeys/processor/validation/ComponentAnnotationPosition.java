package io.dynakeys.processor.validation;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Places a diagnostic about an annotation of a record component on the annotation's line. javac
 * 21 and later keep each component's declaration (JDK-8295184), so the {@code Messager} places the
 * annotation, and its attribute, itself. javac 17 keeps no position for a record component, and the
 * record's field of the same name does not carry an annotation whose only target is
 * {@code RECORD_COMPONENT}: the {@code Messager} falls back to the component's name, lines away
 * from an annotation written above it. What javac 17 does keep is where the field's modifiers
 * start, which is where the component's first annotation is written; the annotation is found in
 * the source text after it, and the diagnostic printed on the modifiers when it is on their line.
 * An annotation on a line of its own below another one has no tree on its line in javac 17: that
 * diagnostic stays on the component's name.
 */
final class ComponentAnnotationPosition {
  private ComponentAnnotationPosition() {}

  /**
   * Where the {@code Messager} should print a diagnostic about {@code element}: the component
   * itself where javac keeps its declaration, else the record's field of the same name.
   */
  static Element element(Trees trees, Element element) {
    if (trees != null && element != null && element.getKind() == ElementKind.RECORD_COMPONENT
        && trees.getTree(element) != null) {
      return element;
    }
    return ValidationReport.positioned(element);
  }

  /**
   * Prints {@code item} on its annotation's line through javac 17's trees; {@code false} when it
   * needs no help (no annotation, or javac places it) or its line has no tree.
   */
  static boolean print(Trees trees, ValidationReport.Item item) {
    if (item.annotation() == null || item.element() == null
        || item.element().getKind() != ElementKind.RECORD_COMPONENT || trees.getTree(item.element()) != null) {
      return false;
    }
    TreePath field = trees.getPath(ValidationReport.positioned(item.element()));
    if (field == null || !(field.getLeaf() instanceof VariableTree variable)) {
      return false;
    }
    CompilationUnitTree unit = field.getCompilationUnit();
    SourcePositions positions = trees.getSourcePositions();
    long start = positions.getStartPosition(unit, variable.getModifiers());
    long end = positions.getStartPosition(unit, variable.getType());
    if (start < 0 || end <= start) {
      return false;
    }
    String name = ((TypeElement) item.annotation().getAnnotationType().asElement()).getSimpleName().toString();
    long at = find(unit, start, end, name);
    LineMap lines = unit.getLineMap();
    if (at < 0 || lines.getLineNumber(at) != lines.getLineNumber(start)) {
      return false;
    }
    trees.printMessage(item.kind(), item.message(), variable.getModifiers(), unit);
    return true;
  }

  /** Where {@code @name} (or a qualified {@code @a.b.name}) is written in [start, end), or -1. */
  private static long find(CompilationUnitTree unit, long start, long end, String name) {
    CharSequence text;
    try {
      text = unit.getSourceFile().getCharContent(true);
    } catch (IOException e) {
      return -1;
    }
    Matcher m = Pattern.compile("@\\s*(?:[\\w$]+\\s*\\.\\s*)*" + Pattern.quote(name) + "(?![\\w$])")
        .matcher(text).region((int) start, (int) Math.min(end, text.length()));
    return m.find() ? m.start() : -1;
  }
}
