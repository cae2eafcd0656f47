package io.dynakeys.filters;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;

/** {@link Gear}'s components on a record spread over four shards, whose filtered reads are merged. */
@KeySchema(partitionPrefix = "BIN", sortPrefix = "BOLT")
@Sharded(count = 4)
public record Bolt(
    @PartitionKey String bin,
    @SortKey @Padded(value = 4, max = 9999) int number,
    @DynamoDbAttribute("n") String name,
    Long price,
    Set<String> tags,
    List<String> notes,
    int effort,
    Finish finish,
    Optional<String> label) {}
