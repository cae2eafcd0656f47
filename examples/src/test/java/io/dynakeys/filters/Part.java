package io.dynakeys.filters;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * A part of a machine, for filtered and projected index queries: {@code byMaker} is a native index
 * (keyed by the {@code maker} and {@code weight} attributes themselves), {@code byColor} a composed
 * one.
 */
@KeySchema(partitionPrefix = "MACHINE", sortPrefix = "PART")
@SecondaryIndex(name = "byMaker", nativeKey = true, partitionKey = "maker", sortKey = "weight")
@SecondaryIndex(name = "byColor", partitionPrefix = "COLOR", partitionKey = "color", sortKey = "number")
public record Part(
    @PartitionKey String machine,
    @SortKey @Padded(value = 4, max = 9999) int number,
    String maker,
    long weight,
    String color,
    Long stock,
    String note) {}
