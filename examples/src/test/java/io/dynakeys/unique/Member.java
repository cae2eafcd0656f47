package io.dynakeys.unique;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Unique;

/** A member of an organisation, in a table with a sort key: its badge number is unique, padded in its guard's key. */
@KeySchema(partitionPrefix = "ORG", sortPrefix = "MEMBER")
public record Member(@PartitionKey String org, @SortKey String id, @Unique @Padded(value = 8, max = 99_999_999) int badge, String name) {}
