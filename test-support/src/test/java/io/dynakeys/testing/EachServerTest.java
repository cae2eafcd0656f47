package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An {@link OnEachServer} class runs once per server, each run seeing its own server in every
 * place JUnit resolves parameters.
 */
@OnEachServer
class EachServerTest {

    private static final List<ServerKind> SEEN_BEFORE_EACH_SERVER = new ArrayList<>();
    private static final List<ServerKind> SEEN_AFTER_EACH_SERVER = new ArrayList<>();
    private static ServerKind current;

    private final DynamoEndpoint constructed;

    EachServerTest(DynamoEndpoint endpoint) {
        this.constructed = endpoint;
    }

    @BeforeEachServer
    static void before(DynamoEndpoint endpoint, DynamoDbClient client) {
        assertSame(endpoint.client(), client);
        SEEN_BEFORE_EACH_SERVER.add(endpoint.kind());
        current = endpoint.kind();
    }

    @AfterEachServer
    static void after(DynamoEndpoint endpoint) {
        SEEN_AFTER_EACH_SERVER.add(endpoint.kind());
    }

    @AfterAll
    static void everyServerRanOnce() {
        List<ServerKind> expected = EachServer.servers(java.util.Set.of());
        assertEquals(expected, SEEN_BEFORE_EACH_SERVER);
        assertEquals(expected, SEEN_AFTER_EACH_SERVER);
        if (DynamoEndpoint.configuredEndpoint().isEmpty() && System.getProperty(EachServer.SERVERS_PROPERTY, "").isBlank()) {
            assertEquals(List.of(ServerKind.DYNALITE, ServerKind.MOTO), expected);
        }
    }

    @Test
    void theConstructorTheTestAndTheSetUpSeeOneServer(DynamoEndpoint endpoint, DynamoDbClient client) {
        assertSame(constructed, endpoint);
        assertSame(endpoint.client(), client);
        assertEquals(current, endpoint.kind());
        client.listTables();
    }
}
