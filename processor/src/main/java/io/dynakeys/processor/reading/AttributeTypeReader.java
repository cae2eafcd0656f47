package io.dynakeys.processor.reading;

import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Decides how the generated table schema stores a component's type, or why it cannot: the
 * enhanced client's scalar converters, {@code List}/{@code Set}/{@code Map<String, _>} and
 * {@code Optional} of those, and nested records as maps.
 */
final class AttributeTypeReader {

  /** The outcome: a storage, or the reason there is none. */
  record Outcome(AttributeType type, String problem) {}

  private static final Set<String> SCALARS = Set.of(
      "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
      "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
      "java.lang.Character", "java.math.BigDecimal", "java.math.BigInteger",
      "java.time.Instant", "java.time.LocalDate", "java.time.LocalDateTime", "java.time.LocalTime",
      "java.time.Duration", "java.util.UUID", "software.amazon.awssdk.core.SdkBytes");

  /** What DynamoDB's string, number and binary sets can hold (enums are stored as strings). */
  private static final Set<String> SET_ELEMENTS = Set.of(
      "java.lang.String", "java.lang.Byte", "java.lang.Short", "java.lang.Integer",
      "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.math.BigDecimal",
      "java.math.BigInteger", "java.time.Instant", "java.time.LocalDate", "java.util.UUID",
      "software.amazon.awssdk.core.SdkBytes", "byte[]", "java.lang.Character");

  /** DynamoDB stores no "empty Optional" inside a list or map: it would come back as null. */
  private static final String OPTIONAL_INSIDE = "an Optional inside a collection cannot be stored:"
      + " an empty one would be read back as null, so use the element type and leave empties out";

  private AttributeTypeReader() {}

  private static boolean isEnum(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
  }

  static Outcome read(TypeMirror type, List<String> enclosing) {
    if (type.getKind().isPrimitive()) {
      return scalar(TypeName.get(type).box());
    }
    if (type.getKind() == TypeKind.ARRAY) {
      if (((ArrayType) type).getComponentType().getKind() == TypeKind.BYTE) {
        return scalar(TypeName.get(type));
      }
      return problem("arrays other than byte[] have no attribute form; use a List");
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return problem("it is not a concrete type");
    }
    DeclaredType declared = (DeclaredType) type;
    TypeElement element = (TypeElement) declared.asElement();
    String name = element.getQualifiedName().toString();
    if (element.getKind() == ElementKind.ENUM || SCALARS.contains(name)) {
      return scalar(TypeName.get(type));
    }
    List<? extends TypeMirror> args = declared.getTypeArguments();
    switch (name) {
      case "java.util.List":
        return collection(AttributeType.Kind.LIST, type, args, enclosing);
      case "java.util.Set": {
        Outcome set = collection(AttributeType.Kind.SET, type, args, enclosing);
        if (set.problem() == null && !SET_ELEMENTS.contains(set.type().arguments().get(0).type().toString())
            && !isEnum(args.get(0))) {
          return problem("DynamoDB sets hold strings, numbers or binary, so use a List for "
              + args.get(0));
        }
        return set;
      }
      case "java.util.Optional": {
        if (args.size() != 1) {
          return problem("a raw Optional has no element type");
        }
        Outcome inner = read(args.get(0), enclosing);
        if (inner.problem() != null) {
          return inner;
        }
        if (inner.type().kind() != AttributeType.Kind.SCALAR) {
          return problem("an Optional must hold a scalar, not a collection or record");
        }
        return new Outcome(new AttributeType(AttributeType.Kind.OPTIONAL, TypeName.get(type),
            List.of(inner.type())), null);
      }
      case "java.util.Map": {
        if (args.size() != 2 || !args.get(0).toString().equals("java.lang.String")) {
          return problem("DynamoDB map keys are strings, so use Map<String, V>");
        }
        Outcome key = read(args.get(0), enclosing);
        Outcome value = read(args.get(1), enclosing);
        if (value.problem() != null) {
          return value;
        }
        if (value.type().kind() == AttributeType.Kind.OPTIONAL) {
          return problem(OPTIONAL_INSIDE);
        }
        return new Outcome(new AttributeType(AttributeType.Kind.MAP, TypeName.get(type),
            List.of(key.type(), value.type())), null);
      }
      default:
        break;
    }
    if (element.getKind() == ElementKind.RECORD) {
      if (enclosing.contains(name)) {
        return problem("records that contain themselves cannot be stored as nested maps");
      }
      if (!element.getTypeParameters().isEmpty()) {
        return problem("generic nested records are not supported");
      }
      List<String> inside = new ArrayList<>(enclosing);
      inside.add(name);
      for (RecordComponentElement c : element.getRecordComponents()) {
        Outcome o = read(c.asType(), inside);
        if (o.problem() != null) {
          return problem("its component " + c.getSimpleName() + ": " + o.problem());
        }
      }
      return new Outcome(new AttributeType(AttributeType.Kind.RECORD, TypeName.get(type), List.of()), null);
    }
    return problem("the enhanced client has no converter for it");
  }

  private static Outcome collection(AttributeType.Kind kind, TypeMirror type,
      List<? extends TypeMirror> args, List<String> enclosing) {
    if (args.size() != 1) {
      return problem("a raw collection has no element type");
    }
    Outcome element = read(args.get(0), enclosing);
    if (element.problem() != null) {
      return element;
    }
    if (element.type().kind() == AttributeType.Kind.OPTIONAL) {
      return problem(OPTIONAL_INSIDE);
    }
    return new Outcome(new AttributeType(kind, TypeName.get(type), List.of(element.type())), null);
  }

  private static Outcome scalar(TypeName type) {
    return new Outcome(new AttributeType(AttributeType.Kind.SCALAR, type, List.of()), null);
  }

  private static Outcome problem(String reason) {
    return new Outcome(null, reason);
  }
}
