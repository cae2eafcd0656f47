package io.dynakeys.aggregates;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Sharded;

/** One site-wide counter: a constant partition ({@code VISITS#0} to {@code VISITS#3}) and no components in it. */
@KeySchema(partitionPrefix = "VISITS")
@Sharded(count = 4, random = true)
public record SiteVisits(long visits) {}
