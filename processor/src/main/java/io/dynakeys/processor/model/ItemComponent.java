package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * One component of an item type, in declaration order: a record component, or a property of a
 * Kotlin class as kapt stubs it (the primary constructor's parameter, the field and the getter).
 *
 * @param name the component's name, which the generated API uses (handles, parameters, parts)
 * @param accessor the method generated code reads it with: {@code score} for a record component,
 *     {@code getScore} (or {@code isActive}, for a property named so) for a Kotlin property
 * @param type its Java type (a Kotlin property's getter's, without annotations)
 * @param nullable whether it is a nullable Kotlin property ({@code String?}), which is absent when
 *     {@code null} as an {@code Optional} component is when empty
 * @param element where diagnostics about it go: the record component, or the stub's field, which
 *     kapt maps to the property's line
 * @param annotations the annotations written on it; a Kotlin property's are on its constructor
 *     parameter (the dynakeys annotations), its field or its getter ({@code @get:DynamoDbAttribute})
 */
public record ItemComponent(String name, String accessor, TypeName type, boolean nullable, Element element,
    List<AnnotationMirror> annotations) {

  /** The annotation of type {@code qualifiedName} written on the component, if any. */
  public Optional<AnnotationMirror> annotation(String qualifiedName) {
    for (AnnotationMirror mirror : annotations) {
      if (mirror.getAnnotationType().asElement() instanceof TypeElement t
          && t.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }
}
