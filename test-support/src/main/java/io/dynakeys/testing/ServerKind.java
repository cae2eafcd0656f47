package io.dynakeys.testing;

import java.util.EnumSet;
import java.util.Set;

/**
 * The kinds of server a {@link DynamoEndpoint} talks to, each with what it can do.
 *
 * <p>The two local servers are independent implementations of the DynamoDB API, so a test that
 * runs on both has every answer checked twice. What each lacks is listed in {@link Capability}.
 */
public enum ServerKind {
    /** dynalite, started by the tests (Node.js); fast, without the capabilities listed. */
    DYNALITE(EnumSet.noneOf(Capability.class)),
    /** moto, started by the tests (Python); several times slower per request than dynalite. */
    MOTO(EnumSet.allOf(Capability.class)),
    /**
     * The server {@value DynamoEndpoint#ENDPOINT_ENV} names; taken to be DynamoDB, so to have
     * every capability.
     */
    EXTERNAL(EnumSet.allOf(Capability.class));

    private final Set<Capability> capabilities;

    ServerKind(Set<Capability> capabilities) {
        this.capabilities = Set.copyOf(capabilities);
    }

    /**
     * What this kind of server can do.
     *
     * @return an unmodifiable set
     */
    public Set<Capability> capabilities() {
        return capabilities;
    }

    /**
     * Whether this kind of server can do all of the given things.
     *
     * @param required the capabilities a test needs
     * @return {@code true} if none is missing
     */
    public boolean has(Set<Capability> required) {
        return capabilities.containsAll(required);
    }

    /** The name tests show for this server, e.g. {@code moto}. */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
