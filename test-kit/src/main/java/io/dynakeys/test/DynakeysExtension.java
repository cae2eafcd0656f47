package io.dynakeys.test;

import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.ServerKind;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The extension behind {@link DynakeysTest}: starts (or reuses) the run's server, creates and
 * deletes the named classes' tables, and injects clients and tables.
 */
public final class DynakeysExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {

    /**
     * System property choosing the local server when {@code AWS_ENDPOINT_URL_DYNAMODB} is not
     * set: {@code moto} (the default) or {@code dynalite}.
     */
    public static final String SERVER_PROPERTY = "dynakeys.test.server";

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(DynakeysExtension.class);
    private static final String TABLES = "tables";
    private static final String KEYS_CLASSES = "keys classes";

    /** Creates the extension; JUnit calls this when the extension is registered. */
    public DynakeysExtension() {
    }

    /**
     * The server the kit uses in this run, started on first use and shared by every test class.
     * The server {@code AWS_ENDPOINT_URL_DYNAMODB} names is asked once per run whether it answers
     * (one request, no retries), so an unreachable one fails every test class at once with one
     * message naming the variable and the endpoint.
     *
     * @param context any extension context of the run
     * @return the shared endpoint; do not close it
     * @throws ExtensionConfigurationException when the server {@code AWS_ENDPOINT_URL_DYNAMODB}
     *     names cannot be reached
     */
    public static DynamoEndpoint endpoint(ExtensionContext context) {
        DynamoEndpoint endpoint = DynaliteExtension.endpoint(context, serverKind());
        if (endpoint.kind() == ServerKind.EXTERNAL) {
            EndpointReach.require(context, endpoint);
        }
        return endpoint;
    }

    static ServerKind serverKind() {
        if (DynamoEndpoint.configuredEndpoint().isPresent()) {
            return ServerKind.EXTERNAL;
        }
        String chosen = System.getProperty(SERVER_PROPERTY, "moto").trim().toLowerCase(Locale.ROOT);
        return switch (chosen) {
            case "moto" -> ServerKind.MOTO;
            case "dynalite" -> ServerKind.DYNALITE;
            default -> throw new ExtensionConfigurationException(
                    "-D" + SERVER_PROPERTY + "=" + chosen + ": expected moto or dynalite");
        };
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        DynamoEndpoint endpoint = endpoint(context);
        // A nested class runs inside its enclosing class and shares that class's tables.
        if (settings(context).tables() == TablesPer.CLASS && context.getStore(NAMESPACE).get(TABLES) == null) {
            createTables(context, endpoint);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (settings(context).tables() == TablesPer.TEST) {
            createTables(context, endpoint(context));
        }
    }

    private static void createTables(ExtensionContext context, DynamoEndpoint endpoint) {
        // JUnit closes the AutoCloseable Tables when this context ends, which deletes them.
        context.getStore(NAMESPACE).put(TABLES, Tables.create(endpoint, keysClasses(context), context.getRequiredTestClass()));
    }

    private static DynakeysTest settings(ExtensionContext context) {
        return AnnotationSupport.findAnnotation(context.getRequiredTestClass(), DynakeysTest.class)
                .or(() -> context.getRequiredTestClass().getEnclosingClass() == null ? Optional.empty()
                        : AnnotationSupport.findAnnotation(context.getRequiredTestClass().getEnclosingClass(), DynakeysTest.class))
                .orElseThrow(() -> new ExtensionConfigurationException(DynakeysExtension.class.getSimpleName()
                        + " is meant to be registered through @DynakeysTest on " + context.getRequiredTestClass().getName()));
    }

    // Read once per class (the reflection and the checks), kept in the class's store.
    @SuppressWarnings("unchecked")
    private static List<KeysClass> keysClasses(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(KEYS_CLASSES, key -> {
            List<KeysClass> classes = new ArrayList<>();
            for (Class<?> type : settings(context).value()) {
                classes.add(KeysClass.of(type));
            }
            return classes;
        }, List.class);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == String.class) {
            return parameter.isAnnotated(TableOf.class);
        }
        return type == DynamoDbEnhancedClient.class || type == DynamoDbClient.class
                || type == DynamoDbEnhancedAsyncClient.class || type == DynamoDbAsyncClient.class
                || type == DynamoEndpoint.class || type == DynamoDbTable.class || type == DynamoDbAsyncTable.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        DynamoEndpoint endpoint = endpoint(context);
        Class<?> type = parameter.getParameter().getType();
        if (type == DynamoEndpoint.class) {
            return endpoint;
        }
        if (type == DynamoDbEnhancedClient.class) {
            return endpoint.enhancedClient();
        }
        if (type == DynamoDbClient.class) {
            return endpoint.client();
        }
        if (type == DynamoDbEnhancedAsyncClient.class) {
            return endpoint.enhancedAsyncClient();
        }
        if (type == DynamoDbAsyncClient.class) {
            return endpoint.asyncClient();
        }
        Class<?> keysClass = keysClassOf(parameter, context);
        Tables tables = context.getStore(NAMESPACE).get(TABLES, Tables.class);
        if (tables == null) {
            throw new ParameterResolutionException("The tables of " + context.getRequiredTestClass().getSimpleName()
                    + " do not exist yet where " + parameter.getDeclaringExecutable() + " asks for one: with"
                    + " @DynakeysTest(tables = TablesPer.TEST) they are made before each test, so ask for them in"
                    + " test or @BeforeEach methods, or use tables = TablesPer.CLASS");
        }
        if (type == String.class) {
            return tables.table(keysClass).tableName();
        }
        return type == DynamoDbTable.class ? tables.table(keysClass) : tables.asyncTable(keysClass);
    }

    // By @TableOf when present, otherwise by the item type argument of DynamoDbTable<T>.
    private static Class<?> keysClassOf(ParameterContext parameter, ExtensionContext context) {
        List<KeysClass> classes = keysClasses(context);
        String names = classes.stream().map(k -> k.type().getSimpleName()).collect(Collectors.joining(", "));
        Optional<TableOf> qualifier = parameter.findAnnotation(TableOf.class);
        if (qualifier.isPresent()) {
            Class<?> wanted = qualifier.get().value();
            return classes.stream().map(KeysClass::type).filter(wanted::equals).findFirst()
                    .orElseThrow(() -> new ParameterResolutionException("@TableOf(" + wanted.getSimpleName()
                            + ".class) on " + parameter.getParameter() + ", but @DynakeysTest names only [" + names + "]"));
        }
        Type declared = parameter.getParameter().getParameterizedType();
        if (!(declared instanceof ParameterizedType generic) || !(generic.getActualTypeArguments()[0] instanceof Class<?> item)) {
            throw new ParameterResolutionException(parameter.getParameter() + " has no item type: declare it as "
                    + parameter.getParameter().getType().getSimpleName() + "<YourRecord>, or name the table with @TableOf");
        }
        List<KeysClass> matching = classes.stream().filter(k -> k.itemType() == item).toList();
        if (matching.size() == 1) {
            return matching.get(0).type();
        }
        throw new ParameterResolutionException(matching.isEmpty()
                ? "No class named by @DynakeysTest ([" + names + "]) maps " + item.getSimpleName() + ", which "
                        + parameter.getParameter() + " asks for; add " + item.getSimpleName() + "Keys.class to it"
                : "Several classes named by @DynakeysTest map " + item.getSimpleName() + " ("
                        + matching.stream().map(k -> k.type().getSimpleName()).collect(Collectors.joining(", "))
                        + "); say which one with @TableOf on " + parameter.getParameter());
    }
}
