package io.dynakeys.processor.reading;

import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.ItemComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * One component of an item type as the reader sees it: a record component, or a property of a
 * Kotlin class as kapt stubs it ({@link ItemShape}).
 *
 * @param name its name
 * @param element where diagnostics about it go: the record component, or the stub's field (kapt
 *     maps a field to its property's line, a constructor parameter only to the class's)
 * @param carriers the elements its annotations are read from, in order: the record component and
 *     its accessor; a Kotlin property's constructor parameter, field and getter
 * @param type its type: the record component's, or the Kotlin getter's (the constructor's may be
 *     written with wildcards, {@code List<? extends Number>}, where the getter says {@code List<Number>})
 * @param accessor the method that reads it: {@code score}, {@code getScore}, {@code isActive}
 * @param nullable whether it is a nullable Kotlin property (its getter is
 *     {@code @org.jetbrains.annotations.Nullable})
 */
public record ComponentSource(String name, Element element, List<Element> carriers, TypeMirror type,
    String accessor, boolean nullable) {

  /** The annotation of type {@code qualifiedName} on the first carrier that has one. */
  public Optional<AnnotationMirror> find(String qualifiedName) {
    for (Element carrier : carriers) {
      Optional<AnnotationMirror> found = Mirrors.find(carrier, qualifiedName);
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /** Every annotation on the carriers, the first of each type. */
  List<AnnotationMirror> annotations() {
    List<AnnotationMirror> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (Element carrier : carriers) {
      for (AnnotationMirror mirror : carrier.getAnnotationMirrors()) {
        String name = ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
        if (seen.add(name)) {
          out.add(mirror);
        }
      }
    }
    return out;
  }

  /** The component as the model keeps it. */
  ItemComponent toModel() {
    return new ItemComponent(name, accessor, TypeName.get(type).withoutAnnotations(), nullable, element,
        List.copyOf(annotations()));
  }
}
