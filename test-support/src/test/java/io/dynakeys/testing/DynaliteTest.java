package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DynaliteTest {

    @Test
    void startsOnLoopbackAndStopsOnClose() throws Exception {
        // With an external server configured, node need not be installed at all.
        assumeTrue(DynamoEndpoint.configuredEndpoint().isEmpty(), "an external endpoint is configured");

        Dynalite dynalite = Dynalite.start();
        try {
            assertTrue(dynalite.isAlive());
            assertEquals("127.0.0.1", dynalite.endpoint().getHost());
            assertTrue(accepts(dynalite.port()));
        } finally {
            dynalite.close();
        }
        assertFalse(dynalite.isAlive());
        assertFalse(accepts(dynalite.port()));
        dynalite.close(); // idempotent
    }

    @Test
    void concurrentStartsGetSeparateServers() {
        assumeTrue(DynamoEndpoint.configuredEndpoint().isEmpty(), "an external endpoint is configured");

        CompletableFuture<Dynalite> first = CompletableFuture.supplyAsync(Dynalite::start);
        CompletableFuture<Dynalite> second = CompletableFuture.supplyAsync(Dynalite::start);
        try (Dynalite a = first.join(); Dynalite b = second.join()) {
            assertNotEquals(a.port(), b.port());
            assertTrue(a.isAlive() && b.isAlive());
        }
    }

    @Test
    void findsTheNearestDirectoryWhosePackageJsonPinsDynalite(@TempDir Path dir) throws IOException {
        Path root = dir.resolve("repo");
        Path nested = Files.createDirectories(root.resolve("module/src"));
        Files.writeString(dir.resolve("package.json"), "{\"dependencies\":{\"dynalite\":\"4.0.0\"}}");
        Files.writeString(root.resolve("package.json"), "{\"dependencies\":{\"dynalite\":\"4.0.0\"}}");
        Files.writeString(root.resolve("module/package.json"), "{\"dependencies\":{\"left-pad\":\"1.3.0\"}}");

        assertEquals(Optional.of(root), Dynalite.findRepositoryRoot(nested));
    }

    @Test
    void findsNothingOutsideTheRepository(@TempDir Path dir) {
        assertEquals(Optional.empty(), Dynalite.findRepositoryRoot(dir));
    }

    @Test
    void noPackageJsonSaysWhatToWriteAndWhere(@TempDir Path dir) {
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> Dynalite.repositoryRoot(null, dir));

        assertEquals("No package.json that depends on dynalite at or above " + dir + ": dynalite is installed (npm ci)"
                + " and run from the directory that holds one, with its package-lock.json. Put a package.json such as"
                + " {\"private\": true, \"dependencies\": {\"dynalite\": \"4.0.0\"}} in your project's root directory"
                + " and run `npm install` there once (it writes package-lock.json; keep both), or name a directory"
                + " holding both with -Ddynakeys.repo.root=<dir>", failure.getMessage());
    }

    @Test
    void aRepoRootWithoutDynaliteSaysWhatToName(@TempDir Path dir) {
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> Dynalite.repositoryRoot(dir.toString(), dir));

        assertEquals("-Ddynakeys.repo.root=" + dir + " names a directory with no package.json that depends on"
                + " dynalite: name the directory holding the package.json and package-lock.json that pin dynalite",
                failure.getMessage());
    }

    @Test
    void aPackageJsonWithoutItsLockFileSaysToRunNpmInstall(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("package.json"), "{\"dependencies\":{\"dynalite\":\"4.0.0\"}}");
        assertEquals(dir, Dynalite.repositoryRoot(null, dir));

        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> Dynalite.requireLockFile(dir));

        assertEquals(dir.resolve("package.json") + " depends on dynalite, but there is no package-lock.json beside"
                + " it, which `npm ci` installs from: run `npm install` in " + dir + " once (it writes"
                + " package-lock.json), and keep both", failure.getMessage());
    }

    @Test
    void findsThisRepository() {
        assertTrue(Files.isRegularFile(Dynalite.repositoryRoot().resolve("package-lock.json")));
    }

    @Test
    void namesTheCommandWhenNpmIsMissing(@TempDir Path dir) {
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> Dynalite.runNpmCi(dir, "dynakeys-no-such-npm"));

        assertTrue(failure.getMessage().startsWith("Cannot run `npm ci --no-audit --no-fund`"), failure.getMessage());
    }

    @Test
    void namesTheCommandAndExitCodeWhenNpmFails(@TempDir Path dir) {
        // `false` ignores its arguments and exits with 1: a stand-in for any failing npm.
        assumeFalse(System.getProperty("os.name").startsWith("Windows"), "needs the POSIX false command");

        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> Dynalite.runNpmCi(dir, "false"));

        assertTrue(failure.getMessage().startsWith("`npm ci --no-audit --no-fund` failed"), failure.getMessage());
        assertTrue(failure.getMessage().contains("exit code 1"), failure.getMessage());
    }

    private static boolean accepts(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (ConnectException refused) {
            return false;
        }
    }
}
