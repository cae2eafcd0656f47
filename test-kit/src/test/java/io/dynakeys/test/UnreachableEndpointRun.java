package io.dynakeys.test;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * Two kit test classes run in a JVM of their own by {@link EndpointReachTest}, with
 * {@code AWS_ENDPOINT_URL_DYNAMODB} set: prints one line per failed container or test (its name
 * and its exception's message), one per test that ran, and the time the run took. Not a test class
 * itself (the name matches no test pattern), so the build runs it only through that test; its
 * classes pass on a server that answers.
 */
public final class UnreachableEndpointRun {
    private UnreachableEndpointRun() {
    }

    /** A kit test class with two tests that would write to the server. */
    @DynakeysTest(NoteKeys.class)
    public static final class First {
        @Test
        void one(DynamoDbTable<Note> notes) {
            notes.putItem(new Note("a", "1", "x"));
        }

        @Test
        void two(DynamoDbTable<Note> notes) {
            notes.putItem(new Note("a", "2", "x"));
        }
    }

    /** Another, with a table per class. */
    @DynakeysTest(value = NoteKeys.class, tables = TablesPer.CLASS)
    public static final class Second {
        @Test
        void three(DynamoDbTable<Note> notes) {
            notes.putItem(new Note("b", "2", "y"));
        }
    }

    /** Runs {@link First} and {@link Second}. */
    public static void main(String[] args) {
        Launcher launcher = LauncherFactory.create();
        long start = System.nanoTime();
        launcher.execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(First.class), selectClass(Second.class)).build(), new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                        if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                            System.out.println("FAILED " + id.getDisplayName() + ": "
                                    + result.getThrowable().map(Throwable::getMessage).orElse(""));
                        } else if (id.isTest()) {
                            System.out.println("RAN " + id.getDisplayName());
                        }
                    }
                });
        System.out.println("MILLIS " + (System.nanoTime() - start) / 1_000_000);
    }
}
