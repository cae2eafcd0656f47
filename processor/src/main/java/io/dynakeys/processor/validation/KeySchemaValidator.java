package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.Padding;
import io.dynakeys.processor.reading.Mirrors;
import io.dynakeys.processor.model.ValueType;
import java.math.BigInteger;
import java.util.List;

/**
 * The compile-time checks of one record: widths against domains, numbers without padding,
 * inversion, tiebreakers, delimiters, enum constants and key sizes. Each finding points at the
 * narrowest element: the annotation value when an attribute is wrong.
 */
public final class KeySchemaValidator {

  private final ValidationReport report;
  private final java.util.Set<String> checkedComponents = new java.util.HashSet<>();

  /** @param report where findings go */
  public KeySchemaValidator(ValidationReport report) {
    this.report = report;
  }

  /** Checks {@code model}; findings go to the report. */
  public void validate(KeySchemaModel model) {
    if (model.partition().isEmpty()) {
      report.error(Messages.noPartition(model.recordName()), model.element(), model.annotation(), null);
    }
    checkKeyAttributes(model);
    boolean delimiterOk = checkDelimiter(model);
    checkParts(model, List.of(model.partition(), model.sort()), delimiterOk);
    checkTiebreakers(model);
    checkPaths(model);
    if (delimiterOk) {
      checkDelimiterOrder(model, model.sort());
    }
    for (IndexModel index : model.indexes()) {
      KeyLayout layout = index.layout();
      checkParts(model, index.local() ? List.of(layout.sort()) : layout.parts(), delimiterOk);
      if (delimiterOk) {
        checkDelimiterOrder(model, layout.sort());
      }
    }
  }

  private void checkParts(KeySchemaModel model, List<KeyPart> parts, boolean delimiterOk) {
    for (KeyPart part : parts) {
      if (delimiterOk) {
        checkPrefix(model, part);
      }
      for (KeyComponent component : part.components()) {
        checkComponent(part, component);
        if (delimiterOk) {
          checkEncodingAvoidsDelimiter(part, component);
        }
      }
      if (part.minimumBytes() > part.kind().limit()) {
        report.error(Messages.keyTooLong(part.kind().label(), part.minimumBytes(), part.kind().limit()),
            model.element(), model.annotation(), null);
      }
    }
  }

  /**
   * The key attributes must be named, distinct, and distinct from the components' attributes,
   * or an item would hold two values in one attribute.
   */
  private void checkKeyAttributes(KeySchemaModel model) {
    String pk = model.partition().attribute();
    String sk = model.sort().attribute();
    if (pk.isEmpty()) {
      report.error(Messages.emptyKeyAttribute("partitionKeyAttribute"), model.element(), model.annotation(),
          Mirrors.explicit(model.annotation(), "partitionKeyAttribute"));
      return;
    }
    if (model.hasSortKey() && sk.isEmpty()) {
      report.error(Messages.emptyKeyAttribute("sortKeyAttribute"), model.element(), model.annotation(),
          Mirrors.explicit(model.annotation(), "sortKeyAttribute"));
      return;
    }
    if (model.hasSortKey() && pk.equals(sk)) {
      report.error(Messages.equalKeyAttributes(pk), model.element(), model.annotation(),
          Mirrors.explicit(model.annotation(), "sortKeyAttribute"));
      return;
    }
    for (io.dynakeys.processor.model.Attribute a : model.attributes()) {
      String clash = a.name().equals(pk) ? "partitionKeyAttribute"
          : model.hasSortKey() && a.name().equals(sk) ? "sortKeyAttribute" : null;
      if (clash != null) {
        javax.lang.model.element.Element component = model.element().getRecordComponents().stream()
            .filter(rc -> rc.getSimpleName().contentEquals(a.name())).findFirst()
            .map(javax.lang.model.element.Element.class::cast).orElse(model.element());
        report.error(Messages.componentNamedLikeKeyAttribute(a.name(), clash), component, null, null);
      }
    }
  }

  /** Why {@code d} cannot separate parts of a key, or null when it can. */
  private static String delimiterProblem(char d) {
    if (Character.isLetter(d)) {
      return "a letter";
    } else if (Character.isDigit(d)) {
      return "a digit";
    } else if (Character.isWhitespace(d) || Character.isSpaceChar(d)) {
      return "white space";
    } else if (d < 0x20 || d >= 0x7f) {
      return "not a printable ASCII character";
    }
    return null;
  }

