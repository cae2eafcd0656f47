package io.dynakeys.testing;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5 extension giving tests a real DynamoDB-compatible server.
 *
 * <p>Register it with {@code @ExtendWith(DynaliteExtension.class)} and declare parameters of type
 * {@link DynamoDbClient}, {@link DynamoDbEnhancedClient} or {@link DynamoEndpoint} on test
 * constructors, test methods or lifecycle methods:
 *
 * <pre>{@code
 * @ExtendWith(DynaliteExtension.class)
 * class OrderRepositoryTest {
 *     @Test
 *     void savesOrders(DynamoDbClient dynamo) {
 *         String table = TestTables.createTable(dynamo, "pk", "sk");
 *         ...
 *     }
 * }
 * }</pre>
 *
 * <p>The server is resolved once per test run by {@link DynamoEndpoint#resolve()} (so
 * {@code AWS_ENDPOINT_URL_DYNAMODB} is honoured) and shared by all test classes, because starting
 * dynalite costs about half a second and every table is uniquely named anyway. It is stopped
 * when the run ends. Tests must therefore not close the injected objects.
 *
 * <p>In a class annotated {@link OnEachServer} the server is the current run's (dynalite, then
 * moto); each kind is likewise started once per test run and shared.
 */
public final class DynaliteExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(DynaliteExtension.class);

    /** Creates the extension; JUnit calls this when the extension is registered. */
    public DynaliteExtension() {
    }

    /**
     * Returns the endpoint shared by the whole test run, starting it on first use.
     *
     * @param context any extension context of the run
     * @return the shared endpoint; do not close it
     */
    public static DynamoEndpoint endpoint(ExtensionContext context) {
        return endpoint(context,
                DynamoEndpoint.configuredEndpoint().isPresent() ? ServerKind.EXTERNAL : ServerKind.DYNALITE);
    }

    /**
     * Returns the endpoint of the given kind shared by the whole test run, starting it on first
     * use.
     *
     * @param context any extension context of the run
     * @param kind the server wanted
     * @return the shared endpoint; do not close it
     */
    public static DynamoEndpoint endpoint(ExtensionContext context, ServerKind kind) {
        // The root store lives for the whole run, and JUnit closes AutoCloseable values in it when
        // the run ends. Its getOrComputeIfAbsent is atomic, so test classes running in parallel
        // still start a single server; a failed start is remembered and rethrown instead of
        // being retried by every class.
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(kind, DynamoEndpoint::start, DynamoEndpoint.class);
    }

    // In an OnEachServer class the resolver of the current invocation (EachServer) injects its
    // own server; this extension then stands aside rather than compete with it.
    private static boolean onEachServer(ExtensionContext context) {
        return context.getTestClass().map(type -> AnnotationSupport.isAnnotated(type, OnEachServer.class)).orElse(false);
    }

    static boolean supports(Class<?> type) {
        return type == DynamoDbClient.class || type == DynamoDbEnhancedClient.class || type == DynamoEndpoint.class;
    }

    static Object resolve(DynamoEndpoint endpoint, Class<?> type) {
        if (type == DynamoDbClient.class) {
            return endpoint.client();
        }
        if (type == DynamoDbEnhancedClient.class) {
            return endpoint.enhancedClient();
        }
        if (type == DynamoEndpoint.class) {
            return endpoint;
        }
        throw new ParameterResolutionException("Unsupported parameter type " + type.getName());
    }

    /**
     * Starts (or reuses) the shared endpoint before any test of the class runs, so a broken
     * setup fails the class once instead of every test.
     */
    @Override
    public void beforeAll(ExtensionContext context) {
        if (!onEachServer(context)) {
            endpoint(context);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return !onEachServer(extensionContext) && supports(parameterContext.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        // Resolution can precede beforeAll (constructor injection with a per-class lifecycle), so
        // the endpoint is looked up lazily here as well.
        return resolve(endpoint(extensionContext), parameterContext.getParameter().getType());
    }
}
