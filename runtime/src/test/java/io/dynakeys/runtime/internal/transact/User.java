package io.dynakeys.runtime.internal.transact;

import java.util.Optional;

/** A user whose e-mail and optional handle are unique, for the guarded writes' unit tests. */
public record User(String id, String email, Optional<String> handle, String name) {}
