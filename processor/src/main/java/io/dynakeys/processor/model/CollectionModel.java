package io.dynakeys.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/**
 * An {@code @ItemCollection}: a sealed interface and the {@code @KeySchema} records it permits.
 *
 * @param type the interface
 * @param keysClass the generated class, {@code CustomerItemKeys}
 * @param members the members' models, in the order the interface permits them
 * @param element the interface, as the generated file's originating element and for diagnostics
 * @param annotation its {@code @ItemCollection}, for diagnostics
 */
public record CollectionModel(ClassName type, ClassName keysClass, List<KeySchemaModel> members,
    TypeElement element, AnnotationMirror annotation) {

  /** The interface's simple name. */
  public String name() {
    return type.simpleName();
  }

  /** The method that narrows a collection query to {@code member}: {@code orders()} for {@code Order}. */
  public static String memberMethod(KeySchemaModel member) {
    String simple = member.record().simpleName();
    String lower = Character.toLowerCase(simple.charAt(0)) + simple.substring(1);
    if (lower.endsWith("s") || lower.endsWith("x") || lower.endsWith("z") || lower.endsWith("ch")
        || lower.endsWith("sh")) {
      return lower + "es";
    }
    if (lower.length() > 1 && lower.endsWith("y") && "aeiou".indexOf(lower.charAt(lower.length() - 2)) < 0) {
      return lower.substring(0, lower.length() - 1) + "ies";
    }
    return lower + "s";
  }
}
