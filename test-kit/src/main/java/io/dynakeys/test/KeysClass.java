package io.dynakeys.test;

import io.dynakeys.runtime.schema.TimeToLiveUnsupportedException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * A generated {@code *Keys} class, read through the two static methods every one has:
 * {@code tableSchema()} and {@code createTable(DynamoDbEnhancedClient, String)}.
 */
record KeysClass(Class<?> type, TableSchema<?> schema, Method createTable) {

    static KeysClass of(Class<?> type) {
        Method tableSchema = staticMethod(type, "tableSchema");
        Method createTable = staticMethod(type, "createTable", DynamoDbEnhancedClient.class, String.class);
        if (!TableSchema.class.isAssignableFrom(tableSchema.getReturnType())
                || !DynamoDbTable.class.isAssignableFrom(createTable.getReturnType())) {
            throw notKeys(type, "its tableSchema() or createTable(...) returns something else");
        }
        return new KeysClass(type, (TableSchema<?>) invoke(tableSchema, type), createTable);
    }

    /** The record the table holds. */
    Class<?> itemType() {
        return schema.itemType().rawClass();
    }

    /**
     * Creates the table with its secondary indexes, waiting until it is active. On a server without
     * time to live (dynalite) a {@code @TimeToLive} record's {@code createTable} creates the table and
     * then says it could not enable expiry; the table is usable, and no local server expires items
     * on a test's time scale anyway, so the kit goes on with it.
     */
    DynamoDbTable<?> create(DynamoDbEnhancedClient client, String tableName) {
        try {
            return (DynamoDbTable<?>) invoke(createTable, type, client, tableName);
        } catch (TimeToLiveUnsupportedException noExpiry) {
            return client.table(noExpiry.tableName(), schema);
        }
    }

    private static Method staticMethod(Class<?> type, String name, Class<?>... parameters) {
        try {
            Method method = type.getMethod(name, parameters);
            if (!Modifier.isStatic(method.getModifiers())) {
                throw notKeys(type, name + " is not static");
            }
            return method;
        } catch (NoSuchMethodException e) {
            throw notKeys(type, "it has no public static " + name + "(" + parameters.length + " parameters)");
        }
    }

    private static Object invoke(Method method, Class<?> type, Object... arguments) {
        try {
            return method.invoke(null, arguments);
        } catch (IllegalAccessException e) {
            throw notKeys(type, "its " + method.getName() + " cannot be called from here (" + e.getMessage() + ")");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(type.getName() + "." + method.getName() + " failed", cause);
        }
    }

    private static ExtensionConfigurationException notKeys(Class<?> type, String why) {
        return new ExtensionConfigurationException("@DynakeysTest names " + type.getName()
                + ", which is not a generated *Keys class: " + why
                + ". Name the class the processor generates next to the record, e.g. RunKeys.class for record Run.");
    }
}
