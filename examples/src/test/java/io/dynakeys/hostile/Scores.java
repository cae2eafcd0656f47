package io.dynakeys.hostile;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * Components whose codec constants would collide ({@code ID}, {@code SCORE} and {@code score}),
 * a name without upper case ({@code 分数}), stage members ({@code query}, {@code prefix}), the
 * old inherited query methods ({@code beginsWith}, {@code equalTo}), and a component
 * {@code indexName} in an index, whose class has an {@code INDEX_NAME} constant.
 */
@KeySchema(partitionPrefix = "S")
@SecondaryIndex(name = "byIndexName", partitionKey = "indexName", sortKey = {"SCORE", "score"})
public record Scores(
    @PartitionKey String ID,
    @SortKey @Padded(value = 4, max = 9999) int SCORE,
    @SortKey @Padded(value = 4, max = 9999) int score,
    @SortKey @Padded(value = 3, max = 999) int 分数,
    @SortKey String query,
    @SortKey String prefix,
    @SortKey String beginsWith,
    @SortKey String equalTo,
    String indexName) {}
