package io.dynakeys.processor.reading;

import io.dynakeys.processor.validation.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * The components of a type that can be an item (or a record nested in one): a Java record's
 * components, or the properties of a Kotlin class as kapt shows it to the processor.
 *
 * <p>kapt compiles Kotlin to Java stubs and runs the processor on them. It cannot stub a
 * {@code @JvmRecord} class ("classes cannot directly extend Record"), so a Kotlin item is a data
 * class, which kapt stubs as a final class annotated {@code @kotlin.Metadata} with its primary
 * constructor, a private field and a getter per property. Such a class is read when its primary
 * constructor declares every component: the constructor whose parameters {@code copy} repeats (a
 * data class has one), else the first one declared. Each parameter must be a property: a field of
 * its name and a getter Java can call, named as Kotlin names it ({@code getScore}; a property named
 * {@code isActive} keeps its name), or a data class's {@code componentN()}.
 *
 * <p>A property's annotations are read from its constructor parameter first (Kotlin puts an
 * annotation there when its targets include {@code PARAMETER}, as the dynakeys annotations' do),
 * then from its field and its getter ({@code @get:DynamoDbAttribute}). Its type is the getter's
 * (the constructor's may be written with wildcards: {@code List<? extends Number>} for a
 * {@code List<Number>}); it is nullable when the getter is {@code @org.jetbrains.annotations.Nullable},
 * as kapt writes a {@code String?}. Diagnostics go on the field, which kapt's
 * {@code mapDiagnosticLocations} maps to the property's line (a parameter maps only to the class's).
 */
public final class ItemShape {
  private ItemShape() {}

  /** The annotation kotlinc (and so kapt's stubs) put on every Kotlin class. */
  static final String KOTLIN_METADATA = "kotlin.Metadata";
  private static final String NULLABLE = "org.jetbrains.annotations.Nullable";

  /** What a type is as an item. */
  public sealed interface Result {
    /**
     * Its components, in declaration order.
     *
     * @param kotlin whether it is a Kotlin class
     */
    record Components(List<ComponentSource> components, boolean kotlin) implements Result {}

    /** Neither a record nor a Kotlin class: the caller says what it needs. */
    record NotAClass() implements Result {}

    /**
     * A Kotlin class that cannot be read as an item.
     *
     * @param reason why, and how to make it one
     * @param at where to say it: the class, or the property at fault
     */
    record Refused(String reason, Element at) implements Result {}
  }

  /** Whether {@code type} is a Kotlin type (a kapt stub, or a class kotlinc compiled). */
  public static boolean isKotlin(TypeElement type) {
    return Mirrors.find(type, KOTLIN_METADATA).isPresent();
  }

  /** Reads {@code type}'s components. */
  public static Result read(TypeElement type) {
    if (type.getKind() == ElementKind.RECORD) {
      List<ComponentSource> out = new ArrayList<>();
      for (RecordComponentElement c : type.getRecordComponents()) {
        List<Element> carriers = new ArrayList<>();
        carriers.add(c);
        if (c.getAccessor() != null) {
          carriers.add(c.getAccessor());
        }
        out.add(new ComponentSource(c.getSimpleName().toString(), c, List.copyOf(carriers), c.asType(),
            c.getSimpleName().toString(), false));
      }
      return new Result.Components(List.copyOf(out), false);
    }
    if (type.getKind() != ElementKind.CLASS || !isKotlin(type)) {
      return new Result.NotAClass();
    }
    return readKotlin(type);
  }

  /** The element diagnostics about {@code type}'s component {@code name} go to, if it has one. */
  public static Optional<Element> element(TypeElement type, String name) {
    if (read(type) instanceof Result.Components c) {
      return c.components().stream().filter(s -> s.name().equals(name)).findFirst().map(ComponentSource::element);
    }
    return Optional.empty();
  }

