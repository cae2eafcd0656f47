package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An item whose stored attributes {@code StoredShapeTest} corrupts one at a time. It shares its
 * table (and partition prefix) with {@link Other}, told apart by the sort prefix.
 *
 * <pre>
 * pk = RSHAPE#&lt;owner&gt;
 * sk = SHAPE#&lt;name&gt;#&lt;rank:4&gt;
 * </pre>
 */
@KeySchema(partitionPrefix = "RSHAPE", sortPrefix = "SHAPE")
public record Shape(
    @PartitionKey String owner,
    @SortKey String name,
    @SortKey @Padded(value = 4, max = 9999) int rank,
    String note,
    Inner inner,
    List<String> tags,
    int count,
    Long total,
    Set<String> labels,
    Set<Integer> numbers,
    Optional<String> nick,
    Map<String, Integer> sizes,
    Color color) {}
