package io.dynakeys.runtime.internal.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stores a {@code Set<E>} as a DynamoDB string, number or binary set ({@code SS}, {@code NS},
 * {@code BS}), chosen by how the element type is stored.
 *
 * <p>DynamoDB rejects empty sets, so an empty set is stored as NULL, which the schema leaves out of
 * the item: it reads back as {@code null}, like a {@code null} set. Sets cannot hold {@code null}. A
 * stored set two of whose elements read as one element is refused rather than merged.
 */
final class SetConverter<E> implements AttributeConverter<Set<E>> {
  private final EnhancedType<Set<E>> type;
  private final AttributeConverter<E> element;
  private final AttributeValueType stored;
  private final boolean sorted;

  @SuppressWarnings({"unchecked", "rawtypes"})
  SetConverter(AttributeConverter<E> element, boolean sorted) {
    this.type = sorted ? (EnhancedType) EnhancedType.sortedSetOf(element.type()) : EnhancedType.setOf(element.type());
    this.element = element;
    this.sorted = sorted;
    this.stored = switch (element.attributeValueType()) {
      case S -> AttributeValueType.SS;
      case N -> AttributeValueType.NS;
      case B -> AttributeValueType.BS;
      default -> throw new IllegalArgumentException(
          "a set of " + element.type() + " cannot be a DynamoDB set");
    };
  }

  @Override
  public AttributeValue transformFrom(Set<E> input) {
    if (input.isEmpty()) {
      return AttributeValues.NUL;
    }
    switch (stored) {
      case SS: {
        List<String> out = new ArrayList<>(input.size());
        for (E e : input) {
          out.add(element.transformFrom(nonNull(e)).s());
        }
        return AttributeValue.fromSs(out);
      }
      case NS: {
        List<String> out = new ArrayList<>(input.size());
        for (E e : input) {
          out.add(element.transformFrom(nonNull(e)).n());
        }
        return AttributeValue.fromNs(out);
      }
      default: {
        List<SdkBytes> out = new ArrayList<>(input.size());
        for (E e : input) {
          out.add(element.transformFrom(nonNull(e)).b());
        }
        return AttributeValue.fromBs(out);
      }
    }
  }

  @Override
  public Set<E> transformTo(AttributeValue input) {
    Set<E> out = sorted ? new TreeSet<>() : new LinkedHashSet<>();
    if (stored == AttributeValueType.SS && input.hasSs()) {
      input.ss().forEach(s -> add(out, element.transformTo(AttributeValue.fromS(s)), s));
    } else if (stored == AttributeValueType.NS && input.hasNs()) {
      input.ns().forEach(n -> add(out, element.transformTo(AttributeValue.fromN(n)), n));
    } else if (stored == AttributeValueType.BS && input.hasBs()) {
      input.bs().forEach(b -> add(out, element.transformTo(AttributeValue.fromB(b)), b));
    } else {
      throw new IllegalArgumentException("expected " + stored + ", found "
          + StrictConverter.typeOf(input) + " " + AttributeValues.describe(input));
    }
    return sorted
        ? Collections.unmodifiableNavigableSet((TreeSet<E>) out)
        : Collections.unmodifiableSet(out);
  }

  @Override
  public EnhancedType<Set<E>> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return stored;
  }

  /**
   * Adds {@code read}, refusing a second stored element that reads as one already read (the
   * texts of one {@code UUID} in upper and lower case): the set would hold one of them and lose
   * the other.
   */
  private void add(Set<E> out, E read, Object stored) {
    if (!out.add(read)) {
      throw new IllegalArgumentException("element " + (stored instanceof String ? "\"" + stored + "\"" : stored)
          + " reads as " + read + ", of " + element.type().rawClass().getSimpleName() + ", as an element before"
          + " it does: a set read from them would keep one and lose the other");
    }
  }

  private static <E> E nonNull(E element) {
    if (element == null) {
      throw new IllegalArgumentException("a DynamoDB set cannot hold null");
    }
    return element;
  }
}
