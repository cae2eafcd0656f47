package io.dynakeys.processor.model;

import com.palantir.javapoet.TypeName;
import io.dynakeys.codecs.internal.IntegerEncoding;
import io.dynakeys.codecs.internal.KeyEncoding;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.PathCodec;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * One record component's part in a key.
 *
 * @param name the component's name
 * @param type the component's Java type
 * @param keyType the component's type as a key type
 * @param padding its {@code @Padded}, or {@code null}
 * @param inverted whether it is {@code @Inverted}
 * @param tiebreaker whether it is the {@code @Tiebreaker}
 * @param element the record component, for diagnostics
 * @param keyAnnotation its {@code @PartitionKey} or {@code @SortKey}, for diagnostics
 * @param invertedAnnotation its {@code @Inverted}, or {@code null}
 * @param tiebreakerAnnotation its {@code @Tiebreaker}, or {@code null}
 * @param path its {@code @PathSegment}, or {@code null}
 * @param optional whether the component may be absent, keyed by its value: an {@code Optional<T>}
 *     ({@code type} and {@code keyType} are then {@code T}'s) or a nullable Kotlin property; an
 *     empty (or {@code null}) component leaves the item out of the index (only an index may have one)
 * @param nullable whether absence is {@code null} (a nullable Kotlin property) rather than an empty
 *     {@code Optional}
 * @param accessor the method generated code reads it with ({@code score}, {@code getScore})
 */
public record KeyComponent(
    String name,
    TypeName type,
    ComponentType keyType,
    Padding padding,
    boolean inverted,
    boolean tiebreaker,
    Element element,
    AnnotationMirror keyAnnotation,
    AnnotationMirror invertedAnnotation,
    AnnotationMirror tiebreakerAnnotation,
    PathSegment path,
    boolean optional,
    boolean nullable,
    String accessor) {

  /**
   * A component's {@code @PathSegment}.
   *
   * @param delimiter the path delimiter
   * @param indexes whether to generate the children and depth indexes
   * @param mirror the annotation, for diagnostics
   * @param delimiterValue the {@code delimiter} attribute, or null when defaulted
   */
  public record PathSegment(char delimiter, boolean indexes, AnnotationMirror mirror,
      AnnotationValue delimiterValue) {}

  /** The name of the generated index of a folder's direct children. */
  public String childrenIndex() {
    return PathCodec.childrenIndex(name);
  }

  /** The attribute that holds an entry's parent folder key. */
  public String parentAttribute() {
    return PathCodec.parentAttribute(name);
  }

  /** The name of the generated index of entries by depth. */
  public String depthIndex() {
    return PathCodec.depthIndex(name);
  }

  /** The attribute that holds an entry's depth key. */
  public String depthAttribute() {
    return PathCodec.depthAttribute(name);
  }

  /** Whether the component is written as fixed-width digits. */
  public boolean padded() {
    return padding != null;
  }

  /** The encoding of the component's type; {@code null} when it is no key type. */
  public KeyEncoding<?> encoding() {
    return keyType.encoding();
  }

  /**
   * Whether the component is a primitive integer or its box with {@code @Padded}, which
   * generated code encodes through {@link PaddedLongCodec}'s {@code long} methods, unboxed.
   */
  public boolean paddedInteger() {
    return padded() && encoding() instanceof IntegerEncoding;
  }

  /**
   * The encoded length in chars when it is the same for every value (padded digits, UUID, ISO
   * dates), or -1 when it varies.
   */
  public int fixedLength() {
    if (padded()) {
      return padding.width();
    }
    return encoding() == null ? -1 : encoding().textLength();
  }

  /** The smallest number of UTF-8 bytes any value of the component encodes to. */
  public int minimumBytes() {
    if (padded()) {
      return padding.width();
    }
    return encoding() == null ? 1 : encoding().minimumTextBytes();
  }

  /** The characters the encoding may contain, when known (for delimiter checks); null for free text. */
  public String encodingAlphabet() {
    if (padded()) {
      return "0123456789";
    }
    return encoding() == null ? null : encoding().textAlphabet();
  }

  /** The codec generated code will hold for a padded component: the processor runs it too. */
  public PaddedLongCodec digitsCodec(String record) {
    return new PaddedLongCodec(record, name, padding.width(), padding.min(),
        padding.max(keyType), inverted);
  }
}
