package io.dynakeys.processor.validation;

import io.dynakeys.processor.reading.AnnotationNames;
import io.dynakeys.processor.reading.ComponentSource;
import io.dynakeys.processor.reading.ItemShape;
import io.dynakeys.processor.reading.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Check 9 on parameters: the component annotations target {@code PARAMETER} so that Kotlin puts
 * them on a primary constructor's parameter, where kapt keeps them; on any parameter that is no
 * component's they mean nothing, and say so.
 */
public final class ParameterAnnotations {
  private ParameterAnnotations() {}

  /**
   * A dynakeys annotation {@code name} on the parameter {@code parameter}: nothing to say when it
   * is a record component's, propagated to the canonical constructor (the component is checked), or
   * a property's of a Kotlin class with {@code @KeySchema} (the reader reads it there; kapt repeats
   * it on a data class's {@code copy}); a property's of a Kotlin class without one is check 9's
   * orphan; on any other parameter it means nothing.
   */
  public static void check(Element parameter, String name, AnnotationMirror mirror, ValidationReport report) {
    Element executable = parameter.getEnclosingElement();
    if (executable == null || !(executable.getEnclosingElement() instanceof TypeElement type)) {
      return;
    }
    String simple = AnnotationNames.simple(name);
    if (type.getKind() == ElementKind.RECORD && executable.getKind() == ElementKind.CONSTRUCTOR) {
      for (Element component : type.getRecordComponents()) {
        if (component.getSimpleName().contentEquals(parameter.getSimpleName())
            && Mirrors.find(component, name).isPresent()) {
          return;
        }
      }
    }
    if (ItemShape.isKotlin(type)) {
      if (executable.getSimpleName().contentEquals("copy")) {
        return; // a data class's copy(...): kapt repeats the primary constructor's parameters there
      }
      boolean keySchema = Mirrors.find(type, AnnotationNames.KEY_SCHEMA).isPresent();
      ItemShape.Result shape = ItemShape.read(type);
      if (shape instanceof ItemShape.Result.Components properties) {
        for (ComponentSource property : properties.components()) {
          if (property.carriers().get(0).equals(parameter)) {
            if (!keySchema) {
              report.error(Messages.kotlinOrphanKeyAnnotation(simple, type.getSimpleName().toString()),
                  property.element(), null, null);
            }
            return;
          }
        }
      } else if (executable.getKind() == ElementKind.CONSTRUCTOR) {
        // A class the reader refuses: with @KeySchema, that is its error; without, this one.
        if (!keySchema) {
          report.error(Messages.kotlinOrphanKeyAnnotation(simple, type.getSimpleName().toString()),
              parameter, mirror, null);
        }
        return;
      }
    }
    String owner = executable.getKind() == ElementKind.CONSTRUCTOR
        ? "a constructor of " + type.getSimpleName()
        : type.getSimpleName() + "." + executable.getSimpleName() + "(...)";
    report.error(Messages.parameterAnnotation(simple, parameter.getSimpleName().toString(), owner),
        parameter, mirror, null);
  }
}
