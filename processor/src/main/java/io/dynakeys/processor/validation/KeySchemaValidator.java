package io.dynakeys.processor.validation;

import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.KeyTypes;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.ComponentType;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.Padding;
import io.dynakeys.processor.reading.Mirrors;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;

/**
 * The compile-time checks of one record's keys: widths against domains, numbers without padding,
 * inversion, tiebreakers, delimiters, enum constants and key sizes. Every fact about a type comes
 * from its encoding in the codecs' registry, run here as it runs at run time. Each finding points
 * at the narrowest element: the annotation value when an attribute is wrong.
 */
public final class KeySchemaValidator {

  private final ValidationReport report;
  private final Set<String> checkedComponents = new HashSet<>();

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
    checkParts(model, List.of(model.partition(), model.sort()), delimiterOk, null);
    checkRequired(model);
    checkTiebreakers(model);
    new PathValidator(report).validate(model);
    if (delimiterOk) {
      checkDelimiterOrder(model, model.sort());
    }
    for (io.dynakeys.processor.model.UniqueModel unique : model.uniques()) {
      // A guard's key is checked as any other: the component's width and delimiter, the key's length.
      checkParts(model, unique.guard().hasSortKey() ? unique.guard().parts() : List.of(unique.guard().partition()),
          delimiterOk, null);
    }
    for (IndexModel index : model.indexes()) {
      KeyLayout layout = index.layout();
      checkParts(model, index.local() ? List.of(layout.sort()) : layout.parts(), delimiterOk, index.name());
      if (delimiterOk) {
        checkDelimiterOrder(model, layout.sort());
      }
    }
  }

  /**
   * The table's own key components are required: an Optional, or a nullable Kotlin property, is for
   * indexes only (sparse indexes).
   */
  private void checkRequired(KeySchemaModel model) {
    for (KeyPart part : List.of(model.partition(), model.sort())) {
      for (KeyComponent c : part.components()) {
        String key = part.kind() == KeyPart.Kind.PARTITION ? "partition" : "sort";
        if (c.nullable()) {
          report.error(Messages.nullableInTableKey(c.name(), key, c.keyType().label()), c.element(),
              c.keyAnnotation(), null);
        } else if (c.optional()) {
          report.error(Messages.optionalInTableKey(c.name(), key, c.keyType().label()), c.element(),
              c.keyAnnotation(), null);
        }
      }
    }
  }

  /** Checks {@code parts} of the table's key, a guard's, or the key of the index {@code index}. */
  private void checkParts(KeySchemaModel model, List<KeyPart> parts, boolean delimiterOk, String index) {
    for (KeyPart part : parts) {
      if (delimiterOk) {
        checkPrefix(model, part);
      }
      for (KeyComponent component : part.components()) {
        checkComponent(model, part, component, index);
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
    java.util.Map<String, String> taken = new java.util.HashMap<>();
    for (Attribute a : model.attributes()) {
      String clash = a.attributeName().equals(pk) ? "partitionKeyAttribute"
          : model.hasSortKey() && a.attributeName().equals(sk) ? "sortKeyAttribute" : null;
      if (clash != null) {
        report.error(a.renamed()
                ? Messages.attributeNameClash(a.name(), a.attributeName(), "the key attribute " + clash + " names")
                : Messages.componentNamedLikeKeyAttribute(a.name(), clash),
            component(model, a.name()), null, null);
        continue;
      }
      String other = taken.putIfAbsent(a.attributeName(), a.name());
      if (other != null) {
        report.error(Messages.attributeNameClash(a.name(), a.attributeName(), "component " + other),
            component(model, a.name()), null, null);
      }
    }
  }

  static Element component(KeySchemaModel model, String name) {
    return model.elementOf(name);
  }

  /** Why {@code d} cannot separate parts of a key, or null when it can. */
  static String delimiterProblem(char d) {
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

  private void checkComponent(KeySchemaModel model, KeyPart part, KeyComponent c, String index) {
    ComponentType type = c.keyType();
    Padding p = c.padding();
    // A component in the table key and in indexes is declared once: report its problems once.
    boolean first = checkedComponents.add(c.name());
    if (p != null) {
      if (first) {
        checkPadding(model, c, p);
      }
      return;
    }
    if (type.isKeyType() && !c.encoding().textSortsByValue() && part.kind() == KeyPart.Kind.SORT
        && c.path() == null) {
      // What @Padded would need over the default domain [0, the type's max].
      int digits = PaddedLongCodec.digitsNeeded(0, c.encoding().maxUnits());
      report.error(Messages.unpaddedNumberInSortKey(c.name(), type.label(), digits, index),
          c.element(), c.keyAnnotation(), null);
    }
    if (!first) {
      return;
    }
    switch (type.kind()) {
      case INEXACT_NUMBER:
        report.error(Messages.floatingKeyComponent(c.name(), type.label()), c.element(), c.keyAnnotation(), null);
        break;
      case OTHER:
        if (c.path() == null) {
          report.error(Messages.unsupportedKeyType(c.name(), type.label(), KeyTypes.labels()),
              c.element(), c.keyAnnotation(), null);
        }
        break;
      case PATH_WITHOUT_ANNOTATION:
        report.error(Messages.pathWithoutAnnotation(c.name()), c.element(), c.keyAnnotation(), null);
        break;
      default:
        break;
    }
    if (c.inverted()) {
      report.error(Messages.invertedWithoutPadded(), c.element(), c.invertedAnnotation(), null);
    }
  }

  private void checkPadding(KeySchemaModel model, KeyComponent c, Padding p) {
    ComponentType type = c.keyType();
    KeyEncoding<?> encoding = type.encoding();
    if (type.kind() == ComponentType.Kind.INEXACT_NUMBER) {
      report.error(Messages.paddedFloatingPoint(type.label()), c.element(), p.mirror(), null);
      return;
    }
    if (encoding == null || !encoding.paddable()) {
      report.error(Messages.paddedUnsupportedType(type.label(), KeyTypes.paddableLabels()),
          c.element(), p.mirror(), null);
      return;
    }
    if (p.width() < 1) {
      report.error(Messages.paddedWidthNotPositive(p.width()), c.element(), p.mirror(), p.widthValue());
      return;
    }
    if (encoding.requiresDeclaredMax() && p.declaredMax() == null) {
      report.error(Messages.bigIntegerNeedsMax(), c.element(), p.mirror(), null);
      return;
    }
    if (p.declaredMin() != null && p.declaredMin() < encoding.minUnits()) {
      report.error(Messages.paddedBoundOutsideType("min", p.declaredMin(), type.label(),
              BigInteger.valueOf(encoding.minUnits())), c.element(), p.mirror(), p.minValue());
      return;
    }
    if (p.declaredMax() != null && p.declaredMax() > encoding.maxUnits()) {
      report.error(Messages.paddedBoundOutsideType("max", p.declaredMax(), type.label(),
              BigInteger.valueOf(encoding.maxUnits())), c.element(), p.mirror(), p.maxValue());
      return;
    }
    long min = p.min();
    long max = p.max(type);
    if (min > max) {
      report.error(Messages.paddedMinAboveMax(min, BigInteger.valueOf(max)), c.element(), p.mirror(),
          p.minValue());
      return;
    }
    // The codec's own arithmetic, as the generated code will run it.
    int needed = PaddedLongCodec.digitsNeeded(min, max);
    if (p.width() < needed) {
      long offset = PaddedLongCodec.offset(min);
      BigInteger suggestion = BigInteger.TEN.pow(p.width()).subtract(BigInteger.ONE)
          .add(BigInteger.valueOf(offset));
      String what = offset < 0
          ? encoding.unit() + " from " + min + " to " + max + ", stored as value - min"
          : encoding.unit();
      report.error(Messages.paddedTooNarrow(p.width(), what, PaddedLongCodec.largestStored(min, max),
              needed, javaLiteral(suggestion)),
          c.element(), p.mirror(), p.widthValue());
    }
  }

  private void checkEncodingAvoidsDelimiter(KeyPart part, KeyComponent c) {
    char d = part.delimiter();
    KeyEncoding<?> encoding = c.encoding();
    if (encoding == null) {
      return;
    }
    List<String> texts = encoding.allTexts();
    if (texts != null && !c.padded()) {
      for (String text : texts) {
        if (text.indexOf(d) >= 0) {
          report.error(Messages.enumConstantContainsDelimiter(c.keyType().label(), text, d),
              c.element(), c.keyAnnotation(), null);
        }
      }
      return;
    }
    String alphabet = c.encodingAlphabet();
    if (alphabet != null && alphabet.indexOf(d) >= 0) {
      report.error(Messages.delimiterInEncoding(d, c.name(), c.keyType().label(), example(c)),
          c.element(), c.keyAnnotation(), null);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String example(KeyComponent c) {
    KeyEncoding encoding = c.encoding();
    if (!encoding.textSortsByValue()) {
      return "-42"; // integers: the one character of their alphabet an example may lack
    }
    return encoding.toText(encoding.example(0));
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
