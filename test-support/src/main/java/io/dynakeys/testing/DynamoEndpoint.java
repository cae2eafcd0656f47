package io.dynakeys.testing;

import java.net.URI;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The DynamoDB-compatible server that tests and examples talk to, together with ready-made SDK
 * clients for it.
 *
 * <p>{@link #resolve()} uses the server named by the environment variable
 * {@value #ENDPOINT_ENV} when it is set (real DynamoDB, DynamoDB Local, ScyllaDB Alternator, ...)
 * and otherwise starts a private {@link Dynalite}; {@link #start(ServerKind)} starts dynalite or
 * {@link Moto}. Closing the endpoint closes the clients and stops the server if this instance
 * started it.
 */
public final class DynamoEndpoint implements AutoCloseable {

    /**
     * Environment variable naming an already running server to use instead of dynalite. It is
     * the variable the AWS SDKs themselves read for a DynamoDB endpoint override, so the same
     * setting works for code outside these tests.
     */
    public static final String ENDPOINT_ENV = "AWS_ENDPOINT_URL_DYNAMODB";

    /** Region used with dynalite, which ignores it but the SDK insists on one. */
    public static final Region DEFAULT_REGION = Region.US_EAST_1;

    private final URI endpoint;
    private final Region region;
    private final ServerKind kind;
    private final AutoCloseable server; // null when the server is not ours to stop
    private final AwsCredentialsProvider credentials; // null: the SDK's default chain
    private final SdkHttpClient httpClient;
    private final DynamoDbClient client;
    private final DynamoDbEnhancedClient enhancedClient;
    // Made on first use: the asynchronous HTTP client starts threads most tests never need.
    private DynamoDbAsyncClient asyncClient;
    private DynamoDbEnhancedAsyncClient enhancedAsyncClient;
    private boolean closed;

    private DynamoEndpoint(URI endpoint, Region region, AwsCredentialsProvider credentials, ServerKind kind,
                           AutoCloseable server) {
        this.endpoint = endpoint;
        this.region = region;
        this.kind = kind;
        this.server = server;
        this.credentials = credentials;
        // Chosen explicitly so the clients never depend on which HTTP implementation happens to
        // be on the classpath; url-connection-client is the lightest one and needs no threads.
        this.httpClient = UrlConnectionHttpClient.builder().build();
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(region)
                .httpClient(httpClient);
        if (credentials != null) {
            builder.credentialsProvider(credentials);
        }
        this.client = builder.build();
        this.enhancedClient = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
    }

    /**
     * Uses the server named by {@value #ENDPOINT_ENV} if that variable is set and not blank,
     * otherwise starts dynalite.
     *
     * <p>With an external server the region comes from {@code AWS_REGION} (default
     * {@code us-east-1}) and credentials from the SDK's default provider chain, because a real
     * DynamoDB rejects dummy credentials.
     *
     * @return an open endpoint; close it when done
     * @throws IllegalStateException if dynalite is needed and cannot be started
     */
    public static DynamoEndpoint resolve() {
        return configuredEndpoint().map(DynamoEndpoint::connect).orElseGet(DynamoEndpoint::startDynalite);
    }

    /**
     * Starts a private dynalite and connects to it with static dummy credentials, ignoring
     * {@value #ENDPOINT_ENV}.
     *
     * @return an open endpoint that stops dynalite when closed
     * @throws IllegalStateException if dynalite cannot be started
     */
    public static DynamoEndpoint startDynalite() {
        Dynalite dynalite = Dynalite.start();
        return local(dynalite.endpoint(), ServerKind.DYNALITE, dynalite);
    }

    /**
     * Starts a private moto and connects to it with static dummy credentials, ignoring
     * {@value #ENDPOINT_ENV}.
     *
     * @return an open endpoint that stops moto when closed
     * @throws IllegalStateException if moto cannot be found, installed or started
     */
    public static DynamoEndpoint startMoto() {
        Moto moto = Moto.start();
        return local(moto.endpoint(), ServerKind.MOTO, moto);
    }

    /**
     * Starts a private server of the given kind, or, for {@link ServerKind#EXTERNAL}, connects to
     * the one {@value #ENDPOINT_ENV} names.
     *
     * @param kind the server to run
     * @return an open endpoint
     * @throws IllegalStateException if the server cannot be started, or {@code EXTERNAL} is asked
     *     for while {@value #ENDPOINT_ENV} is not set
     */
    public static DynamoEndpoint start(ServerKind kind) {
        return switch (kind) {
            case DYNALITE -> startDynalite();
            case MOTO -> startMoto();
            case EXTERNAL -> connect(configuredEndpoint().orElseThrow(() -> new IllegalStateException(
                    ENDPOINT_ENV + " is not set, so there is no external server to connect to")));
        };
    }

    private static DynamoEndpoint local(URI uri, ServerKind kind, AutoCloseable server) {
        try {
            // Both local servers check that requests are signed but not by whom.
            AwsCredentialsProvider dummy =
                    StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy"));
            return new DynamoEndpoint(uri, DEFAULT_REGION, dummy, kind, server);
        } catch (RuntimeException e) {
            closeServer(server);
            throw e;
        }
    }

    /**
     * Connects to an already running server. The region comes from {@code AWS_REGION} (default
     * {@code us-east-1}) and credentials from the SDK's default provider chain; for DynamoDB
     * Local or Alternator set {@code AWS_ACCESS_KEY_ID} and {@code AWS_SECRET_ACCESS_KEY} to
     * any value.
     *
     * @param endpoint the server's URI, e.g. {@code http://localhost:8000}
     * @return an open endpoint; closing it leaves the server running
     */
    public static DynamoEndpoint connect(URI endpoint) {
        String regionName = System.getenv("AWS_REGION");
        Region region = regionName == null || regionName.isBlank() ? DEFAULT_REGION : Region.of(regionName.trim());
        return new DynamoEndpoint(endpoint, region, null, ServerKind.EXTERNAL, null);
    }

    /**
     * The endpoint configured through {@value #ENDPOINT_ENV}, if any.
     *
     * @return the configured URI, or empty when dynalite would be started
     */
    public static Optional<URI> configuredEndpoint() {
        String value = System.getenv(ENDPOINT_ENV);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(URI.create(value.trim()));
    }

    /**
     * The server's HTTP endpoint.
     *
     * @return the endpoint URI
     */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * The region the clients are configured with.
     *
     * @return the region
     */
    public Region region() {
        return region;
    }

    /**
     * Whether this endpoint is a dynalite started by this instance (as opposed to a server
     * named by {@value #ENDPOINT_ENV}). Tests of dynalite-specific behaviour can use it in an
     * assumption.
     *
     * @return {@code true} for a private dynalite
     */
    public boolean isDynalite() {
        return kind == ServerKind.DYNALITE;
    }

    /**
     * Whether this endpoint is a moto started by this instance.
     *
     * @return {@code true} for a private moto
     */
    public boolean isMoto() {
        return kind == ServerKind.MOTO;
    }

    /**
     * The kind of server behind this endpoint.
     *
     * @return dynalite, moto, or the external server {@value #ENDPOINT_ENV} names
     */
    public ServerKind kind() {
        return kind;
    }

    /**
     * Whether the server can do something not every local server does.
     *
     * @param capability what a test needs
     * @return {@code true} if this kind of server has it
     */
    public boolean has(Capability capability) {
        return kind.capabilities().contains(capability);
    }

    /**
     * A shared, thread-safe low-level client for this server. Do not close it; closing the
     * endpoint does.
     *
     * @return the client
     */
    public DynamoDbClient client() {
        return client;
    }

    /**
     * A shared, thread-safe enhanced client on top of {@link #client()}.
     *
     * @return the enhanced client
     */
    public DynamoDbEnhancedClient enhancedClient() {
        return enhancedClient;
    }

    /**
     * A shared asynchronous client for this server, on the SDK's default asynchronous HTTP
     * client, made on first use. Do not close it; closing the endpoint does.
     *
     * @return the client
     */
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
        if (asyncClient == null) {
            DynamoDbAsyncClientBuilder builder = DynamoDbAsyncClient.builder().endpointOverride(endpoint).region(region);
            if (credentials != null) {
                builder.credentialsProvider(credentials);
            }
            asyncClient = builder.build();
        }
        return asyncClient;
    }

    /**
     * A shared enhanced asynchronous client on top of {@link #asyncClient()}.
     *
     * @return the enhanced client
     */
    public synchronized DynamoDbEnhancedAsyncClient enhancedAsyncClient() {
        if (enhancedAsyncClient == null) {
            enhancedAsyncClient = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient()).build();
        }
        return enhancedAsyncClient;
    }

    /** Closes the clients and, if this instance started the server, stops it. Idempotent. */
    @Override
    public void close() {
        DynamoDbAsyncClient async;
        synchronized (this) {
            closed = true;
            async = asyncClient;
        }
        try {
            client.close();
            httpClient.close();
            if (async != null) {
                async.close();
            }
        } finally {
            closeServer(server);
        }
    }

    private static void closeServer(AutoCloseable server) {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Cannot stop " + server, e);
        }
    }

    @Override
    public String toString() {
        return "DynamoEndpoint[" + endpoint + ", " + kind + "]";
    }
}
