package io.dynakeys.runtime.internal.write;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The two expressions of an update with their placeholders: what an {@code UpdateItemRequest} and
 * a transaction's {@code Update} both send.
 *
 * @param update the update expression ({@code SET … REMOVE … ADD … DELETE …})
 * @param condition the condition expression, which starts with {@code attribute_exists} of the
 *     partition key
 * @param names every {@code #aN} placeholder and the attribute name it stands for
 * @param values every {@code :vN} placeholder and its value; empty when the update has none
 */
public record UpdateExpressions(String update, String condition, Map<String, String> names,
    Map<String, AttributeValue> values) {}
