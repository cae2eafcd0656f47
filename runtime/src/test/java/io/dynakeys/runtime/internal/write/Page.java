package io.dynakeys.runtime.internal.write;

import java.time.Instant;

/**
 * A page with the attributes the SDK's extensions generate, and no version: two atomic counters
 * (one renamed, with its own delta and start), a timestamp set on every write and one set once.
 */
public record Page(String path, String title, Long views, Long score, Instant updatedAt, Instant createdAt) {}
