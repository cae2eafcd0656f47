package io.dynakeys.processor.reading;

import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Reads annotations through their mirrors, which keep source positions and work on
 * half-written code where {@code getAnnotation(Class)} would throw.
 */
public final class Mirrors {
  private Mirrors() {}

  /** The annotation of type {@code qualifiedName} on {@code element}, if present. */
  public static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      Element type = mirror.getAnnotationType().asElement();
      if (type instanceof TypeElement t && t.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /** The attribute {@code name} as written in source, or {@code null} when it takes its default. */
  public static AnnotationValue explicit(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
        : mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  /**
   * The attribute {@code name} as written or defaulted, if its value has the expected Java type
   * (half-written source can hold an error marker instead).
   */
  public static <T> Optional<T> value(AnnotationMirror mirror, String name, Class<T> type) {
    AnnotationValue written = explicit(mirror, name);
    Object value = null;
    if (written != null) {
      value = written.getValue();
    } else {
      for (ExecutableElement method : javax.lang.model.util.ElementFilter.methodsIn(
          mirror.getAnnotationType().asElement().getEnclosedElements())) {
        if (method.getSimpleName().contentEquals(name) && method.getDefaultValue() != null) {
          value = method.getDefaultValue().getValue();
        }
      }
    }
    return type.isInstance(value) ? Optional.of(type.cast(value)) : Optional.empty();
  }
}
