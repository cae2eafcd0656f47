package io.dynakeys.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local server's child process, stopped once: on {@link #close()} or, if the JVM ends first, by a
 * shutdown hook. Stopping takes down whatever the process spawned too (npm and Python launchers
 * start the real server as a child), collected first, because once the parent is gone they are
 * re-parented and can no longer be found through it.
 */
final class ServerProcess implements AutoCloseable {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final Thread shutdownHook;
    private final AtomicBoolean stopped = new AtomicBoolean();

    /**
     * Takes charge of {@code process}.
     *
     * @param process the started server
     * @param name the server's name, for the shutdown hook's thread
     * @throws IllegalStateException when the JVM is already shutting down (the process is stopped)
     */
    ServerProcess(Process process, String name) {
        this.process = process;
        this.shutdownHook = new Thread(this::stop, name + "-shutdown-" + process.pid());
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalStateException jvmShuttingDown) {
            stop();
            throw jvmShuttingDown;
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** Stops the process and its descendants and waits for them. Idempotent. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running or about to run; stop() below is idempotent either way.
        }
        stop();
    }

    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        List<ProcessHandle> descendants = new ArrayList<>();
        process.descendants().forEach(descendants::add);
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
