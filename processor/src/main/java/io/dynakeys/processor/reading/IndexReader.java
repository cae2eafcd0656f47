package io.dynakeys.processor.reading;

import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;

/**
 * Reads a record's {@code @SecondaryIndex} declarations, as written, and resolves their component
 * names into layouts. Whether a declaration makes sense is the validator's question.
 */
final class IndexReader {
  private IndexReader() {}

  /** A {@code @SecondaryIndex} as written, before its component names are resolved. */
  record Declaration(
      AnnotationMirror mirror, AnnotationMirror position, int ordinal, String name, boolean local,
      List<String> partitionKey, List<String> sortKey, String partitionPrefix, String sortPrefix,
      String partitionAttribute, String sortAttribute, boolean nativeKey) {}

  /** The declarations on {@code type}, in source order; malformed ones (javac reports them) left out. */
  static List<Declaration> declarations(TypeElement type) {
    // Repeated annotations sit inside their container, which is what javac can locate in the
    // source: diagnostics name the container and the nested value.
    Map<AnnotationMirror, AnnotationMirror> mirrors = new LinkedHashMap<>();
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
    List<Declaration> declarations = new ArrayList<>();
    int ordinal = -1;
    for (AnnotationMirror m : mirrors.keySet()) {
      ordinal++;
      Optional<String> indexName = Mirrors.value(m, "name", String.class);
      Optional<Boolean> local = Mirrors.value(m, "local", Boolean.class);
      Optional<String> pp = Mirrors.value(m, "partitionPrefix", String.class);
      Optional<String> sp = Mirrors.value(m, "sortPrefix", String.class);
      Optional<String> pa = Mirrors.value(m, "partitionKeyAttribute", String.class);
      Optional<String> sa = Mirrors.value(m, "sortKeyAttribute", String.class);
      Optional<Boolean> nativeKey = Mirrors.value(m, "nativeKey", Boolean.class);
      if (indexName.isEmpty() || local.isEmpty() || pp.isEmpty() || sp.isEmpty() || pa.isEmpty() || sa.isEmpty()
          || nativeKey.isEmpty()) {
        continue;
      }
      declarations.add(new Declaration(m, mirrors.get(m), ordinal, indexName.get(), local.get(),
          names(m, "partitionKey"), names(m, "sortKey"), pp.get(), sp.get(), pa.get(), sa.get(),
          nativeKey.get()));
    }
    return declarations;
  }

  /**
   * The index of {@code declaration} over the record's components; names that are no component
   * are left out of the layout (the validator reports them). Empty when a component's annotation
   * is malformed.
   */
  static Optional<IndexModel> resolve(Declaration declaration, KeyLayout table,
      Map<String, ComponentSource> byName) {
    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> sort = new ArrayList<>();
    char d = table.partition().delimiter();
    // A native index composes no key: its components are checked as stored attributes, not codecs.
    for (String attribute : declaration.nativeKey() ? List.<String>of() : List.of("partitionKey", "sortKey")) {
      boolean isPartition = attribute.equals("partitionKey");
      List<String> names = isPartition ? declaration.partitionKey() : declaration.sortKey();
      List<String> seen = new ArrayList<>();
      for (String componentName : names) {
        ComponentSource component = byName.get(componentName);
        if (component == null || seen.contains(componentName)) {
          continue;
        }
        seen.add(componentName);
        Optional<KeyComponent> read = ComponentReader.read(component, declaration.position(), false, d);
        if (read.isEmpty()) {
          return Optional.empty();
        }
        (isPartition ? partition : sort).add(read.get());
      }
    }
    String pkAttribute = declaration.local() ? table.partition().attribute()
        : declaration.partitionAttribute().isEmpty() ? declaration.name() + "_pk" : declaration.partitionAttribute();
    String skAttribute = declaration.sortAttribute().isEmpty() ? declaration.name() + "_sk" : declaration.sortAttribute();
    AnnotationMirror m = declaration.mirror();
    KeyPart partitionPart = declaration.local() ? table.partition()
        : new KeyPart(KeyPart.Kind.PARTITION, pkAttribute, declaration.partitionPrefix(), d,
            List.copyOf(partition), Mirrors.explicit(m, "partitionPrefix"));
    KeyPart sortPart = new KeyPart(KeyPart.Kind.SORT, skAttribute, declaration.sortPrefix(), d,
        List.copyOf(sort), Mirrors.explicit(m, "sortPrefix"));
    return Optional.of(new IndexModel(declaration.name(), declaration.local(),
        new KeyLayout(declaration.name(), partitionPart, sortPart), declaration.partitionKey(),
        declaration.sortKey(), declaration.partitionAttribute(), declaration.sortAttribute(),
        m, declaration.position(), declaration.ordinal(), declaration.nativeKey()));
  }

  /** The strings of the array attribute {@code attribute} as written; empty when defaulted. */
  static List<String> names(AnnotationMirror mirror, String attribute) {
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
}
