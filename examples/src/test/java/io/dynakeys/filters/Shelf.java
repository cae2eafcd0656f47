package io.dynakeys.filters;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;

/**
 * A shelf whose components are stored under names that read as document paths or clash once
 * punctuation is replaced: {@code x y[0]} (a space and an index), {@code a.b} and {@code a-b}
 * (both {@code a_b} in the enhanced client's own projection placeholders).
 */
@KeySchema(partitionPrefix = "STORE", sortPrefix = "SHELF")
public record Shelf(
    @PartitionKey String store,
    @SortKey @Padded(value = 4, max = 9999) int number,
    @DynamoDbAttribute("x y[0]") String spot,
    @DynamoDbAttribute("a.b") Long count,
    @DynamoDbAttribute("a-b") String label) {}
