package io.dynakeys.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynamoEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server named by {@code AWS_ENDPOINT_URL_DYNAMODB} that does not answer fails the kit's tests at
 * once, asked once per run, with one message naming the variable and the endpoint (instead of 12 to
 * 24 s of the SDK's retries per test and "Unable to execute HTTP request: Connection refused").
 */
@DynakeysTest
class EndpointReachTest {

    @Test
    void aClosedPortIsUnreachableAtOnceWithTheRefusalTheVariableAndTheEndpoint() throws IOException {
        URI closed = closedPort();
        try (DynamoEndpoint endpoint = DynamoEndpoint.connect(closed)) {
            long start = System.nanoTime();
            String problem = EndpointReach.problem(endpoint);
            long millis = (System.nanoTime() - start) / 1_000_000;

            assertEquals("Cannot reach the DynamoDB server at " + closed + ", which AWS_ENDPOINT_URL_DYNAMODB names:"
                    + " ConnectException (Connection refused). Start that server, or unset AWS_ENDPOINT_URL_DYNAMODB to"
                    + " run the tests on a local server the kit starts (moto, or dynalite with"
                    + " -Ddynakeys.test.server=dynalite)", problem);
            assertTrue(millis < 5_000, "took " + millis + " ms");
        }
    }

    @Test
    void aServerThatAnswersIsReachable(DynamoEndpoint running) {
        // Whichever server this run has: local ones ignore the probe's dummy credentials, and any
        // answer, a refusal included, counts.
        try (DynamoEndpoint endpoint = DynamoEndpoint.connect(running.endpoint())) {
            assertNull(EndpointReach.problem(endpoint));
        }
    }

    @Test
    void everyTestClassOfARunFailsOnOneRequestToAnUnreachableServer(@TempDir Path work) throws Exception {
        AtomicInteger connections = new AtomicInteger();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // Accepts and hangs up at once: no answer, and every attempt counted.
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        connections.incrementAndGet();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String endpoint = "http://127.0.0.1:" + server.getLocalPort();

            List<String> lines = runWithEndpoint(endpoint, work);

            String message = "Cannot reach the DynamoDB server at " + endpoint + ", which AWS_ENDPOINT_URL_DYNAMODB names:";
            assertEquals(2, lines.stream().filter(l -> l.startsWith("FAILED ") && l.contains(message)).count(),
                    String.join("\n", lines));
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("RAN ")), String.join("\n", lines));
            assertEquals(1, connections.get(), "requests to the server in the whole run");
            long millis = Long.parseLong(lines.stream().filter(l -> l.startsWith("MILLIS ")).findFirst().orElseThrow()
                    .substring("MILLIS ".length()));
            // Each of the three tests alone took 12 to 24 s of retries before; the bound leaves room
            // for a loaded machine starting a JVM and the SDK.
            assertTrue(millis < 30_000, "the run took " + millis + " ms");
        }
    }

    private static URI closedPort() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The lines {@link UnreachableEndpointRun} prints in a JVM whose environment names {@code endpoint}. */
    private static List<String> runWithEndpoint(String endpoint, Path work) throws Exception {
        Path out = work.resolve("run.txt");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), UnreachableEndpointRun.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put(DynamoEndpoint.ENDPOINT_ENV, endpoint);
        builder.environment().put("AWS_REGION", "us-east-1");
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("the run did not end:\n" + Files.readString(out));
        }
        assertEquals(0, process.exitValue(), Files.readString(out));
        return Files.readAllLines(out, StandardCharsets.UTF_8);
    }
}
