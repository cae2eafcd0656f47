package io.dynakeys.testing;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A moto server ({@code python3 -m moto.server}, moto's DynamoDB-compatible implementation) running
 * as a child process on a free loopback port, with in-memory storage.
 *
 * <p>moto is a second, independent implementation beside {@link Dynalite}: it has what dynalite
 * lacks (transactions, time to live, index keys of several attributes, UTF-8 order in every key
 * comparison) and is several times slower per request.
 *
 * <p>{@link #start()} uses the Python named by the system property {@value #PYTHON_PROPERTY}
 * (default {@code python3}) when it can import moto, Flask and Werkzeug; otherwise it installs
 * moto {@value #PINNED_MOTO} into a virtual environment under the repository's {@code target/}
 * and uses that. When neither works it fails with a message saying what to install; it never
 * skips.
 */
public final class Moto implements AutoCloseable {

    /** System property naming the Python 3 executable to run moto with; default {@code python3}. */
    public static final String PYTHON_PROPERTY = "dynakeys.python";

    /** The moto version the build installs when the machine has none. */
    public static final String PINNED_MOTO = "5.2.1";

    /** What the build installs into its virtual environment when moto is missing. */
    static final List<String> REQUIREMENTS =
            List.of("moto[server]==" + PINNED_MOTO, "flask==3.1.3", "werkzeug==3.1.8");

    static final String INSTALL_HINT = "python3 -m pip install 'moto[server]==" + PINNED_MOTO + "'";

    // moto imports every service's backend on start-up, which takes a few seconds on an idle
    // machine and much longer on a loaded one.
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    private static final int MAX_START_ATTEMPTS = 5;
    private static final String IMPORT_CHECK = "import moto, moto.server, flask, werkzeug; print(moto.__version__)";

    private static final ReentrantLock INSTALL_LOCK = new ReentrantLock();

    private final ServerProcess process;
    private final URI endpoint;
    private final String version;

    private Moto(Process process, URI endpoint, String version) {
        this.process = new ServerProcess(process, "moto");
        this.endpoint = endpoint;
        this.version = version;
    }

    /**
     * Starts moto, installing it first into {@code target/moto-venv} (under the repository root,
     * or else the working directory) when the configured Python lacks it.
     *
     * @return the running server; close it to stop the process
     * @throws IllegalStateException if no Python with moto can be found or made, or moto does not
     *     answer HTTP within 90 seconds
     */
    public static Moto start() {
        String python = System.getProperty(PYTHON_PROPERTY, Dynalite.WINDOWS ? "python" : "python3");
        Interpreter interpreter = findOrInstall(python);
        IllegalStateException lastFailure = null;
        for (int attempt = 1; attempt <= MAX_START_ATTEMPTS; attempt++) {
            try {
                return launch(interpreter, Dynalite.freeLoopbackPort());
            } catch (PortTakenException e) {
                lastFailure = new IllegalStateException(e.getMessage());
            }
        }
        throw lastFailure;
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
     * The moto version running, as moto reports it.
     *
     * @return e.g. {@code 5.2.1}
     */
    public String version() {
        return version;
    }

    /**
     * Whether the moto process is still running.
     *
     * @return {@code true} until the process exits
     */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the moto process and waits for it to exit. Idempotent. */
    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return "Moto[" + version + ", " + endpoint + ", pid " + process.pid() + "]";
    }

    // ---------------------------------------------------------------------------------------------
    // Finding or installing a Python with moto

    /** A Python executable that imports moto, and the moto version it has. */
    record Interpreter(String executable, String motoVersion) {}

    private static Interpreter findOrInstall(String python) {
        Run probe = run(List.of(python, "-c", IMPORT_CHECK), null, PROBE_TIMEOUT);
        if (probe.succeeded()) {
            return new Interpreter(python, probe.lastLine());
        }
        // Under the repository's target/ when run inside it, otherwise under the working
        // directory's (a user's module), so `mvn clean` removes it either way.
        Path base = Dynalite.findRepositoryRoot(Paths.get("")).orElse(Paths.get("").toAbsolutePath());
        Path venv = base.resolve("target").resolve("moto-venv");
        Path venvPython = venv.resolve(Dynalite.WINDOWS ? "Scripts/python.exe" : "bin/python");
        INSTALL_LOCK.lock();
        try {
            Path lockFile = Paths.get(System.getProperty("java.io.tmpdir"),
                    "dynakeys-moto-venv-" + Integer.toHexString(venv.toString().hashCode()) + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = channel.lock();
                try {
                    return installInto(python, probe, venv, venvPython);
                } finally {
                    lock.release();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot lock " + lockFile + " to install moto", e);
            }
        } finally {
            INSTALL_LOCK.unlock();
        }
    }

    private static Interpreter installInto(String python, Run probe, Path venv, Path venvPython) {
        if (Files.isRegularFile(venvPython)) {
            Run venvProbe = run(List.of(venvPython.toString(), "-c", IMPORT_CHECK), null, PROBE_TIMEOUT);
            if (venvProbe.succeeded()) {
                return new Interpreter(venvPython.toString(), venvProbe.lastLine());
            }
        }
        if (probe.notStarted()) {
            throw new IllegalStateException("Cannot run `" + python + "` (" + probe.output().strip()
                    + "). The tests run a second DynamoDB-compatible server, moto, under Python 3: install Python 3"
                    + " and then `" + INSTALL_HINT + "` (it brings Flask and Werkzeug), or set -D" + PYTHON_PROPERTY
                    + "=<a Python 3 that has moto>, or point " + DynamoEndpoint.ENDPOINT_ENV
                    + " at a running DynamoDB-compatible server.");
        }
        System.err.println("[dynakeys] `" + python + "` cannot import moto (" + probe.lastLine()
                + "); installing moto " + PINNED_MOTO + " into " + venv);
        List<String> steps = new ArrayList<>();
        Run created = run(List.of(python, "-m", "venv", venv.toString()), null, INSTALL_TIMEOUT);
        steps.add("`" + python + " -m venv " + venv + "`: " + created.describe());
        if (created.succeeded()) {
            List<String> pip = new ArrayList<>(List.of(venvPython.toString(), "-m", "pip", "install",
                    "--disable-pip-version-check", "--no-input"));
            pip.addAll(REQUIREMENTS);
            Run installed = run(pip, System.err, INSTALL_TIMEOUT);
            steps.add("`pip install " + String.join(" ", REQUIREMENTS) + "`: " + installed.describe());
            if (installed.succeeded()) {
                Run venvProbe = run(List.of(venvPython.toString(), "-c", IMPORT_CHECK), null, PROBE_TIMEOUT);
                if (venvProbe.succeeded()) {
                    return new Interpreter(venvPython.toString(), venvProbe.lastLine());
                }
                steps.add("the new environment still cannot import moto: " + venvProbe.describe());
            }
        }
        throw new IllegalStateException("moto is missing: `" + python + " -c \"import moto\"` failed ("
                + probe.lastLine() + ") and installing it into " + venv + " failed:\n  - " + String.join("\n  - ", steps)
                + "\nInstall it yourself with `" + INSTALL_HINT + "` (moto " + PINNED_MOTO
                + " with Flask and Werkzeug), or set -D" + PYTHON_PROPERTY + "=<a Python 3 that has moto>, or point "
                + DynamoEndpoint.ENDPOINT_ENV + " at a running DynamoDB-compatible server.");
    }

    /** The outcome of a short-lived helper process. */
    private record Run(int exitCode, String output, boolean notStarted) {
        boolean succeeded() {
            return exitCode == 0;
        }

        String lastLine() {
            String[] lines = output.strip().split("\\R");
            return lines[lines.length - 1];
        }

        String describe() {
            if (notStarted) {
                return "could not start (" + output.strip() + ")";
            }
            return exitCode == 0 ? "done" : "exit code " + exitCode + ", last output: " + lastLine();
        }
    }

    // Runs a command to completion, keeping its output (and echoing it when `echo` is given, so a
    // long pip install shows progress).
    private static Run run(List<String> command, PrintStream echo, Duration timeout) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Run(-1, String.valueOf(e.getMessage()), true);
        }
        Dynalite.closeQuietly(process.getOutputStream());
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Thread pump = Dynalite.daemon("moto-helper-output", () -> {
            byte[] buffer = new byte[8192];
            try (var in = process.getInputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    synchronized (captured) {
                        captured.write(buffer, 0, n);
                    }
                    if (echo != null) {
                        echo.write(buffer, 0, n);
                    }
                }
            } catch (IOException streamClosed) {
                // The process was destroyed; nothing left to read.
            }
        });
        pump.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                Dynalite.destroy(process);
                return new Run(-1, "`" + String.join(" ", command) + "` did not finish within " + timeout.toSeconds()
                        + " s", false);
            }
            pump.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Dynalite.destroy(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running `" + String.join(" ", command) + "`", e);
        }
        synchronized (captured) {
            String output = captured.toString(StandardCharsets.UTF_8);
            return new Run(process.exitValue(), output.isBlank() ? "(no output)" : output, false);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Launching

    private static Moto launch(Interpreter interpreter, int port) throws PortTakenException {
        List<String> command = List.of(interpreter.executable(), "-m", "moto.server",
                "-H", "127.0.0.1", "-p", Integer.toString(port));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // Unbuffered, so the last lines before a failure are in the output the message quotes.
        builder.environment().put("PYTHONUNBUFFERED", "1");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run `" + String.join(" ", command) + "` (" + e.getMessage() + ")", e);
        }
        Dynalite.closeQuietly(process.getOutputStream());
        Deque<String> recentOutput = new ArrayDeque<>();
        // moto logs one line per request; the pipe is drained for the life of the process and
        // only the latest lines are kept, for failure messages.
        Dynalite.daemon("moto-" + port + "-output", () -> {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronized (recentOutput) {
                        recentOutput.addLast(line);
                        if (recentOutput.size() > 50) {
                            recentOutput.removeFirst();
                        }
                    }
                }
            } catch (IOException streamClosed) {
                // Happens when the process is destroyed; nothing left to read.
            }
        }).start();

        URI endpoint = URI.create("http://127.0.0.1:" + port);
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (!answersHttp(endpoint)) {
            if (!process.isAlive()) {
                String output = snapshot(recentOutput);
                if (output.contains("Address already in use")) {
                    throw new PortTakenException("moto could not bind port " + port + ": " + output);
                }
                throw new IllegalStateException("`" + String.join(" ", command) + "` exited with code "
                        + process.exitValue() + " before answering HTTP on " + endpoint + "; output: " + output);
            }
            if (System.nanoTime() - deadline > 0) {
                Dynalite.destroy(process);
                throw new IllegalStateException("`" + String.join(" ", command) + "` did not answer HTTP on " + endpoint
                        + " within " + STARTUP_TIMEOUT.toSeconds() + " s; output so far: " + snapshot(recentOutput));
            }
            try {
                Thread.sleep(POLL_INTERVAL.toMillis());
            } catch (InterruptedException e) {
                Dynalite.destroy(process);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for moto on " + endpoint, e);
            }
        }
        return new Moto(process, endpoint, interpreter.motoVersion());
    }

    // Any HTTP status means the server accepts requests; only a refused or timed-out connection
    // means it is not up yet.
    private static boolean answersHttp(URI endpoint) {
        try {
            HttpURLConnection connection = (HttpURLConnection) endpoint.resolve("/moto-api/").toURL().openConnection();
            connection.setConnectTimeout(1_000);
            connection.setReadTimeout(5_000);
            try {
                return connection.getResponseCode() > 0;
            } finally {
                connection.disconnect();
            }
        } catch (IOException notYet) {
            return false;
        }
    }

    private static String snapshot(Deque<String> lines) {
        synchronized (lines) {
            return lines.isEmpty() ? "(none)" : String.join(System.lineSeparator(), lines);
        }
    }

    private static final class PortTakenException extends Exception {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message, null, false, false);
        }
    }
}