  private static Result readKotlin(TypeElement type) {
    String name = type.getSimpleName().toString();
    if (!type.getModifiers().contains(Modifier.FINAL)) {
      return new Result.Refused(Messages.kotlinClassNotFinal(name), type);
    }
    if (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)) {
      return new Result.Refused(Messages.kotlinInnerClass(name), type);
    }
    ExecutableElement constructor = primaryConstructor(type);
    if (constructor == null || constructor.getModifiers().contains(Modifier.PRIVATE)) {
      return new Result.Refused(Messages.kotlinPrivateConstructor(name), type);
    }
    List<VariableElement> fields = ElementFilter.fieldsIn(type.getEnclosedElements());
    List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
    List<ComponentSource> out = new ArrayList<>();
    int index = 0;
    for (VariableElement parameter : constructor.getParameters()) {
      index++;
      String property = parameter.getSimpleName().toString();
      VariableElement field = fields.stream()
          .filter(f -> f.getSimpleName().contentEquals(property) && !f.getModifiers().contains(Modifier.STATIC))
          .findFirst().orElse(null);
      if (field == null) {
        return new Result.Refused(Messages.kotlinParameterNotProperty(property, name), type);
      }
      ExecutableElement getter = getter(methods, getterName(property));
      if (getter == null) {
        getter = getter(methods, "component" + index);
      }
      if (getter == null) {
        return new Result.Refused(Messages.kotlinPropertyWithoutGetter(property, getterName(property)), field);
      }
      TypeMirror propertyType = getter.getReturnType();
      boolean nullable = !propertyType.getKind().isPrimitive()
          && (Mirrors.find(getter, NULLABLE).isPresent() || Mirrors.find(field, NULLABLE).isPresent()
              || Mirrors.find(parameter, NULLABLE).isPresent());
      out.add(new ComponentSource(property, field, List.of(parameter, field, getter), propertyType,
          getter.getSimpleName().toString(), nullable));
    }
    return new Result.Components(List.copyOf(out), true);
  }

  /**
   * The primary constructor of a stubbed Kotlin class: the one whose parameters a data class's
   * {@code copy} repeats, else the first declared (kapt writes the primary constructor first).
   */
  private static ExecutableElement primaryConstructor(TypeElement type) {
    List<ExecutableElement> constructors = ElementFilter.constructorsIn(type.getEnclosedElements());
    for (ExecutableElement copy : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (!copy.getSimpleName().contentEquals("copy") || copy.getModifiers().contains(Modifier.STATIC)) {
        continue;
      }
      for (ExecutableElement c : constructors) {
        if (sameParameters(c, copy)) {
          return c;
        }
      }
    }
    return constructors.isEmpty() ? null : constructors.get(0);
  }

  private static boolean sameParameters(ExecutableElement a, ExecutableElement b) {
    if (a.getParameters().size() != b.getParameters().size()) {
      return false;
    }
    for (int i = 0; i < a.getParameters().size(); i++) {
      VariableElement x = a.getParameters().get(i);
      VariableElement y = b.getParameters().get(i);
      if (!x.getSimpleName().contentEquals(y.getSimpleName())
          || !com.palantir.javapoet.TypeName.get(x.asType()).withoutAnnotations().toString()
              .equals(com.palantir.javapoet.TypeName.get(y.asType()).withoutAnnotations().toString())) {
        return false;
      }
    }
    return true;
  }

  private static ExecutableElement getter(List<ExecutableElement> methods, String name) {
    for (ExecutableElement m : methods) {
      if (m.getSimpleName().contentEquals(name) && m.getParameters().isEmpty()
          && m.getModifiers().contains(Modifier.PUBLIC) && !m.getModifiers().contains(Modifier.STATIC)
          && m.getTypeParameters().isEmpty()) {
        return m;
      }
    }
    return null;
  }

  /**
   * The getter Kotlin writes for {@code property}: {@code getScore} for {@code score}, and the
   * property's own name for one that starts with {@code is} and a character that is no lower-case
   * letter ({@code isActive}; {@code island} has {@code getIsland}).
   */
  static String getterName(String property) {
    if (property.startsWith("is") && property.length() > 2 && !isLowerAscii(property.charAt(2))) {
      return property;
    }
    char first = property.charAt(0);
    return "get" + (isLowerAscii(first) ? Character.toUpperCase(first) + property.substring(1) : property);
  }

  private static boolean isLowerAscii(char c) {
    return c >= 'a' && c <= 'z';
  }
}
