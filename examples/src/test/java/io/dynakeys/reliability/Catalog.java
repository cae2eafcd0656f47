package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Type-use annotations on components and on their type arguments, at every depth. */
@KeySchema(partitionPrefix = "RCAT")
public record Catalog(
    @PartitionKey @NonNull String owner,
    @SortKey String name,
    Map<@NonNull String, List<Integer>> sizes,
    Map<String, @NonNull List<@NonNull Integer>> weights,
    List<@NonNull String> tags,
    Optional<@NonNull String> nick,
    Set<@NonNull Long> codes,
    @NonNull Inner inner) {}
