package io.dynakeys.runtime.write;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * What an update returned, read through the record's schema as strictly as any read: a whole item
 * ({@code ALL_NEW}, {@code ALL_OLD}) has its keys recomputed and checked, a returned attribute
 * ({@code UPDATED_NEW}, {@code UPDATED_OLD}) of another DynamoDB type than its component's is an
 * {@code ItemMappingException}.
 *
 * @param <R> the record
 */
public final class UpdateResult<R> {
  private final RecordSchema<R> schema;
  private final ReturnValue returned;
  private final Map<String, AttributeValue> attributes;

  UpdateResult(RecordSchema<R> schema, ReturnValue returned, Map<String, AttributeValue> attributes) {
    this.schema = schema;
    this.returned = returned;
    this.attributes = attributes == null ? Map.of() : attributes;
  }

  /** What the update asked DynamoDB to return. */
  public ReturnValue returned() {
    return returned;
  }

  /**
   * The whole item after ({@code ALL_NEW}) or before ({@code ALL_OLD}) the update, mapped by the
   * schema with its keys verified.
   *
   * @throws IllegalStateException when the update asked for no whole item
   */
  public R item() {
    if (returned != ReturnValue.ALL_NEW && returned != ReturnValue.ALL_OLD) {
      throw new IllegalStateException("the update returned " + returned + ", not a whole item: ask for"
          + " returning(ALL_NEW) or returning(ALL_OLD), or read updated attributes with value(handle)");
    }
    return schema.mapToItem(attributes);
  }

  /**
   * A returned component ({@code UPDATED_NEW}, {@code UPDATED_OLD} or a whole item's), read by its
   * stored type; the component's absent value ({@code null}, empty) when it was not returned.
   */
  public <T> T value(Attribute<R, T> component) {
    return schema.readStored(component, attributes.get(component.attributeName()));
  }

  /** Whether {@code component} was returned. */
  public boolean returnedValue(Attribute<R, ?> component) {
    return attributes.containsKey(component.attributeName());
  }

  /** The returned attributes as DynamoDB sent them. */
  public Map<String, AttributeValue> attributes() {
    return attributes;
  }

  @Override
  public String toString() {
    return "UpdateResult[" + returned + ", " + attributes + "]";
  }

  /** Reads an optional whole item, for callers that may have none. */
  Optional<R> itemIfAny() {
    return attributes.isEmpty() ? Optional.empty() : Optional.of(schema.mapToItem(attributes));
  }
}
