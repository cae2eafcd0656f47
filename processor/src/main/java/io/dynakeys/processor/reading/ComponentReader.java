package io.dynakeys.processor.reading;

import static io.dynakeys.processor.reading.AnnotationNames.INVERTED;
import static io.dynakeys.processor.reading.AnnotationNames.PADDED;
import static io.dynakeys.processor.reading.AnnotationNames.PATH_SEGMENT;
import static io.dynakeys.processor.reading.AnnotationNames.TIEBREAKER;

import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.ComponentType;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.Padding;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Reads one component's part in a key: its type's encoding and its key annotations. */
final class ComponentReader {
  private ComponentReader() {}

  /**
   * The component as a key component, or empty when one of its annotations is malformed (javac has
   * reported that).
   *
   * @param key its {@code @PartitionKey} or {@code @SortKey}, or the index naming it
   * @param table whether it is read for the table's keys (a tiebreaker and path indexes exist only
   *     there)
   * @param keyDelimiter the key's delimiter
   */
  static Optional<KeyComponent> read(ComponentSource component, AnnotationMirror key,
      boolean table, char keyDelimiter) {
    Padding padding = null;
    Optional<AnnotationMirror> padded = component.find(PADDED);
    if (padded.isPresent()) {
      AnnotationMirror p = padded.get();
      Optional<Integer> width = Mirrors.value(p, "value", Integer.class);
      Optional<Long> min = Mirrors.value(p, "min", Long.class);
      Optional<Long> max = Mirrors.value(p, "max", Long.class);
      if (width.isEmpty() || min.isEmpty() || max.isEmpty()) {
        return Optional.empty();
      }
      AnnotationValue minValue = Mirrors.explicit(p, "min");
      AnnotationValue maxValue = Mirrors.explicit(p, "max");
      padding = new Padding(width.get(), minValue == null ? null : min.get(),
          maxValue == null ? null : max.get(), p, Mirrors.explicit(p, "value"), minValue, maxValue);
    }
    AnnotationMirror inverted = component.find(INVERTED).orElse(null);
    // A tiebreaker separates equal table keys; in an index the component is an ordinary one.
    AnnotationMirror tiebreaker = table ? component.find(TIEBREAKER).orElse(null) : null;
    KeyComponent.PathSegment path = null;
    Optional<AnnotationMirror> segment = component.find(PATH_SEGMENT);
    if (segment.isPresent()) {
      Optional<Character> delimiter = Mirrors.value(segment.get(), "delimiter", Character.class);
      Optional<Boolean> indexes = Mirrors.value(segment.get(), "indexes", Boolean.class);
      if (delimiter.isEmpty() || indexes.isEmpty()) {
        return Optional.empty();
      }
      path = new KeyComponent.PathSegment(delimiter.get(), indexes.get() && table, segment.get(),
          Mirrors.explicit(segment.get(), "delimiter"));
    }
    // An Optional<T> is keyed by its value, a T; when it is empty the item is in no index it keys.
    // A nullable Kotlin property is keyed by its value too, and leaves the item out when null.
    TypeMirror value = optionalValue(component.type());
    TypeMirror keyed = value == null ? component.type() : value;
    ComponentType keyType = KeyTypeReader.read(keyed, path == null ? null : path.delimiter(), keyDelimiter);
    return Optional.of(new KeyComponent(component.name(),
        TypeName.get(keyed), keyType, padding, inverted != null, tiebreaker != null,
        component.element(), key, inverted, tiebreaker, path, value != null || component.nullable(),
        component.nullable(), component.accessor()));
  }

  /** The {@code T} of a {@code java.util.Optional<T>}, or null for any other type. */
  private static TypeMirror optionalValue(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    DeclaredType declared = (DeclaredType) type;
    boolean optional = ((TypeElement) declared.asElement()).getQualifiedName().contentEquals("java.util.Optional");
    return optional && declared.getTypeArguments().size() == 1 ? declared.getTypeArguments().get(0) : null;
  }
}
