package io.dynakeys.writes;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;

/**
 * Another record with {@link Task}'s names: a {@code stage} that keys an index {@code byStage} and a
 * {@code title} stored as {@code t}. Its handles are the ones an attacker would slip into a Task's
 * update, condition, filter or projection through a raw type, since their names and attributes are
 * a Task's.
 */
@KeySchema(partitionPrefix = "JOB")
@SecondaryIndex(name = "byStage", partitionPrefix = "STAGE", partitionKey = "stage", sortKey = "number")
public record Job(
    @PartitionKey String project,
    @SortKey @Padded(value = 6, max = 999_999) int number,
    String stage,
    @DynamoDbAttribute("t") String title) {}
