package io.dynakeys.runtime.internal.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@code Set<E>} as a DynamoDB string, number or binary set ({@code SS}, {@code NS}, {@code BS}),
 * chosen by how the element type is stored.
 *
 * <p>DynamoDB rejects empty sets, so an empty set is stored as NULL, which the schema leaves out of
 * the item: it reads back as {@code null}, like a {@code null} set. Sets cannot hold {@code null}. A
 * stored set two of whose elements read as one element is refused rather than merged. A
 * {@code SortedSet} reads back in natural order.
 */
final class SetCodec implements ValueCodec {
  private final ValueCodec element;
  private final String elementName;
  private final AttributeValue.Type stored;
  private final boolean sorted;

  /**
   * @param elementName the element type's simple name, for messages
   * @throws IllegalArgumentException when the element type is not stored as a string, a number or
   *     binary
   */
  SetCodec(ValueCodec element, String elementName, boolean sorted) {
    this.element = element;
    this.elementName = elementName;
    this.sorted = sorted;
    this.stored = switch (element.stored()) {
      case S -> AttributeValue.Type.SS;
      case N -> AttributeValue.Type.NS;
      case B -> AttributeValue.Type.BS;
      default -> throw new IllegalArgumentException("a set of " + AttributeValues.name(element.stored())
          + " values cannot be a DynamoDB set");
    };
  }

  @Override
  public AttributeValue write(Object value) {
    Set<?> input = (Set<?>) value;
    if (input.isEmpty()) {
      return AttributeValues.NUL;
    }
    switch (stored) {
      case SS: {
        List<String> out = new ArrayList<>(input.size());
        for (Object e : input) {
          out.add(element.write(nonNull(e)).s());
        }
        return AttributeValue.fromSs(out);
      }
      case NS: {
        List<String> out = new ArrayList<>(input.size());
        for (Object e : input) {
          out.add(element.write(nonNull(e)).n());
        }
        return AttributeValue.fromNs(out);
      }
      default: {
        List<SdkBytes> out = new ArrayList<>(input.size());
        for (Object e : input) {
          out.add(element.write(nonNull(e)).b());
        }
        return AttributeValue.fromBs(out);
      }
    }
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Object read(AttributeValue value) {
    AttributeValues.require(stored, value);
    Set<Object> out = sorted ? new TreeSet<>() : new LinkedHashSet<>();
    switch (stored) {
      case SS:
        for (String s : value.ss()) {
          add(out, element.read(AttributeValue.fromS(s)), s);
        }
        break;
      case NS:
        for (String n : value.ns()) {
          add(out, element.read(AttributeValue.fromN(n)), n);
        }
        break;
      default:
        for (SdkBytes b : value.bs()) {
          add(out, element.read(AttributeValue.fromB(b)), b);
        }
    }
    return sorted ? Collections.unmodifiableNavigableSet((TreeSet) out) : Collections.unmodifiableSet(out);
  }

  @Override
  public AttributeValue.Type stored() {
    return stored;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public EnhancedType<?> enhancedType() {
    EnhancedType e = element.enhancedType();
    return sorted ? EnhancedType.sortedSetOf(e) : EnhancedType.setOf(e);
  }

  /**
   * Adds {@code read}, refusing a second stored element that reads as one already read (the texts
   * of one {@code UUID} in upper and lower case): the set would hold one of them and lose the other.
   */
  private void add(Set<Object> out, Object read, Object stored) {
    if (!out.add(read)) {
      throw new IllegalArgumentException("element " + (stored instanceof String ? "\"" + stored + "\"" : stored)
          + " reads as " + read + ", of " + elementName + ", as an element before"
          + " it does: a set read from them would keep one and lose the other");
    }
  }

  private static Object nonNull(Object element) {
    if (element == null) {
      throw new IllegalArgumentException("a DynamoDB set cannot hold null");
    }
    return element;
  }
}
