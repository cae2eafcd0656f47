package io.dynakeys.processor.reading;

import static io.dynakeys.processor.reading.AnnotationNames.INVERTED;
import static io.dynakeys.processor.reading.AnnotationNames.KEY_SCHEMA;
import static io.dynakeys.processor.reading.AnnotationNames.PADDED;
import static io.dynakeys.processor.reading.AnnotationNames.PARTITION_KEY;
import static io.dynakeys.processor.reading.AnnotationNames.SORT_KEY;
import static io.dynakeys.processor.reading.AnnotationNames.TIEBREAKER;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.Padding;
import io.dynakeys.processor.model.ValueType;
import io.dynakeys.processor.validation.Messages;
import io.dynakeys.processor.validation.ValidationReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Turns a {@code @KeySchema} type into a {@link KeySchemaModel}. Structural problems (not a
 * record, a component in both keys) go into the report; the checks of widths and delimiters are
 * {@link io.dynakeys.processor.validation.KeySchemaValidator}'s.
 */
public final class KeySchemaReader {

  /** The outcome of reading one type. */
  public sealed interface Result {
    /** A model, ready for the checks. */
    record Read(KeySchemaModel model) implements Result {}

    /** A component's type is not resolved yet (it may be generated in a later round). */
    record Deferred(String component) implements Result {}

    /** Nothing to model; the report says why. */
    record Invalid() implements Result {}
  }

  private final ValidationReport report;

  /** @param report where structural problems go */
  public KeySchemaReader(ValidationReport report) {
    this.report = report;
  }

