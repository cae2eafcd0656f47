package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/**
 * A {@code @KeySchema} record under test: how the oracle reads its components, how to make items,
 * and how a {@link QueryShape} becomes a call chain on the record's generated query builder.
 *
 * @param <R> the record
 */
interface OracleSchema<R> {

  /** A short name for reports. */
  String name();

  /** The sort components, in declaration order. */
  List<SortComponent<R>> sort();

  /** The partition value of {@code item} (a list when the partition key has several components). */
  Object partition(R item);

  /** A partition for a new item: a few values, neighbours of each other ({@code a9}, {@code a91}). */
  Object newPartition(Random random);

  /** A partition to query that may hold no item at all. */
  Object probePartition(Random random);

  /** A record with these key values (and whatever else it needs). */
  R create(Object partition, List<Object> sortValues);

  /** The encoded partition key, from the generated keys class. */
  String partitionKey(R item);

  /** The encoded sort key, from the generated keys class. */
  String sortKey(R item);

  /** The shape as a call chain on the generated builder; throws what the builder throws. */
  QueryStage query(QueryShape shape);
}
