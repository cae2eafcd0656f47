package io.dynakeys.writes;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbVersionAttribute;

/**
 * A task of a project, for the typed-write tests: two indexes keyed by components outside the
 * table's key that share one ({@code byOwner} by owner and priority, the sparse {@code byLabel} by
 * the optional label and the owner: the three are set together, through {@code TaskKeys.BY_OWNER}
 * or {@code TaskKeys.BY_LABEL}), an index keyed by one such component ({@code byStage}: the stage
 * is set alone), a renamed attribute, a number, a set, a list, a primitive value and a version.
 */
@KeySchema(partitionPrefix = "TASK")
@SecondaryIndex(name = "byOwner", partitionPrefix = "OWNER", partitionKey = "owner", sortKey = {"priority", "number"})
@SecondaryIndex(name = "byLabel", partitionPrefix = "LABEL", partitionKey = "label", sortKey = {"owner", "number"})
@SecondaryIndex(name = "byStage", partitionPrefix = "STAGE", partitionKey = "stage", sortKey = "number")
public record Task(
    @PartitionKey String project,
    @SortKey @Padded(value = 6, max = 999_999) int number,
    String owner,
    @Padded(value = 3, max = 999) int priority,
    Optional<String> label,
    @DynamoDbAttribute("t") String title,
    Long points,
    Set<String> tags,
    List<String> notes,
    int effort,
    @DynamoDbVersionAttribute Long version,
    String stage) {}