  private boolean checkDelimiter(KeySchemaModel model) {
    char d = model.partition().delimiter();
    String reason = delimiterProblem(d);
    if (reason != null) {
      report.error(Messages.delimiterNotAllowed(d, reason), model.element(), model.annotation(),
          model.delimiterValue());
      return false;
    }
    return true;
  }

  private void checkPrefix(KeySchemaModel model, KeyPart part) {
    if (part.prefix().indexOf(part.delimiter()) >= 0) {
      String attribute = part.kind() == KeyPart.Kind.PARTITION ? "partitionPrefix" : "sortPrefix";
      report.error(Messages.delimiterInPrefix(attribute, part.prefix(), part.delimiter()),
          model.element(), model.annotation(), part.prefixValue());
    }
  }

  private void checkComponent(KeyPart part, KeyComponent c) {
    ValueType type = c.valueType();
    Padding p = c.padding();
    // A component in the table key and in indexes is declared once: report its problems once.
    boolean first = checkedComponents.add(c.name());
    if (p != null) {
      if (first) {
        checkPadding(c, p);
      }
      return;
    }
    if (type.integral() && part.kind() == KeyPart.Kind.SORT && c.path() == null) {
      int digits = type.typeMax().toString().length(); // a BigInteger's declared max is a long
      report.error(Messages.unpaddedNumberInSortKey(c.name(), typeLabel(c), digits),
          c.element(), c.keyAnnotation(), null);
    }
    if (!first) {
      return;
    }
    if (type == ValueType.FLOATING) {
      report.error(Messages.floatingKeyComponent(c.name(), typeLabel(c)), c.element(), c.keyAnnotation(), null);
    } else if (type == ValueType.OTHER && c.path() == null) {
      report.error(Messages.unsupportedKeyType(c.name(), typeLabel(c)), c.element(), c.keyAnnotation(), null);
    } else if (type == ValueType.PATH && c.path() == null) {
      report.error(Messages.pathWithoutAnnotation(c.name()), c.element(), c.keyAnnotation(), null);
    }
    if (c.inverted()) {
      report.error(Messages.invertedWithoutPadded(), c.element(), c.invertedAnnotation(), null);
    }
  }

  private void checkPadding(KeyComponent c, Padding p) {
    ValueType type = c.valueType();
    if (!type.paddable()) {
      String message = type == ValueType.FLOATING
          ? Messages.paddedFloatingPoint(typeLabel(c))
          : Messages.paddedUnsupportedType(typeLabel(c));
      report.error(message, c.element(), p.mirror(), null);
      return;
    }
    if (p.width() < 1) {
      report.error(Messages.paddedWidthNotPositive(p.width()), c.element(), p.mirror(), p.widthValue());
      return;
    }
    if (type == ValueType.BIG_INTEGER && p.max() == null) {
      report.error(Messages.bigIntegerNeedsMax(), c.element(), p.mirror(), null);
      return;
    }
    if (p.min() != null && p.domainMin().compareTo(type.typeMin()) < 0) {
      report.error(Messages.paddedBoundOutsideType("min", p.min(), type.label(), type.typeMin()),
          c.element(), p.mirror(), p.minValue());
      return;
    }
    if (p.max() != null && p.domainMax(type).compareTo(type.typeMax()) > 0) {
      report.error(Messages.paddedBoundOutsideType("max", p.max(), type.label(), type.typeMax()),
          c.element(), p.mirror(), p.maxValue());
      return;
    }
    if (p.domainMin().compareTo(p.domainMax(type)) > 0) {
      report.error(Messages.paddedMinAboveMax(p.domainMin().longValueExact(), p.domainMax(type)),
          c.element(), p.mirror(), p.minValue());
      return;
    }
    int needed = p.digitsNeeded(type);
    if (p.width() < needed) {
      BigInteger suggestion = BigInteger.TEN.pow(p.width()).subtract(BigInteger.ONE).add(p.offset());
      String what = p.offset().signum() < 0
          ? type.unit() + " from " + p.domainMin() + " to " + p.domainMax(type)
              + ", stored as value - min"
          : type.unit();
      BigInteger largest = p.largestStored(type);
      report.error(Messages.paddedTooNarrow(p.width(), what, largest, needed, javaLiteral(suggestion)),
          c.element(), p.mirror(), p.widthValue());
    }
  }

