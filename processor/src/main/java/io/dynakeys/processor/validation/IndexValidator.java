package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.IndexGroup;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.Mirrors;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationValue;

/**
 * The checks of {@code @SecondaryIndex} declarations: names that can name generated code,
 * partition and sort keys that make a local or global index, components that exist and appear
 * once, and key attributes that clash with nothing else in the item.
 */
public final class IndexValidator {
  private final ValidationReport report;
  private final Map<String, IndexModel> indexClasses = new HashMap<>();

  /** @param report where findings go */
  public IndexValidator(ValidationReport report) {
    this.report = report;
  }

  /** Checks every index of {@code model}. */
  public void validate(KeySchemaModel model) {
    Set<String> components = new LinkedHashSet<>(); // in declaration order, as a message lists them
    model.components().forEach(c -> components.add(c.name()));
    Set<String> usedAttributes = new HashSet<>();
    model.attributes().forEach(a -> usedAttributes.add(a.attributeName()));
    usedAttributes.add(model.partition().attribute());
    usedAttributes.add(model.sort().attribute());
    // Nested classes the keys class declares besides the index classes, by the name javac sees.
    Map<String, String> classes = new HashMap<>();
    classes.put(model.keysClass().simpleName().toLowerCase(Locale.ROOT), model.keysClass().simpleName());
    for (String name : List.of("PartitionParts", "SortParts")) {
      classes.put(name.toLowerCase(Locale.ROOT), name);
    }
    model.table().stageNames().forEach(name -> classes.put(name.toLowerCase(Locale.ROOT), name));
    for (IndexModel index : model.indexes()) {
      if (!checkName(model, index, classes)) {
        continue;
      }
      checkKeys(model, index, components);
      checkAttributes(model, index, usedAttributes);
    }
    int most = io.dynakeys.runtime.entity.IndexGroup.MAX_MEMBERS;
    for (IndexGroup group : IndexGroup.of(model)) {
      if (group.members().size() > most) {
        error(model, group.index(), Messages.indexGroupTooLarge(group.index().name(), group.members(), most), "name");
      }
    }
    NativeIndexValidator nativeIndexes = new NativeIndexValidator(report);
    for (IndexModel index : model.nativeIndexes()) {
      if (!checkName(model, index, classes)) {
        continue;
      }
      checkKeys(model, index, components);
      nativeIndexes.validate(model, index, this);
    }
  }

  private boolean checkName(KeySchemaModel model, IndexModel index, Map<String, String> classes) {
    if (!SourceVersion.isIdentifier(index.name()) || SourceVersion.isKeyword(index.name())) {
      error(model, index, Messages.invalidIndexName(index.name()), "name");
      return false;
    }
    // Class names are compared without case: on a case-insensitive file system two class files
    // differing in case overwrite each other.
    String key = index.className().toLowerCase(Locale.ROOT);
    IndexModel otherIndex = indexClasses.putIfAbsent(key, index);
    if (otherIndex != null) {
      error(model, index, Messages.duplicateIndexName(index.name(), otherIndex.name()), "name");
      return false;
    }
    String taken = classes.get(key);
    if (taken != null) {
      error(model, index, Messages.indexClassClash(index.name(),
          model.keysClass().simpleName() + "." + index.className(),
          model.keysClass().simpleName() + "." + taken), "name");
      return false;
    }
    return true;
  }

  private void checkKeys(KeySchemaModel model, IndexModel index, Set<String> components) {
    if (index.local() && !index.partitionNames().isEmpty()) {
      error(model, index, Messages.localIndexWithPartition(index.name()), "partitionKey");
    }
    if (index.local() && index.sortNames().isEmpty() && index.layout().sort().prefix().isEmpty()) {
      error(model, index, Messages.localIndexWithoutSort(index.name()), "name");
    }
    if (!index.local() && index.partitionNames().isEmpty() && index.nativeKey()) {
      error(model, index, Messages.nativeIndexWithoutPartition(index.name()), "name");
    } else if (!index.local() && index.partitionNames().isEmpty() && index.layout().partition().prefix().isEmpty()) {
      error(model, index, Messages.indexWithoutPartition(index.name()), "name");
    }
    Set<String> seen = new HashSet<>();
    for (String attribute : List.of("partitionKey", "sortKey")) {
      List<String> names = attribute.equals("partitionKey") ? index.partitionNames() : index.sortNames();
      for (String name : names) {
        if (!components.contains(name)) {
          error(model, index, Messages.unknownIndexComponent(index.name(), name, model.recordName(), components), attribute);
        } else if (!seen.add(name)) {
          error(model, index, Messages.duplicateIndexComponent(index.name(), name), attribute);
        }
      }
    }
  }

  private void checkAttributes(KeySchemaModel model, IndexModel index, Set<String> used) {
    String pk = index.layout().partition().attribute();
    String sk = index.layout().sort().attribute();
    boolean hasSort = !index.sortNames().isEmpty() || !index.layout().sort().prefix().isEmpty();
    if (!index.local() && !used.add(pk)) {
      error(model, index, Messages.indexAttributeClash(index.name(), pk),
          index.declaredPartitionAttribute().isEmpty() ? "name" : "partitionKeyAttribute");
    }
    if (hasSort && !used.add(sk)) {
      error(model, index, Messages.indexAttributeClash(index.name(), sk),
          index.declaredSortAttribute().isEmpty() ? "name" : "sortKeyAttribute");
    }
  }

  /** An error on {@code attribute} of an index declaration, placed even when it is repeated. */
  void error(KeySchemaModel model, IndexModel index, String message, String attribute) {
    error(report, model, index, message, attribute);
  }

  /** An error in {@code report} on {@code attribute} (or the whole annotation, when null) of an index declaration. */
  public static void error(ValidationReport report, KeySchemaModel model, IndexModel index, String message,
      String attribute) {
    AnnotationValue value = attribute == null ? null : Mirrors.explicit(index.annotation(), attribute);
    if (!index.repeated()) {
      report.error(message, model.element(), index.annotation(), value);
    } else {
      report.error(message, model.element(), index.position(), null,
          new ValidationReport.Repeated("SecondaryIndex", index.ordinal(), attribute));
    }
  }

}
