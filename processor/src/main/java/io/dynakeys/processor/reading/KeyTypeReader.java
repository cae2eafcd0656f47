package io.dynakeys.processor.reading;

import io.dynakeys.codecs.internal.EnumEncoding;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import io.dynakeys.codecs.internal.PathEncoding;
import io.dynakeys.processor.model.ComponentType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Looks a component's type up in the codecs' registry ({@link KeyTypes}): the processor knows no
 * key type of its own, so a type the registry adds is a key type here without a change.
 */
final class KeyTypeReader {
  private KeyTypeReader() {}

  /**
   * The key type of {@code type}.
   *
   * @param pathDelimiter the {@code @PathSegment} delimiter, or {@code null} without one
   * @param keyDelimiter the key's delimiter
   */
  static ComponentType read(TypeMirror type, Character pathDelimiter, char keyDelimiter) {
    String name = qualifiedName(type);
    boolean boxed = com.palantir.javapoet.TypeName.get(type).isBoxedPrimitive();
    if (isEnum(type)) {
      TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
      String label = displayLabel(type);
      return new ComponentType(ComponentType.Kind.KEY_TYPE, label,
          EnumEncoding.ofNames(label, constants(element)), false);
    }
    String label = displayLabel(type);
    if (name.equals(KeyTypes.TREE_PATH)) {
      if (pathDelimiter == null) {
        return new ComponentType(ComponentType.Kind.PATH_WITHOUT_ANNOTATION, label, null, false);
      }
      return new ComponentType(ComponentType.Kind.KEY_TYPE, label,
          new PathEncoding(pathDelimiter, keyDelimiter), false);
    }
    Optional<KeyEncoding<?>> encoding = KeyTypes.forName(name);
    if (encoding.isPresent()) {
      return new ComponentType(ComponentType.Kind.KEY_TYPE, label, encoding.get(), boxed);
    }
    if (KeyTypes.isInexactNumber(name)) {
      return new ComponentType(ComponentType.Kind.INEXACT_NUMBER, label, null, false);
    }
    return new ComponentType(ComponentType.Kind.OTHER, label, null, false);
  }

  /** {@code int}, {@code java.time.Instant}, or the type as javac prints it. */
  static String qualifiedName(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return type.getKind().name().toLowerCase(java.util.Locale.ROOT);
    }
    if (type.getKind() == TypeKind.DECLARED) {
      return ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    }
    return type.toString();
  }

  private static boolean isEnum(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
  }

  private static List<String> constants(TypeElement element) {
    List<String> names = new ArrayList<>();
    for (Element e : element.getEnclosedElements()) {
      if (e.getKind() == ElementKind.ENUM_CONSTANT) {
        names.add(e.getSimpleName().toString());
      }
    }
    return names;
  }

  /** The type as messages show it: without the {@code java.*} packages everyone knows. */
  static String displayLabel(TypeMirror type) {
    return com.palantir.javapoet.TypeName.get(type).toString().replace("java.lang.", "")
        .replace("java.math.", "").replace("java.time.", "").replace("java.util.", "");
  }
}
