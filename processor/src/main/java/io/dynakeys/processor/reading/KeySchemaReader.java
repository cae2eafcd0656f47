package io.dynakeys.processor.reading;

import static io.dynakeys.processor.reading.AnnotationNames.INVERTED;
import static io.dynakeys.processor.reading.AnnotationNames.KEY_SCHEMA;
import static io.dynakeys.processor.reading.AnnotationNames.PADDED;
import static io.dynakeys.processor.reading.AnnotationNames.PARTITION_KEY;
import static io.dynakeys.processor.reading.AnnotationNames.SORT_KEY;
import static io.dynakeys.processor.reading.AnnotationNames.TIEBREAKER;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
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
    // Local records never reach a processor (javac does not hand them over): nothing to check.
    String keysName = String.join("_", ClassName.get(type).simpleNames()) + "Keys";
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(Messages.privateRecord(name, t == type ? null : t.getSimpleName().toString(), keysName),
            type, schema, null);
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

    char d = delimiter.get();
    List<IndexDeclaration> declarations = readIndexDeclarations(type);
    java.util.Set<String> indexed = new java.util.HashSet<>();
    declarations.forEach(i -> {
      indexed.addAll(i.partitionKey());
      indexed.addAll(i.sortKey());
    });

    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> sort = new ArrayList<>();
    java.util.Map<String, RecordComponentElement> byName = new java.util.LinkedHashMap<>();
    List<Attribute> attributes = new ArrayList<>();
    boolean valid = true;
    for (RecordComponentElement component : type.getRecordComponents()) {
      String componentName = component.getSimpleName().toString();
      byName.put(componentName, component);
      TypeMirror componentType = component.asType();
      if (containsError(componentType)) {
        if (TypeName.get(componentType).toString().startsWith(name + "Keys")) {
          // The class this record generates can never be resolved before it is written.
          report.error(Messages.refersToOwnKeys(componentName, name + "Keys"),
              ValidationReport.positioned(component), null, null);
          valid = false;
          continue;
        }
        return new Result.Deferred(componentName);
      }
      Accessibility.Problem hidden = Accessibility.find(componentType, Accessibility.packageOf(type));
      if (hidden != null) {
        report.error(Messages.inaccessibleComponentType(componentName,
                String.join(".", ClassName.get(hidden.type()).simpleNames()),
                String.join(".", ClassName.get(hidden.offending()).simpleNames()),
                hidden.isPrivate(), keysName),
            ValidationReport.positioned(component), null, null);
        valid = false;
        continue;
      }
      AttributeTypeReader.Outcome storage = AttributeTypeReader.read(componentType,
          List.of(type.getQualifiedName().toString()));
      boolean keyComponent = Mirrors.find(component, PARTITION_KEY).isPresent()
          || Mirrors.find(component, SORT_KEY).isPresent();
      if (storage.problem() == null || keyComponent) {
        // No key type lacks a storage, so the key checks report a key component more precisely.
        attributes.add(new Attribute(componentName, TypeName.get(componentType)));
      } else {
        // The key checks still run: the report holds the error, so nothing is written.
        report.error(Messages.unsupportedAttributeType(componentName, TypeName.get(componentType).toString(),
            storage.problem()), component, null, null);
      }
      Optional<AnnotationMirror> pk = Mirrors.find(component, PARTITION_KEY);
      Optional<AnnotationMirror> sk = Mirrors.find(component, SORT_KEY);
      if (pk.isPresent() && sk.isPresent()) {
        report.error(Messages.bothKeys(componentName), component, sk.get(), null);
        valid = false;
        continue;
      }
      if (pk.isEmpty() && sk.isEmpty()) {
        if (indexed.contains(componentName)) {
          continue;
        }
        for (String modifier : AnnotationNames.COMPONENT_MODIFIERS) {
          Optional<AnnotationMirror> m = Mirrors.find(component, modifier);
          if (m.isPresent()) {
            report.error(Messages.modifierWithoutKey(AnnotationNames.simple(modifier), componentName),
                component, m.get(), null);
            valid = false;
          }
        }
        continue;
      }
      Optional<KeyComponent> read = readComponent(component, pk.orElseGet(sk::get), true);
      if (read.isEmpty()) {
        valid = false;
      } else if (pk.isPresent()) {
        partition.add(read.get());
      } else {
        sort.add(read.get());
      }
    }
    KeyPart partitionPart = new KeyPart(KeyPart.Kind.PARTITION, partitionAttribute.get(),
        partitionPrefix.get(), d, List.copyOf(partition), Mirrors.explicit(schema, "partitionPrefix"));
    KeyPart sortPart = new KeyPart(KeyPart.Kind.SORT, sortAttribute.get(), sortPrefix.get(), d,
        List.copyOf(sort), Mirrors.explicit(schema, "sortPrefix"));
    KeyLayout table = new KeyLayout(null, partitionPart, sortPart);

    List<IndexModel> indexes = new ArrayList<>();
    java.util.Set<String> indexNames = new java.util.HashSet<>();
    java.util.Set<String> usedAttributes = new java.util.HashSet<>(byName.keySet());
    usedAttributes.add(partitionAttribute.get());
    usedAttributes.add(sortAttribute.get());
    for (IndexDeclaration declaration : declarations) {
      Optional<IndexModel> index = readIndex(type, declaration, table, byName, indexNames, usedAttributes);
      if (index.isEmpty()) {
        valid = false;
      } else {
        indexes.add(index.get());
      }
    }
    if (!valid) {
      return new Result.Invalid();
    }
    ClassName record = ClassName.get(type);
    ClassName keys = ClassName.get(record.packageName(),
        String.join("_", record.simpleNames()) + "Keys");
    return new Result.Read(new KeySchemaModel(record, keys, table, List.copyOf(indexes),
        List.copyOf(attributes), type, schema, Mirrors.explicit(schema, "delimiter")));
  }

  /** A {@code @SecondaryIndex} as written, before its component names are resolved. */
  private record IndexDeclaration(
      AnnotationMirror mirror, AnnotationMirror position, int ordinal, String name, boolean local, List<String> partitionKey,
      List<String> sortKey, String partitionPrefix, String sortPrefix, String partitionAttribute,
      String sortAttribute) {}

  private List<IndexDeclaration> readIndexDeclarations(TypeElement type) {
    // Repeated annotations sit inside their container, which is what javac can locate in the
    // source: diagnostics name the container and the nested value.
    java.util.Map<AnnotationMirror, AnnotationMirror> mirrors = new java.util.LinkedHashMap<>();
    Mirrors.find(type, AnnotationNames.SECONDARY_INDEX).ifPresent(m -> mirrors.put(m, m));
    Mirrors.find(type, AnnotationNames.SECONDARY_INDEXES).ifPresent(container -> {
      AnnotationValue value = Mirrors.explicit(container, "value");
      if (value != null && value.getValue() instanceof List<?> list) {
        for (Object o : list) {
          if (o instanceof AnnotationValue v && v.getValue() instanceof AnnotationMirror m) {
            mirrors.put(m, container);
          }
        }
      }
    });
    List<IndexDeclaration> declarations = new ArrayList<>();
    int ordinal = -1;
    for (AnnotationMirror m : mirrors.keySet()) {
      ordinal++;
      Optional<String> indexName = Mirrors.value(m, "name", String.class);
      Optional<Boolean> local = Mirrors.value(m, "local", Boolean.class);
      Optional<String> pp = Mirrors.value(m, "partitionPrefix", String.class);
      Optional<String> sp = Mirrors.value(m, "sortPrefix", String.class);
      Optional<String> pa = Mirrors.value(m, "partitionKeyAttribute", String.class);
      Optional<String> sa = Mirrors.value(m, "sortKeyAttribute", String.class);
      if (indexName.isEmpty() || local.isEmpty() || pp.isEmpty() || sp.isEmpty() || pa.isEmpty() || sa.isEmpty()) {
        continue; // javac has reported the malformed attribute
      }
      declarations.add(new IndexDeclaration(m, mirrors.get(m), ordinal, indexName.get(), local.get(), names(m, "partitionKey"),
          names(m, "sortKey"), pp.get(), sp.get(), pa.get(), sa.get()));
    }
    return declarations;
  }

  private static List<String> names(AnnotationMirror mirror, String attribute) {
    AnnotationValue value = Mirrors.explicit(mirror, attribute);
    List<String> names = new ArrayList<>();
    if (value != null && value.getValue() instanceof List<?> list) {
      for (Object o : list) {
        if (o instanceof AnnotationValue v && v.getValue() instanceof String s) {
          names.add(s);
        }
      }
    }
    return names;
  }

  /** An error on {@code attribute} of an index declaration, placed even when it is repeated. */
  private void indexError(TypeElement record, IndexDeclaration index, String message, String attribute) {
    AnnotationValue value = Mirrors.explicit(index.mirror(), attribute);
    if (index.position() == index.mirror()) {
      report.error(message, record, index.mirror(), value);
    } else {
      report.error(message, record, index.position(), null,
          new ValidationReport.Repeated("SecondaryIndex", index.ordinal(), attribute));
    }
  }

  private Optional<IndexModel> readIndex(TypeElement record, IndexDeclaration index, KeyLayout table,
      java.util.Map<String, RecordComponentElement> byName, java.util.Set<String> indexNames,
      java.util.Set<String> usedAttributes) {
    AnnotationMirror m = index.mirror();
    AnnotationMirror at = index.position();
    AnnotationValue nameValue = Mirrors.explicit(m, "name");
    String recordName = record.getSimpleName().toString();
    if (!javax.lang.model.SourceVersion.isIdentifier(index.name())
        || javax.lang.model.SourceVersion.isKeyword(index.name())) {
      indexError(record, index, Messages.invalidIndexName(index.name()), "name");
      return Optional.empty();
    }
    if (!indexNames.add(index.name())) {
      indexError(record, index, Messages.duplicateIndexName(index.name()), "name");
      return Optional.empty();
    }
    boolean valid = true;
    if (index.local() && !index.partitionKey().isEmpty()) {
      indexError(record, index, Messages.localIndexWithPartition(index.name()), "partitionKey");
      valid = false;
    }
    if (index.local() && index.sortKey().isEmpty() && index.sortPrefix().isEmpty()) {
      indexError(record, index, Messages.localIndexWithoutSort(index.name()), "name");
      valid = false;
    }
    if (!index.local() && index.partitionKey().isEmpty() && index.partitionPrefix().isEmpty()) {
      indexError(record, index, Messages.indexWithoutPartition(index.name()), "name");
      valid = false;
    }
    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> sort = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (String attribute : List.of("partitionKey", "sortKey")) {
      List<String> names = attribute.equals("partitionKey") ? index.partitionKey() : index.sortKey();
      for (String componentName : names) {
        RecordComponentElement component = byName.get(componentName);
        if (component == null) {
          indexError(record, index, Messages.unknownIndexComponent(index.name(), componentName, recordName),
              attribute);
          valid = false;
          continue;
        }
        if (!seen.add(componentName)) {
          indexError(record, index, Messages.duplicateIndexComponent(index.name(), componentName), attribute);
          valid = false;
          continue;
        }
        Optional<KeyComponent> read = readComponent(component, at, false);
        if (read.isEmpty()) {
          valid = false;
        } else if (attribute.equals("partitionKey")) {
          partition.add(read.get());
        } else {
          sort.add(read.get());
        }
      }
    }
    String pkAttribute = index.local() ? table.partition().attribute()
        : index.partitionAttribute().isEmpty() ? index.name() + "_pk" : index.partitionAttribute();
    String skAttribute = index.sortAttribute().isEmpty() ? index.name() + "_sk" : index.sortAttribute();
    boolean hasSort = !sort.isEmpty() || !index.sortPrefix().isEmpty();
    if (!index.local() && !usedAttributes.add(pkAttribute)) {
      indexError(record, index, Messages.indexAttributeClash(index.name(), pkAttribute),
          index.partitionAttribute().isEmpty() ? "name" : "partitionKeyAttribute");
      valid = false;
    }
    if (hasSort && !usedAttributes.add(skAttribute)) {
      indexError(record, index, Messages.indexAttributeClash(index.name(), skAttribute),
          index.sortAttribute().isEmpty() ? "name" : "sortKeyAttribute");
      valid = false;
    }
    if (!valid) {
      return Optional.empty();
    }
    char d = table.partition().delimiter();
    KeyPart partitionPart = index.local() ? table.partition()
        : new KeyPart(KeyPart.Kind.PARTITION, pkAttribute, index.partitionPrefix(), d,
            List.copyOf(partition), Mirrors.explicit(m, "partitionPrefix"));
    KeyPart sortPart = new KeyPart(KeyPart.Kind.SORT, skAttribute, index.sortPrefix(), d,
        List.copyOf(sort), Mirrors.explicit(m, "sortPrefix"));
    return Optional.of(new IndexModel(index.name(), index.local(),
        new KeyLayout(index.name(), partitionPart, sortPart), m, nameValue));
  }

  private Optional<KeyComponent> readComponent(
      RecordComponentElement component, AnnotationMirror key, boolean table) {
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
    // A tiebreaker separates equal table keys; in an index the component is an ordinary one.
    AnnotationMirror tiebreaker = table ? Mirrors.find(component, TIEBREAKER).orElse(null) : null;
    KeyComponent.PathSegment path = null;
    Optional<AnnotationMirror> segment = Mirrors.find(component, AnnotationNames.PATH_SEGMENT);
    if (segment.isPresent()) {
      Optional<Character> delimiter = Mirrors.value(segment.get(), "delimiter", Character.class);
      Optional<Boolean> indexes = Mirrors.value(segment.get(), "indexes", Boolean.class);
      if (delimiter.isEmpty() || indexes.isEmpty()) {
        return Optional.empty(); // javac has reported the malformed attribute
      }
      path = new KeyComponent.PathSegment(delimiter.get(), indexes.get() && table, segment.get(),
          Mirrors.explicit(segment.get(), "delimiter"));
    }
    return Optional.of(new KeyComponent(component.getSimpleName().toString(), TypeName.get(type),
        valueType, boxed, padding, inverted != null, tiebreaker != null, constants, component, key,
        inverted, tiebreaker, path));
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
      case "io.dynakeys.runtime.TreePath":
        return ValueType.PATH;
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
