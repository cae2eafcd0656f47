package io.dynakeys.runtime.internal.schema;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The leaderboard item of the design document, as a user would declare it. */
public record Run(
    String season,
    int score,
    long at,
    String playerId,
    String name,
    List<String> tags,
    Optional<Instant> finishedAt) {}
