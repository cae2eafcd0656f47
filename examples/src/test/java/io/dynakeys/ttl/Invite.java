package io.dynakeys.ttl;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.TimeToLive;
import java.time.Instant;
import java.util.Optional;

/** An invitation that may expire: an empty time to live is no attribute, so the item stays. */
@KeySchema(partitionPrefix = "INVITE")
public record Invite(@PartitionKey String code, @TimeToLive Optional<Instant> expiresAt) {}
