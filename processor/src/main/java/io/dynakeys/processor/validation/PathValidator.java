package io.dynakeys.processor.validation;

import io.dynakeys.codecs.internal.PathEncoding;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks of {@code @PathSegment}: a {@code TreePath} in the table's sort key, one per record,
 * with a delimiter that cannot occur in the key otherwise, and generated indexes and attributes
 * that clash with nothing the record declares.
 */
final class PathValidator {
  private final ValidationReport report;

  PathValidator(ValidationReport report) {
    this.report = report;
  }

  void validate(KeySchemaModel model) {
    List<KeyComponent> elsewhere = new ArrayList<>(model.partition().components());
    for (IndexModel index : model.indexes()) {
      elsewhere.addAll(index.layout().components());
    }
    for (KeyComponent c : elsewhere) {
      if (c.path() != null) {
        report.error(Messages.pathNotInSortKey(), c.element(), c.path().mirror(), null);
      }
    }
    KeyComponent first = null;
    for (KeyComponent c : model.sort().components()) {
      KeyComponent.PathSegment path = c.path();
      if (path == null) {
        continue;
      }
      if (!(c.encoding() instanceof PathEncoding)) {
        report.error(Messages.pathSegmentWrongType(c.keyType().label()), c.element(), path.mirror(), null);
        continue;
      }
      if (first != null) {
        report.error(Messages.pathTwice(first.name()), c.element(), path.mirror(), null);
        continue;
      }
      first = c;
      char d = path.delimiter();
      String reason = KeySchemaValidator.delimiterProblem(d);
      if (reason != null) {
        report.error(Messages.delimiterNotAllowed(d, reason), c.element(), path.mirror(), path.delimiterValue());
        continue;
      }
      if (d == model.sort().delimiter()) {
        report.error(Messages.pathDelimiterEqualsKeyDelimiter(d), c.element(), path.mirror(), path.delimiterValue());
        continue;
      }
      for (KeyPart part : List.of(model.partition(), model.sort())) {
        if (part.prefix().indexOf(d) >= 0) {
          String attribute = part.kind() == KeyPart.Kind.PARTITION ? "partitionPrefix" : "sortPrefix";
          report.error(Messages.delimiterInPrefix(attribute, part.prefix(), d), c.element(),
              path.mirror(), path.delimiterValue());
        }
      }
      if (path.indexes()) {
        checkGeneratedNames(model, c);
      }
    }
  }

  private void checkGeneratedNames(KeySchemaModel model, KeyComponent c) {
    Set<String> taken = new HashSet<>();
    model.attributes().forEach((Attribute a) -> taken.add(a.attributeName()));
    for (KeyLayout layout : model.layouts()) {
      taken.add(layout.partition().attribute());
      taken.add(layout.sort().attribute());
      if (layout.indexName() != null) {
        taken.add(layout.indexName());
      }
    }
    for (String name : List.of(c.childrenIndex(), c.parentAttribute(), c.depthIndex())) {
      if (taken.contains(name)) {
        report.error(Messages.pathIndexClash(name), c.element(), c.path().mirror(), null);
      }
    }
  }
}
