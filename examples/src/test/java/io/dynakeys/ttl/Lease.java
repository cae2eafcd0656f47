package io.dynakeys.ttl;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.TimeToLive;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;

/** A lease whose time to live is a primitive of epoch seconds, stored under another name. */
@KeySchema(partitionPrefix = "LEASE")
public record Lease(@PartitionKey String id, @TimeToLive @DynamoDbAttribute("ttl") long until) {}
