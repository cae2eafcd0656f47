package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.AnnotationNames;
import io.dynakeys.processor.reading.Mirrors;
import io.dynakeys.processor.reading.StorableTypes;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import io.dynakeys.processor.model.ItemComponent;

/**
 * The checks of native indexes ({@code @SecondaryIndex(nativeKey = true)}), whose keys are the
 * components' own attributes: global only, no prefixes or key attribute names, at most four
 * attributes a side, every attribute stored as a string, number or binary, and every sort
 * attribute stored in a form that sorts like its values (DynamoDB compares numbers numerically,
 * strings by UTF-8 bytes, binary unsigned), as {@link NativeKeyOrders} records per type. What the
 * name and component checks of every index find, {@link IndexValidator} reports.
 */
final class NativeIndexValidator {
  /** At most this many attributes on each side of a multi-attribute key. */
  static final int MAX_ATTRIBUTES = 4;

  private final ValidationReport report;

  NativeIndexValidator(ValidationReport report) {
    this.report = report;
  }

  /** Checks {@code index}, a native index of {@code model} whose name is valid. */
  void validate(KeySchemaModel model, IndexModel index, IndexValidator errors) {
    if (index.local()) {
      errors.error(model, index, Messages.nativeIndexLocal(index.name()), "local");
    }
    for (String attribute : List.of("partitionPrefix", "sortPrefix", "partitionKeyAttribute", "sortKeyAttribute")) {
      AnnotationValue value = Mirrors.explicit(index.annotation(), attribute);
      if (value != null && !String.valueOf(value.getValue()).isEmpty()) {
        errors.error(model, index, Messages.nativeIndexComposedAttribute(index.name(), attribute), attribute);
      }
    }
    if (index.partitionNames().size() > MAX_ATTRIBUTES) {
      errors.error(model, index, Messages.nativeIndexTooManyAttributes(index.name(), "partition",
          index.partitionNames().size()), "partitionKey");
    }
    if (index.sortNames().size() > MAX_ATTRIBUTES) {
      errors.error(model, index, Messages.nativeIndexTooManyAttributes(index.name(), "sort",
          index.sortNames().size()), "sortKey");
    }
    Set<String> composed = new java.util.HashSet<>(model.keyComponents().keySet());
    for (String name : index.partitionNames()) {
      checkComponent(model, index, name, false, composed);
    }
    for (String name : index.sortNames()) {
      checkComponent(model, index, name, true, composed);
    }
  }

  private void checkComponent(KeySchemaModel model, IndexModel index, String name, boolean sort,
      Set<String> composed) {
    Optional<Attribute> attribute = model.attributes().stream().filter(a -> a.name().equals(name)).findFirst();
    ItemComponent item = model.component(name);
    if (attribute.isEmpty() || item == null) {
      return; // no such component (IndexValidator says so), or one the reader refused
    }
    Element component = item.element();
    Optional<AnnotationMirror> path = item.annotation(AnnotationNames.PATH_SEGMENT);
    if (path.isPresent()) {
      report.error(Messages.nativePath(index.name(), name), component, path.get(), null);
      return;
    }
    AttributeType type = attribute.get().type();
    if (type.kind() == AttributeType.Kind.OPTIONAL) {
      type = type.arguments().get(0); // a sparse index: an empty Optional leaves the item out
    }
    String typeName = simple(type.type().toString());
    switch (type.kind()) {
      case SCALAR -> {
        StorableTypes.Stored stored = StorableTypes.stored(type.type().toString());
        if (stored == null || stored == StorableTypes.Stored.BOOL) {
          report.error(Messages.nativeKeyNotScalar(index.name(), name, typeName), component, null, null);
          return;
        }
        NativeKeyOrders.Order order = NativeKeyOrders.of(type.type().toString());
        if (order instanceof NativeKeyOrders.Nullable nullable) {
          report.error(Messages.nativeKeyNullable(index.name(), name, typeName, nullable.fix()), component, null, null);
          return;
        }
        if (sort && order instanceof NativeKeyOrders.Unordered unordered) {
          report.error(Messages.nativeSortUnordered(index.name(), name, typeName, unordered.why(), unordered.lower(),
              unordered.higher(), unordered.fix()), component, null, null);
          return;
        }
      }
      case ENUM -> {
        if (sort) {
          report.error(Messages.nativeSortUnordered(index.name(), name, typeName,
              "an enum is stored by its constant's name, so it sorts by name, not in declaration order",
              "Move it to partitionKey (equality only), or store the order you mean in a number component"),
              component, null, null);
          return;
        }
      }
      case CONVERTED -> {
        if (sort) {
          report.error(Messages.nativeSortUnordered(index.name(), name, typeName,
              "its @DynamoDbConvertedBy converter decides the stored form, whose order dynakeys cannot check",
              "Move it to partitionKey (equality only), or key the index by a component of a scalar type"),
              component, null, null);
          return;
        }
      }
      default -> {
        report.error(Messages.nativeKeyNotScalar(index.name(), name, typeName), component, null, null);
        return;
      }
    }
    // In a composed key too, @Inverted and @Padded act there; the native attribute is the value.
    Optional<AnnotationMirror> inverted = item.annotation(AnnotationNames.INVERTED);
    if (inverted.isPresent() && !composed.contains(name)) {
      report.error(Messages.nativeInverted(index.name(), name), component, inverted.get(), null);
    }
    Optional<AnnotationMirror> padded = item.annotation(AnnotationNames.PADDED);
    if (padded.isPresent() && inverted.isEmpty() && !composed.contains(name)) {
      report.warning(Messages.nativePaddedIgnored(index.name(), name), component, padded.get(), null);
    }
  }

  /** {@code List<String>}, {@code Match.Level}: the type as source names it, without packages. */
  private static String simple(String qualified) {
    return qualified.replaceAll("\\b[a-z_][A-Za-z0-9_]*\\.", "");
  }
}
