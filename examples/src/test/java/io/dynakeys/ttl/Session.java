package io.dynakeys.ttl;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.TimeToLive;
import java.time.Instant;

/** A login session that expires: its time to live an {@code Instant}, {@code null} for never. */
@KeySchema(partitionPrefix = "SESSION")
public record Session(@PartitionKey String id, String user, @TimeToLive Instant expiresAt) {}
