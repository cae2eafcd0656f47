package io.dynakeys.processor.reading;

import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Finds the types a record component uses that the generated key class, a top-level class in the
 * record's package, could not name or reach: the component's type, its type arguments, and the
 * components of nested records (which the table schema reads through their accessors).
 */
final class Accessibility {
  private Accessibility() {}

  /** A type the generated class cannot use, and whether it (or its enclosing class) is private. */
  record Problem(TypeElement type, TypeElement offending, boolean isPrivate) {}

  /** The first type of {@code type} that code in {@code from} cannot use, or {@code null}. */
  static Problem find(TypeMirror type, PackageElement from) {
    return find(type, from, new HashSet<>());
  }

  private static Problem find(TypeMirror type, PackageElement from, Set<TypeElement> seen) {
    if (type.getKind() == TypeKind.ARRAY) {
      return find(((ArrayType) type).getComponentType(), from, seen);
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    if (!seen.add(element)) {
      return null;
    }
    for (Element e = element; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      boolean isPrivate = t.getModifiers().contains(Modifier.PRIVATE);
      boolean samePackage = packageOf(t).equals(from);
      if (isPrivate || !(t.getModifiers().contains(Modifier.PUBLIC) || samePackage)) {
        return new Problem(element, t, isPrivate);
      }
    }
    for (TypeMirror argument : declared.getTypeArguments()) {
      Problem p = find(argument, from, seen);
      if (p != null) {
        return p;
      }
    }
    if ((element.getKind() == ElementKind.RECORD || ItemShape.isKotlin(element))
        && ItemShape.read(element) instanceof ItemShape.Result.Components components) {
      for (ComponentSource c : components.components()) {
        Problem p = find(c.type(), from, seen);
        if (p != null) {
          return p;
        }
      }
    }
    return null;
  }

  /** The package {@code e} belongs to. */
  static PackageElement packageOf(Element e) {
    while (!(e instanceof PackageElement)) {
      e = e.getEnclosingElement();
    }
    return (PackageElement) e;
  }
}