  /** Reads {@code type}, which carries {@code @KeySchema}. */
  public Result read(TypeElement type) {
    AnnotationMirror schema = Mirrors.find(type, KEY_SCHEMA).orElseThrow();
    String name = type.getSimpleName().toString();
    if (type.getKind() != ElementKind.RECORD) {
      report.error(Messages.notARecord(kindName(type.getKind()), name), type, schema, null);
      return new Result.Invalid();
    }
    if (type.getNestingKind() == NestingKind.LOCAL || type.getNestingKind() == NestingKind.ANONYMOUS) {
      report.error(Messages.localRecord(name), type, schema, null);
      return new Result.Invalid();
    }
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(Messages.privateRecord(name), type, schema, null);
        return new Result.Invalid();
      }
    }
    if (!type.getTypeParameters().isEmpty()) {
      report.error(Messages.genericRecord(name), type, schema, null);
      return new Result.Invalid();
    }

    Optional<String> partitionPrefix = Mirrors.value(schema, "partitionPrefix", String.class);
    Optional<String> sortPrefix = Mirrors.value(schema, "sortPrefix", String.class);
    Optional<Character> delimiter = Mirrors.value(schema, "delimiter", Character.class);
    Optional<String> partitionAttribute = Mirrors.value(schema, "partitionKeyAttribute", String.class);
    Optional<String> sortAttribute = Mirrors.value(schema, "sortKeyAttribute", String.class);
    if (partitionPrefix.isEmpty() || sortPrefix.isEmpty() || delimiter.isEmpty()
        || partitionAttribute.isEmpty() || sortAttribute.isEmpty()) {
      return new Result.Invalid(); // javac has reported the malformed attribute
    }

    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> sort = new ArrayList<>();
    boolean valid = true;
    for (RecordComponentElement component : type.getRecordComponents()) {
      Optional<AnnotationMirror> pk = Mirrors.find(component, PARTITION_KEY);
      Optional<AnnotationMirror> sk = Mirrors.find(component, SORT_KEY);
      String label = name + "." + component.getSimpleName();
      if (pk.isPresent() && sk.isPresent()) {
        report.error(Messages.bothKeys(component.getSimpleName().toString()), component, sk.get(), null);
        valid = false;
        continue;
      }
      if (pk.isEmpty() && sk.isEmpty()) {
        for (String modifier : AnnotationNames.COMPONENT_MODIFIERS) {
          Optional<AnnotationMirror> m = Mirrors.find(component, modifier);
          if (m.isPresent()) {
            report.error(Messages.modifierWithoutKey(AnnotationNames.simple(modifier),
                component.getSimpleName().toString()), component, m.get(), null);
            valid = false;
          }
        }
        continue;
      }
      TypeMirror componentType = component.asType();
      if (containsError(componentType)) {
        return new Result.Deferred(label);
      }
      Optional<KeyComponent> read = readComponent(component, pk.orElseGet(sk::get));
      if (read.isEmpty()) {
        valid = false;
      } else if (pk.isPresent()) {
        partition.add(read.get());
      } else {
        sort.add(read.get());
      }
    }
    if (!valid) {
      return new Result.Invalid();
    }
    ClassName record = ClassName.get(type);
    ClassName keys = ClassName.get(record.packageName(),
        String.join("_", record.simpleNames()) + "Keys");
    KeyPart partitionPart = new KeyPart(KeyPart.Kind.PARTITION, partitionAttribute.get(),
        partitionPrefix.get(), delimiter.get(), List.copyOf(partition),
        Mirrors.explicit(schema, "partitionPrefix"));
    KeyPart sortPart = new KeyPart(KeyPart.Kind.SORT, sortAttribute.get(), sortPrefix.get(),
        delimiter.get(), List.copyOf(sort), Mirrors.explicit(schema, "sortPrefix"));
    return new Result.Read(new KeySchemaModel(record, keys, partitionPart, sortPart, type, schema,
        Mirrors.explicit(schema, "delimiter")));
  }

  private Optional<KeyComponent> readComponent(RecordComponentElement component, AnnotationMirror key) {
    TypeMirror type = component.asType();
    ValueType valueType = classify(type);
    boolean boxed = type.getKind() == TypeKind.DECLARED && valueType.integral()
        && valueType != ValueType.BIG_INTEGER;
    List<String> constants = valueType == ValueType.ENUM ? enumConstants(type) : List.of();

    Padding padding = null;
    Optional<AnnotationMirror> padded = Mirrors.find(component, PADDED);
    if (padded.isPresent()) {
      AnnotationMirror p = padded.get();
      Optional<Integer> width = Mirrors.value(p, "value", Integer.class);
      Optional<Long> min = Mirrors.value(p, "min", Long.class);
      Optional<Long> max = Mirrors.value(p, "max", Long.class);
      if (width.isEmpty() || min.isEmpty() || max.isEmpty()) {
        return Optional.empty(); // javac has reported the malformed attribute
      }
      AnnotationValue minValue = Mirrors.explicit(p, "min");
      AnnotationValue maxValue = Mirrors.explicit(p, "max");
      padding = new Padding(width.get(), minValue == null ? null : min.get(),
          maxValue == null ? null : max.get(), p, Mirrors.explicit(p, "value"), minValue, maxValue);
    }
    AnnotationMirror inverted = Mirrors.find(component, INVERTED).orElse(null);
    AnnotationMirror tiebreaker = Mirrors.find(component, TIEBREAKER).orElse(null);
    return Optional.of(new KeyComponent(component.getSimpleName().toString(), TypeName.get(type),
        valueType, boxed, padding, inverted != null, tiebreaker != null, constants, component, key,
        inverted, tiebreaker));
  }

  /** What {@code type} holds, for choosing an encoding. */
  static ValueType classify(TypeMirror type) {
    switch (type.getKind()) {
      case BYTE:
        return ValueType.BYTE;
      case SHORT:
        return ValueType.SHORT;
      case INT:
        return ValueType.INT;
      case LONG:
        return ValueType.LONG;
      case FLOAT:
      case DOUBLE:
        return ValueType.FLOATING;
      case DECLARED:
        break;
      default:
        return ValueType.OTHER;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    if (element.getKind() == ElementKind.ENUM) {
      return ValueType.ENUM;
    }
    switch (element.getQualifiedName().toString()) {
      case "java.lang.Byte":
        return ValueType.BYTE;
      case "java.lang.Short":
        return ValueType.SHORT;
      case "java.lang.Integer":
        return ValueType.INT;
      case "java.lang.Long":
        return ValueType.LONG;
      case "java.math.BigInteger":
        return ValueType.BIG_INTEGER;
      case "java.time.Instant":
        return ValueType.INSTANT;
      case "java.time.LocalDate":
        return ValueType.LOCAL_DATE;
      case "java.lang.String":
        return ValueType.STRING;
      case "java.util.UUID":
        return ValueType.UUID;
      case "java.lang.Float":
      case "java.lang.Double":
      case "java.math.BigDecimal":
        return ValueType.FLOATING;
      default:
        return ValueType.OTHER;
    }
  }

  private static List<String> enumConstants(TypeMirror type) {
    List<String> names = new ArrayList<>();
    for (Element e : ((DeclaredType) type).asElement().getEnclosedElements()) {
      if (e.getKind() == ElementKind.ENUM_CONSTANT) {
        names.add(e.getSimpleName().toString());
      }
    }
    return List.copyOf(names);
  }

  private static boolean containsError(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return true;
    }
    if (type instanceof DeclaredType declared) {
      for (TypeMirror argument : declared.getTypeArguments()) {
        if (containsError(argument)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String kindName(ElementKind kind) {
    switch (kind) {
      case INTERFACE:
        return "an interface";
      case ENUM:
        return "an enum";
      case ANNOTATION_TYPE:
        return "an annotation type";
      default:
        return "a class";
    }
  }
}
