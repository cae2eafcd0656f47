package io.dynakeys.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A dynalite server (the npm package pinned by the repository's {@code package.json}) running as a
 * child process on a free loopback port, with in-memory storage.
 *
 * <p>{@link #start()} installs the pinned package with {@code npm ci} when it is missing, so a
 * fresh checkout needs nothing but Node.js (20 or newer) on the {@code PATH}. Closing the instance
 * stops the process; a JVM shutdown hook does the same if a caller forgets, so no server outlives
 * the JVM that started it.
 *
 * <p>Most tests should not use this class directly but {@link DynamoEndpoint} or
 * {@link DynaliteExtension}, which honour {@code AWS_ENDPOINT_URL_DYNAMODB}.
 */
public final class Dynalite implements AutoCloseable {

    /**
     * System property naming the repository root, i.e. the directory holding the
     * {@code package.json} that pins dynalite. Only needed when the working directory is not
     * inside the repository.
     */
    public static final String REPO_ROOT_PROPERTY = "dynakeys.repo.root";

    /** The line dynalite prints once its HTTP server accepts connections. */
    static final String READY_PREFIX = "Dynalite listening at";

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> NPM_CI_ARGS = List.of("ci", "--no-audit", "--no-fund");

    // A free port found by binding port 0 can be taken by someone else before dynalite binds it,
    // so an "address in use" failure is retried with a new port a few times.
    private static final int MAX_START_ATTEMPTS = 5;

    // npm ci deletes and rewrites node_modules; two threads doing it at once corrupt each other.
    private static final ReentrantLock INSTALL_LOCK = new ReentrantLock();

    static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private final ServerProcess process;
    private final URI endpoint;

    private Dynalite(Process process, URI endpoint) {
        this.process = new ServerProcess(process, "dynalite");
        this.endpoint = endpoint;
    }

    /**
     * Starts dynalite from the {@linkplain #repositoryRoot() repository root}, installing it
     * first if {@code node_modules/dynalite} is missing.
     *
     * @return the running server; close it to stop the process
     * @throws IllegalStateException if the repository root cannot be found, {@code npm} or
     *     {@code node} cannot be run or fails, or dynalite does not start within 30 seconds
     */
    public static Dynalite start() {
        return start(repositoryRoot());
    }

    /**
     * Starts dynalite from the given repository root, installing it first if
     * {@code node_modules/dynalite} is missing.
     *
     * @param repositoryRoot directory holding the {@code package.json} that pins dynalite
     * @return the running server; close it to stop the process
     * @throws IllegalStateException if {@code npm} or {@code node} cannot be run or fails, or
     *     dynalite does not start within 30 seconds
     */
    public static Dynalite start(Path repositoryRoot) {
        Path root = repositoryRoot.toAbsolutePath().normalize();
        Path cli = ensureInstalled(root);
        IllegalStateException lastFailure = null;
        for (int attempt = 1; attempt <= MAX_START_ATTEMPTS; attempt++) {
            try {
                return launch(root, cli, freeLoopbackPort());
            } catch (PortTakenException e) {
                lastFailure = new IllegalStateException(e.getMessage());
            }
        }
        throw lastFailure;
    }

    /**
     * Finds the repository root: the value of the system property {@value #REPO_ROOT_PROPERTY}
     * when set, otherwise the nearest directory at or above the working directory whose
     * {@code package.json} mentions dynalite.
     *
     * @return the absolute, normalized repository root
     * @throws IllegalStateException if no such directory exists
     */
    public static Path repositoryRoot() {
        return repositoryRoot(System.getProperty(REPO_ROOT_PROPERTY), Paths.get("").toAbsolutePath().normalize());
    }

    // Package-private so the messages can be tested without touching global system properties.
    static Path repositoryRoot(String configured, Path start) {
        if (configured != null && !configured.isBlank()) {
            Path root = Paths.get(configured).toAbsolutePath().normalize();
            if (!pinsDynalite(root)) {
                throw new IllegalStateException("-D" + REPO_ROOT_PROPERTY + "=" + root + " names a directory with no"
                        + " package.json that depends on dynalite: name the directory holding the package.json and"
                        + " package-lock.json that pin dynalite");
            }
            return root;
        }
        return findRepositoryRoot(start).orElseThrow(() -> new IllegalStateException(
                "No package.json that depends on dynalite at or above " + start + ": dynalite is installed (npm ci)"
                        + " and run from the directory that holds one, with its package-lock.json. Put a package.json"
                        + " such as {\"private\": true, \"dependencies\": {\"dynalite\": \"4.0.0\"}} in your project's"
                        + " root directory and run `npm install` there once (it writes package-lock.json; keep both),"
                        + " or name a directory holding both with -D" + REPO_ROOT_PROPERTY + "=<dir>"));
    }

    // Package-private so the search can be tested without touching global system properties.
    static Optional<Path> findRepositoryRoot(Path start) {
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (pinsDynalite(dir)) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    // A plain text search is enough here: the only question is whether this package.json is the
    // one pinning dynalite (other package.json files may exist above, e.g. in a home directory).
    private static boolean pinsDynalite(Path dir) {
        Path packageJson = dir.resolve("package.json");
        if (!Files.isRegularFile(packageJson)) {
            return false;
        }
        try {
            return Files.readString(packageJson, StandardCharsets.UTF_8).contains("\"dynalite\"");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The HTTP endpoint of this server, e.g. {@code http://127.0.0.1:45678}.
     *
     * @return the endpoint URI
     */
    public URI endpoint() {
        return endpoint;
    }

    /**
     * The loopback port this server listens on.
     *
     * @return the TCP port
     */
    public int port() {
        return endpoint.getPort();
    }

    /**
     * Whether the dynalite process is still running.
     *
     * @return {@code true} until the process exits
     */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the dynalite process (and anything it spawned) and waits for it to exit. Idempotent. */
    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return "Dynalite[" + endpoint + ", pid " + process.pid() + "]";
    }

    // ---------------------------------------------------------------------------------------------
    // Installation

    private static Path ensureInstalled(Path root) {
        Path cli = root.resolve("node_modules").resolve("dynalite").resolve("cli.js");
        if (Files.isRegularFile(cli)) {
            return cli;
        }
        INSTALL_LOCK.lock();
        try {
            // Parallel Maven builds run several forked test JVMs against the same checkout, so a
            // JVM-local lock is not enough; the file lock lives outside the repository because
            // npm ci wipes node_modules and a lock file at the root would show up in git status.
            Path lockFile = Paths.get(System.getProperty("java.io.tmpdir"),
                    "dynakeys-npm-ci-" + Integer.toHexString(root.toString().hashCode()) + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = channel.lock();
                try {
                    // Another JVM may have finished the install while this one waited for the lock.
                    if (!Files.isRegularFile(cli)) {
                        requireLockFile(root);
                        System.err.println("[dynakeys] node_modules/dynalite is missing in " + root + "; installing it");
                        runNpmCi(root);
                    }
                } finally {
                    lock.release();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot lock " + lockFile + " to install dynalite", e);
            }
        } finally {
            INSTALL_LOCK.unlock();
        }
        if (!Files.isRegularFile(cli)) {
            throw new IllegalStateException("`npm ci` succeeded in " + root + " but " + cli + " does not exist; "
                    + "does package.json depend on dynalite?");
        }
        return cli;
    }

    // npm ci installs from the lock file only, and says so in words that do not name the fix.
    static void requireLockFile(Path root) {
        if (!Files.isRegularFile(root.resolve("package-lock.json"))) {
            throw new IllegalStateException(root.resolve("package.json") + " depends on dynalite, but there is no"
                    + " package-lock.json beside it, which `npm ci` installs from: run `npm install` in " + root
                    + " once (it writes package-lock.json), and keep both");
        }
    }

    private static void runNpmCi(Path root) {
        runNpmCi(root, WINDOWS ? "npm.cmd" : "npm");
    }

    // The executable is a parameter only so tests can provoke both failure modes without
    // depending on how a real npm fails.
    static void runNpmCi(Path root, String npmExecutable) {
        List<String> command = new ArrayList<>();
        command.add(npmExecutable);
        command.addAll(NPM_CI_ARGS);
        String shown = "`npm " + String.join(" ", NPM_CI_ARGS) + "`";
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        builder.environment().put("npm_config_update_notifier", "false");
        builder.environment().put("npm_config_progress", "false");
        Process npm;
        try {
            npm = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run " + shown + " in " + root + " (" + e.getMessage()
                    + "). Install Node.js 20 or newer with npm and put it on the PATH, or point "
                    + DynamoEndpoint.ENDPOINT_ENV + " at a running DynamoDB-compatible server.", e);
        }
        // Closing stdin makes any prompt fail fast instead of hanging the build.
        closeQuietly(npm.getOutputStream());
        // Forwarding to System.err rather than inheriting the file descriptor keeps npm output out
        // of the forked test JVM's stdout, which Surefire uses as its own channel.
        Thread pump = daemon("npm-ci-output", () -> copy(npm.getInputStream(), System.err));
        pump.start();
        try {
            if (!npm.waitFor(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                npm.descendants().forEach(ProcessHandle::destroyForcibly);
                npm.destroyForcibly();
                throw new IllegalStateException(shown + " in " + root + " did not finish within "
                        + INSTALL_TIMEOUT.toMinutes() + " minutes");
            }
            pump.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            npm.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + shown, e);
        }
        int exitCode = npm.exitValue();
        if (exitCode != 0) {
            throw new IllegalStateException(shown + " failed in " + root + " with exit code " + exitCode
                    + " (its output is above); a Node.js older than 20 or no access to the npm registry are the usual causes.");
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Launching

    private static Dynalite launch(Path root, Path cli, int port) throws PortTakenException {
        // dynalite binds all interfaces unless given --host; a test server has no business being
        // reachable from the network.
        List<String> command = List.of(WINDOWS ? "node.exe" : "node", cli.toString(),
                "--host", "127.0.0.1",
                "--port", Integer.toString(port),
                "--createTableMs", "0",
                "--deleteTableMs", "0",
                "--updateTableMs", "0");
        Process process;
        try {
            process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run `node " + cli + "` (" + e.getMessage()
                    + "). Install Node.js 20 or newer and put it on the PATH, or point "
                    + DynamoEndpoint.ENDPOINT_ENV + " at a running DynamoDB-compatible server.", e);
        }
        closeQuietly(process.getOutputStream());

        CompletableFuture<Boolean> ready = new CompletableFuture<>();
        Deque<String> recentOutput = new ArrayDeque<>();
        // The pipe must be drained for the whole life of the process: a full pipe buffer would
        // block dynalite as soon as it logs anything (e.g. a stack trace).
        daemon("dynalite-" + port + "-output", () -> {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (!ready.isDone() && line.startsWith(READY_PREFIX)) {
                        ready.complete(true);
                        continue;
                    }
                    synchronized (recentOutput) {
                        recentOutput.addLast(line);
                        if (recentOutput.size() > 50) {
                            recentOutput.removeFirst();
                        }
                    }
                    System.err.println("[dynalite:" + port + "] " + line);
                }
            } catch (IOException streamClosed) {
                // Happens when the process is destroyed; nothing left to read.
            } finally {
                ready.complete(false);
            }
        }).start();

        boolean listening;
        try {
            listening = ready.get(STARTUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            destroy(process);
            throw new IllegalStateException("`" + String.join(" ", command) + "` did not print \"" + READY_PREFIX
                    + "\" within " + STARTUP_TIMEOUT.toSeconds() + " s; output so far: " + snapshot(recentOutput));
        } catch (InterruptedException e) {
            destroy(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting dynalite", e);
        } catch (ExecutionException e) {
            destroy(process);
            throw new IllegalStateException("Cannot read dynalite output", e.getCause());
        }
        if (!listening) {
            int exitCode = waitForExit(process);
            String output = snapshot(recentOutput);
            if (output.contains("EADDRINUSE")) {
                throw new PortTakenException("dynalite could not bind port " + port + ": " + output);
            }
            throw new IllegalStateException("`" + String.join(" ", command) + "` exited with code " + exitCode
                    + " before printing \"" + READY_PREFIX + "\"; output: " + output);
        }
        return new Dynalite(process, URI.create("http://127.0.0.1:" + port));
    }

    static int freeLoopbackPort() {
        // Probe the very address dynalite will bind; the loopback default may be ::1 instead.
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByAddress(new byte[] {127, 0, 0, 1}))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot find a free loopback port", e);
        }
    }

    private static int waitForExit(Process process) {
        try {
            if (process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                return process.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        destroy(process);
        return -1;
    }

    static void destroy(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static String snapshot(Deque<String> lines) {
        synchronized (lines) {
            return lines.isEmpty() ? "(none)" : String.join(System.lineSeparator(), lines);
        }
    }

    static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    static void copy(InputStream in, PrintStream out) {
        byte[] buffer = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
            }
            out.flush();
        } catch (IOException streamClosed) {
            // The process was destroyed; nothing left to forward.
        }
    }

    static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException ignored) {
            // Nothing sensible to do: the child simply keeps an open stdin.
        }
    }

    private static final class PortTakenException extends Exception {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message, null, false, false);
        }
    }
}
