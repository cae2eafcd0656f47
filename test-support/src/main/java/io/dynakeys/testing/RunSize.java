package io.dynakeys.testing;

/**
 * How large a property run is on the current server. moto answers a request several times more
 * slowly than dynalite, so a run there is smaller by default; both sizes are system properties,
 * so a longer run is one flag away.
 */
public final class RunSize {

    /** Suffix of the property that sizes a run on moto, e.g. {@code dynakeys.queries.moto}. */
    public static final String MOTO_SUFFIX = ".moto";

    private RunSize() {
    }

    /**
     * The size of a run on {@code endpoint}'s server: the system property {@code property} (on
     * moto {@code property + ".moto"}) when set, otherwise the default for that server.
     *
     * @param endpoint the server the run talks to
     * @param property the system property, e.g. {@code dynakeys.oracle.queries}
     * @param usual the default on dynalite and on an external server
     * @param onMoto the default on moto
     * @return the size, at least 1
     */
    public static int of(DynamoEndpoint endpoint, String property, int usual, int onMoto) {
        int size = endpoint.isMoto()
                ? Integer.getInteger(property + MOTO_SUFFIX, onMoto)
                : Integer.getInteger(property, usual);
        if (size < 1) {
            throw new IllegalArgumentException("-D" + property + (endpoint.isMoto() ? MOTO_SUFFIX : "") + "=" + size
                    + ": a run needs at least one step");
        }
        return size;
    }
}
