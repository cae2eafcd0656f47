package io.dynakeys.unique;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Unique;
import java.util.Optional;

/**
 * A user whose e-mail address and (optional) handle no two users share: each value is guarded by
 * an item of its own ({@code USER_EMAIL#<email>}, {@code HANDLE#<handle>}).
 */
@KeySchema(partitionPrefix = "USER")
public record User(@PartitionKey String id, @Unique String email, @Unique(prefix = "HANDLE") Optional<String> handle,
    String name) {}