  private void checkEncodingAvoidsDelimiter(KeyPart part, KeyComponent c) {
    char d = part.delimiter();
    if (c.valueType() == ValueType.ENUM) {
      for (String constant : c.enumConstants()) {
        if (constant.indexOf(d) >= 0) {
          report.error(Messages.enumConstantContainsDelimiter(c.type().toString(), constant, d),
              c.element(), c.keyAnnotation(), null);
        }
      }
      return;
    }
    String alphabet = c.encodingAlphabet();
    if (alphabet != null && alphabet.indexOf(d) >= 0) {
      report.error(Messages.delimiterInEncoding(d, c.name(), typeLabel(c), example(c)),
          c.element(), c.keyAnnotation(), null);
    }
  }

  private void checkPaths(KeySchemaModel model) {
    List<KeyComponent> elsewhere = new java.util.ArrayList<>(model.partition().components());
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
      if (c.valueType() != ValueType.PATH) {
        report.error(Messages.pathSegmentWrongType(typeLabel(c)), c.element(), path.mirror(), null);
        continue;
      }
      if (first != null) {
        report.error(Messages.pathTwice(first.name()), c.element(), path.mirror(), null);
        continue;
      }
      first = c;
      char d = path.delimiter();
      String reason = delimiterProblem(d);
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
        java.util.Set<String> taken = new java.util.HashSet<>();
        model.attributes().forEach(a -> taken.add(a.name()));
        for (KeyLayout layout : model.layouts()) {
          taken.add(layout.partition().attribute());
          taken.add(layout.sort().attribute());
          if (layout.indexName() != null) {
            taken.add(layout.indexName());
          }
        }
        for (String name : List.of(c.childrenIndex(), c.parentAttribute(), c.depthIndex())) {
          if (taken.contains(name)) {
            report.error(Messages.pathIndexClash(name), c.element(), path.mirror(), null);
          }
        }
      }
    }
  }

  private void checkTiebreakers(KeySchemaModel model) {
    for (KeyComponent c : model.partition().components()) {
      if (c.tiebreaker()) {
        report.error(Messages.tiebreakerNotInSortKey(), c.element(), c.tiebreakerAnnotation(), null);
      }
    }
    List<KeyComponent> sort = model.sort().components();
    KeyComponent first = null;
    for (int i = 0; i < sort.size(); i++) {
      KeyComponent c = sort.get(i);
      if (!c.tiebreaker()) {
        continue;
      }
      if (first != null) {
        report.error(Messages.tiebreakerTwice(first.name()), c.element(), c.tiebreakerAnnotation(), null);
        continue;
      }
      first = c;
      if (i < sort.size() - 1) {
        report.error(Messages.tiebreakerNotLast(c.name(), sort.get(i + 1).name()), c.element(),
            c.tiebreakerAnnotation(), null);
      }
    }
  }

  private void checkDelimiterOrder(KeySchemaModel model, KeyPart part) {
    char d = part.delimiter();
    if (d <= '0') {
      return;
    }
    List<KeyComponent> sort = part.components();
    for (int i = 0; i < sort.size() - 1; i++) {
      KeyComponent c = sort.get(i);
      if (c.fixedLength() < 0) {
        report.warning(Messages.delimiterSortsAboveZero(d, c.name()), model.element(),
            model.annotation(), model.delimiterValue());
        return;
      }
    }
  }

  private static String typeLabel(KeyComponent c) {
    return c.type().toString().replace("java.lang.", "").replace("java.math.", "")
        .replace("java.time.", "").replace("java.util.", "");
  }

  private static String example(KeyComponent c) {
    switch (c.valueType()) {
      case UUID:
        return "123e4567-e89b-12d3-a456-426614174000";
      case INSTANT:
        return "2026-06-23T00:00:00.000000000Z";
      case LOCAL_DATE:
        return "2026-06-23";
      default:
        return "-42";
    }
  }

  /** {@code n} as a Java long literal with digit groups: {@code 9_999_999_999L}. */
  static String javaLiteral(BigInteger n) {
    String digits = n.abs().toString();
    StringBuilder grouped = new StringBuilder();
    for (int i = 0; i < digits.length(); i++) {
      if (i > 0 && (digits.length() - i) % 3 == 0) {
        grouped.append('_');
      }
      grouped.append(digits.charAt(i));
    }
    String sign = n.signum() < 0 ? "-" : "";
    boolean needsL = n.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0
        || n.compareTo(BigInteger.valueOf(Integer.MIN_VALUE)) < 0;
    return sign + grouped + (needsL ? "L" : "");
  }
}
