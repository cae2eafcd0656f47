package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * A user of an account: a text sort key, ordered by its UTF-8 bytes; the global index
 * {@code byUser} finds a user's memberships across accounts.
 */
@KeySchema(partitionPrefix = "ACCOUNT", sortPrefix = "MEMBER")
@SecondaryIndex(name = "byUser", partitionPrefix = "USER", partitionKey = "user", sortKey = "account")
public record Member(@PartitionKey String account, @SortKey String user, String role) implements AccountItem {}
