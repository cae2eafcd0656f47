package io.dynakeys.filters;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;

/**
 * A piece of a shop's gear, for the filter and projection oracle: a renamed attribute, a number
 * that may be absent, a set (absent when empty), a list, a primitive, an enum stored by name and an
 * optional string, each a filter and projection target.
 */
@KeySchema(partitionPrefix = "SHOP", sortPrefix = "GEAR")
public record Gear(
    @PartitionKey String shop,
    @SortKey @Padded(value = 4, max = 9999) int number,
    @DynamoDbAttribute("n") String name,
    Long price,
    Set<String> tags,
    List<String> notes,
    int effort,
    Finish finish,
    Optional<String> label) implements ShopItem {}
