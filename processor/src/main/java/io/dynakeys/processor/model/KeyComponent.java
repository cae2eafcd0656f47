package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import java.math.BigInteger;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * One record component's part in a key.
 *
 * @param name the component's name
 * @param type the component's Java type
 * @param valueType what the component holds
 * @param boxed whether a numeric component is a box ({@code Integer}) rather than a primitive
 * @param padding its {@code @Padded}, or {@code null}
 * @param inverted whether it is {@code @Inverted}
 * @param tiebreaker whether it is the {@code @Tiebreaker}
 * @param enumConstants the constant names, for enum components (else empty)
 * @param element the record component, for diagnostics
 * @param keyAnnotation its {@code @PartitionKey} or {@code @SortKey}, for diagnostics
 * @param invertedAnnotation its {@code @Inverted}, or {@code null}
 * @param tiebreakerAnnotation its {@code @Tiebreaker}, or {@code null}
 * @param path its {@code @PathSegment}, or {@code null}
 */
public record KeyComponent(
    String name,
    TypeName type,
    ValueType valueType,
    boolean boxed,
    Padding padding,
    boolean inverted,
    boolean tiebreaker,
    List<String> enumConstants,
    Element element,
    AnnotationMirror keyAnnotation,
    AnnotationMirror invertedAnnotation,
    AnnotationMirror tiebreakerAnnotation,
    PathSegment path) {

  /**
   * A component's {@code @PathSegment}.
   *
   * @param delimiter the path delimiter
   * @param indexes whether to generate the children and depth indexes
   * @param mirror the annotation, for diagnostics
   * @param delimiterValue the {@code delimiter} attribute, or null when defaulted
   */
  public record PathSegment(char delimiter, boolean indexes, AnnotationMirror mirror,
      javax.lang.model.element.AnnotationValue delimiterValue) {}

  /** The name of the generated index of a folder's direct children. */
  public String childrenIndex() {
    return name + "Children";
  }

  /** The attribute that holds an entry's parent folder key. */
  public String parentAttribute() {
    return name + "Parent";
  }

  /** The name of the generated index of entries by depth. */
  public String depthIndex() {
    return name + "Depth";
  }

  /** The attribute that holds an entry's depth key. */
  public String depthAttribute() {
    return name + "Depth";
  }


  /** Whether the component is written as fixed-width digits. */
  public boolean padded() {
    return padding != null;
  }

  /**
   * The encoded length in chars when it is the same for every value (padded digits, UUID, ISO
   * dates), or -1 when it varies.
   */
  public int fixedLength() {
    if (padded()) {
      return padding.width();
    }
    switch (valueType) {
      case UUID:
        return 36;
      case INSTANT:
        return 30;
      case LOCAL_DATE:
        return 10;
      default:
        return -1;
    }
  }

  /** The smallest number of UTF-8 bytes any value of the component encodes to. */
  public int minimumBytes() {
    int fixed = fixedLength();
    if (fixed >= 0) {
      return fixed;
    }
    if (valueType == ValueType.ENUM && !enumConstants.isEmpty()) {
      return enumConstants.stream().mapToInt(c -> c.length()).min().getAsInt();
    }
    return 1;
  }

  /**
   * Whether the padded digits fit a {@code long} for every value, so generated encoders can
   * concatenate a {@code long} instead of allocating a {@code String} (mirrors
   * {@code PaddedLong.storedFitsInLong()}).
   */
  public boolean storedFitsInLong() {
    if (!padded()) {
      return false;
    }
    BigInteger longMax = BigInteger.valueOf(Long.MAX_VALUE);
    if (inverted) {
      return padding.width() <= 18;
    }
    return padding.largestStored(valueType).compareTo(longMax) <= 0;
  }

  /**
   * Whether every value's stored number already has all {@code width} digits, so encoders need no
   * padding zeros: an {@code @Inverted} component whose domain is much smaller than its width (an
   * inverted {@code int} score in 10 digits is stored as 7852516352 to 9999999999), or a domain
   * that starts at {@code 10^(width-1)}.
   */
  public boolean alwaysFullWidth() {
    if (!storedFitsInLong()) {
      return false;
    }
    BigInteger smallestStored = inverted
        ? BigInteger.TEN.pow(padding.width()).subtract(BigInteger.ONE)
            .subtract(padding.largestStored(valueType))
        : padding.domainMin().subtract(padding.offset());
    return smallestStored.compareTo(BigInteger.TEN.pow(padding.width() - 1)) >= 0;
  }

  /** The characters the encoding may contain, when known (for delimiter checks); null for free text. */
  public String encodingAlphabet() {
    if (padded()) {
      return "0123456789";
    }
    switch (valueType) {
      case BYTE: case SHORT: case INT: case LONG: case BIG_INTEGER:
        return "-0123456789";
      case UUID:
        return "0123456789abcdef-";
      case INSTANT:
        return "0123456789-:.TZ";
      case LOCAL_DATE:
        return "0123456789-";
      default:
        return null;
    }
  }
}
