package io.dynakeys.processor.reading;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.NestedRecord;
import io.dynakeys.processor.validation.Messages;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Decides how the generated table schema stores a component's type, or why it cannot: the
 * scalars of {@link StorableTypes}, enums by name, {@code List}/{@code Set}/{@code Map} and
 * {@code Optional} of those, and nested records as maps. Types are compared by their elements'
 * names, so type-use annotations ({@code Map<@NonNull String, V>}) never change what is accepted.
 */
final class AttributeTypeReader {

  /**
   * The outcome: a storage, or the reason there is none.
   *
   * @param inside when the reason is an annotation of a nested record's component, that
   *     annotation, so the error can be shown where it is written; else {@code null}
   */
  record Outcome(AttributeType type, String problem, Inside inside) {
    Outcome(AttributeType type, String problem) {
      this(type, problem, null);
    }
  }

  /** An annotation at fault on {@code component} of the nested record {@code record}. */
  record Inside(ComponentSource component, AnnotationMirror annotation, String record) {}

  private AttributeTypeReader() {}

  static Outcome read(TypeMirror type, List<String> enclosing) {
    if (type.getKind().isPrimitive()) {
      return scalar(TypeName.get(type).box().withoutAnnotations());
    }
    if (type.getKind() == TypeKind.ARRAY) {
      TypeKind element = ((ArrayType) type).getComponentType().getKind();
      if (element == TypeKind.BYTE || element == TypeKind.CHAR) {
        return scalar(TypeName.get(type).withoutAnnotations());
      }
      return problem(Messages.arrayNotStorable());
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return problem(Messages.notConcreteType());
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String name = element.getQualifiedName().toString();
    if (element.getKind() == ElementKind.ENUM) {
      return new Outcome(AttributeType.of(AttributeType.Kind.ENUM, ClassName.get(element)), null);
    }
    if (StorableTypes.stored(name) != null) {
      return scalar(ClassName.get(element));
    }
    List<? extends TypeMirror> args = declared.getTypeArguments();
    switch (name) {
      case "java.util.List":
      case "java.util.Collection":
        return collection(AttributeType.Kind.LIST, declared, args, enclosing);
      case "java.util.Set":
      case "java.util.SortedSet":
      case "java.util.NavigableSet": {
        Outcome set = collection(AttributeType.Kind.SET, declared, args, enclosing);
        if (set.problem() == null && !setElement(set.type().arguments().get(0))) {
          return problem(Messages.setElementNotStorableInSet(KeyTypeReader.displayLabel(args.get(0))));
        }
        return set;
      }
      case "java.util.Optional": {
        if (args.size() != 1) {
          return problem(Messages.rawOptional());
        }
        Outcome inner = read(args.get(0), enclosing);
        if (inner.problem() != null) {
          return inner;
        }
        if (inner.type().kind() == AttributeType.Kind.OPTIONAL) {
          return problem(Messages.optionalOfOptional());
        }
        return generic(AttributeType.Kind.OPTIONAL, declared, List.of(inner.type()));
      }
      case "java.util.Map":
      case "java.util.SortedMap":
      case "java.util.NavigableMap": {
        if (args.size() != 2) {
          return problem(Messages.rawMap());
        }
        Outcome key = read(args.get(0), enclosing);
        if (key.problem() != null || !mapKey(key.type())) {
          return problem(Messages.mapKeyNotString(KeyTypeReader.displayLabel(args.get(0))));
        }
        Outcome value = read(args.get(1), enclosing);
        if (value.problem() != null) {
          return value;
        }
        if (value.type().kind() == AttributeType.Kind.OPTIONAL) {
          return problem(Messages.optionalInsideCollection());
        }
        return generic(AttributeType.Kind.MAP, declared, List.of(key.type(), value.type()));
      }
      default:
        break;
    }
    if (element.getKind() == ElementKind.RECORD || ItemShape.isKotlin(element)) {
      return nestedRecord(element, enclosing);
    }
    return problem(Messages.noClientConverter());
  }

  private static Outcome nestedRecord(TypeElement element, List<String> enclosing) {
    String name = element.getQualifiedName().toString();
    if (enclosing.contains(name)) {
      return problem(Messages.recursiveNestedRecord());
    }
    if (!element.getTypeParameters().isEmpty()) {
      return problem(Messages.genericNestedRecord());
    }
    List<String> inside = new ArrayList<>(enclosing);
    inside.add(name);
    ItemShape.Result shape = ItemShape.read(element);
    if (shape instanceof ItemShape.Result.Refused refused) {
      return problem(Messages.kotlinNestedNotStorable(refused.reason()));
    }
    if (!(shape instanceof ItemShape.Result.Components components)) {
      return problem(Messages.noClientConverter());
    }
    List<Attribute> attributes = new ArrayList<>();
    for (ComponentSource c : components.components()) {
      ClientAnnotations.Options options = ClientAnnotations.read(c, false, false);
      java.util.Optional<AnnotationMirror> timeToLive = c.find(AnnotationNames.TIME_TO_LIVE);
      if (timeToLive.isPresent()) {
        return new Outcome(null, Messages.inNestedComponent(c.name(),
            Messages.timeToLiveInNestedRecord()), new Inside(c, timeToLive.get(), element.getSimpleName().toString()));
      }
      if (!options.problems().isEmpty()) {
        return problem(Messages.inNestedComponent(c.name(), options.problems().get(0).message()));
      }
      Outcome o = options.converter() != null
          ? new Outcome(AttributeType.of(AttributeType.Kind.CONVERTED, options.converter()), null)
          : read(c.type(), inside);
      if (o.problem() != null) {
        return new Outcome(null, Messages.inNestedComponent(c.name(), o.problem()), o.inside());
      }
      if (options.ignoreNulls() && ClientAnnotations.ignoreNullsProblem(o.type()) != null) {
        return problem(Messages.inNestedComponent(c.name(),
            ClientAnnotations.ignoreNullsProblem(o.type())));
      }
      attributes.add(new Attribute(c.name(), options.attributeName(),
          TypeName.get(c.type()).withoutAnnotations().box(), o.type(),
          c.type().getKind().isPrimitive(), List.of(), c.accessor()));
    }
    ClassName record = ClassName.get(element);
    return new Outcome(new AttributeType(AttributeType.Kind.RECORD, record, List.of(),
        new NestedRecord(record, List.copyOf(attributes))), null);
  }

  private static boolean setElement(AttributeType element) {
    if (element.kind() == AttributeType.Kind.ENUM) {
      return true;
    }
    StorableTypes.Stored stored = element.kind() == AttributeType.Kind.SCALAR
        ? StorableTypes.stored(qualified(element.type())) : null;
    return stored == StorableTypes.Stored.S || stored == StorableTypes.Stored.N
        || stored == StorableTypes.Stored.B;
  }

  private static boolean mapKey(AttributeType key) {
    if (key == null) {
      return false;
    }
    if (key.kind() == AttributeType.Kind.ENUM) {
      return true;
    }
    StorableTypes.Stored stored = key.kind() == AttributeType.Kind.SCALAR
        ? StorableTypes.stored(qualified(key.type())) : null;
    return stored == StorableTypes.Stored.S || stored == StorableTypes.Stored.N;
  }

  /** The qualified name a scalar's type name stands for; arrays as {@code byte[]}. */
  static String qualified(TypeName type) {
    return type.withoutAnnotations().toString();
  }

  private static Outcome collection(AttributeType.Kind kind, DeclaredType type,
      List<? extends TypeMirror> args, List<String> enclosing) {
    if (args.size() != 1) {
      return problem(Messages.rawCollection());
    }
    Outcome element = read(args.get(0), enclosing);
    if (element.problem() != null) {
      return element;
    }
    if (element.type().kind() == AttributeType.Kind.OPTIONAL) {
      return problem(Messages.optionalInsideCollection());
    }
    return generic(kind, type, List.of(element.type()));
  }

  /** A generic shape, its type rebuilt from the arguments' types (without type-use annotations). */
  private static Outcome generic(AttributeType.Kind kind, DeclaredType type, List<AttributeType> arguments) {
    ClassName raw = ClassName.get((TypeElement) type.asElement());
    TypeName[] args = arguments.stream().map(AttributeType::type).toArray(TypeName[]::new);
    return new Outcome(new AttributeType(kind,
        com.palantir.javapoet.ParameterizedTypeName.get(raw, args), List.copyOf(arguments), null), null);
  }

  private static Outcome scalar(TypeName type) {
    return new Outcome(AttributeType.of(AttributeType.Kind.SCALAR, type), null);
  }

  private static Outcome problem(String reason) {
    return new Outcome(null, reason);
  }
}
