package io.dynakeys.runtime.read;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The stand-in for an item the schema could not map, in the pages of a read that skips bad items:
 * it travels through the merge like an item (ordered and positioned by its stored keys, so the
 * cursor moves past it) and is reported instead of returned.
 *
 * @param stored the item as stored
 * @param report what the read reports
 */
record BadItem(Map<String, AttributeValue> stored, SkippedItem report) {}
