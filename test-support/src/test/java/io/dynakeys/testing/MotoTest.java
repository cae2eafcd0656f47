package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class MotoTest {

    @Test
    void startsAnsweringDynamoDbAndStopsOnClose() {
        Moto moto;
        try (DynamoEndpoint endpoint = DynamoEndpoint.startMoto()) {
            assertTrue(endpoint.isMoto());
            assertEquals(ServerKind.MOTO, endpoint.kind());
            assertEquals("127.0.0.1", endpoint.endpoint().getHost());
            String table = TestTables.createTable(endpoint.client(), "pk", "sk");
            endpoint.client().putItem(r -> r.tableName(table)
                    .item(Map.of("pk", AttributeValue.fromS("p"), "sk", AttributeValue.fromS("s"), "n", AttributeValue.fromN("7"))));
            assertEquals("7", endpoint.client().getItem(r -> r.tableName(table).consistentRead(true)
                    .key(Map.of("pk", AttributeValue.fromS("p"), "sk", AttributeValue.fromS("s")))).item().get("n").n());
            assertTrue(endpoint.client().listTables().tableNames().contains(table));
        }
        moto = Moto.start();
        assertTrue(moto.isAlive());
        assertEquals(Moto.PINNED_MOTO, moto.version(), "the machines this project builds on have moto " + Moto.PINNED_MOTO);
        moto.close();
        assertFalse(moto.isAlive(), "moto is still running after close()");
    }

    @Test
    void aMissingPythonFailsSayingWhatToInstall() {
        String previous = System.getProperty(Moto.PYTHON_PROPERTY);
        System.setProperty(Moto.PYTHON_PROPERTY, "dynakeys-no-such-python3");
        try {
            IllegalStateException failure = assertThrows(IllegalStateException.class, Moto::start);
            assertTrue(failure.getMessage().contains("Cannot run `dynakeys-no-such-python3`"), failure.getMessage());
            assertTrue(failure.getMessage().contains(Moto.INSTALL_HINT), failure.getMessage());
            assertTrue(failure.getMessage().contains("Flask and Werkzeug"), failure.getMessage());
        } finally {
            if (previous == null) {
                System.clearProperty(Moto.PYTHON_PROPERTY);
            } else {
                System.setProperty(Moto.PYTHON_PROPERTY, previous);
            }
        }
    }
}
