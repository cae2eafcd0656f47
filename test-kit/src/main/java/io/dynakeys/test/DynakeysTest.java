package io.dynakeys.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that talks to a real local DynamoDB-compatible server, with fresh tables of the
 * generated {@code *Keys} classes it names.
 *
 * <pre>{@code
 * import static org.junit.jupiter.api.Assertions.assertEquals;
 *
 * import io.dynakeys.test.DynakeysTest;
 * import org.junit.jupiter.api.Test;
 *
 * @DynakeysTest(RunKeys.class)
 * class LeaderboardTest {
 *     @Test
 *     void bestRunFirst(DynamoDbTable<Run> runs) {
 *         runs.putItem(new Run("2026-SPRING", 240, 1_719_100_800L, "p_1", "Ann"));
 *         runs.putItem(new Run("2026-SPRING", 1500, 1_719_100_900L, "p_2", "Bo"));
 *         assertEquals("Bo", RunKeys.query("2026-SPRING").items(runs).toList().get(0).name());
 *     }
 * }
 * }</pre>
 *
 * <p>The server is started once per test run and shared by every class: moto by default
 * ({@code -Ddynakeys.test.server=dynalite} for dynalite, which runs from the directory, at or above
 * the working directory or named by {@code -Ddynakeys.repo.root}, whose {@code package.json} and
 * {@code package-lock.json} pin it), or none when {@code AWS_ENDPOINT_URL_DYNAMODB} names one, which
 * is asked once whether it answers: if not, every test class fails at once, naming the variable and
 * the endpoint. Each named class's table is created with its
 * secondary indexes through the class's own {@code createTable}, under a unique name, before each
 * test (or once per class, see {@link #tables()}) and deleted after it, so tests, and test classes
 * running in parallel, never see each other's items. A {@code @TimeToLive} record's table on a
 * server without time to live (dynalite) is used as it is: the attribute is stored, nothing expires.
 *
 * <p>Test and lifecycle methods (and, with {@link TablesPer#CLASS}, constructors) may declare
 * parameters of these types: {@code DynamoDbEnhancedClient}, {@code DynamoDbClient},
 * {@code DynamoDbEnhancedAsyncClient}, {@code DynamoDbAsyncClient}, {@code DynamoEndpoint}, and
 * {@code DynamoDbTable<T>} and {@code DynamoDbAsyncTable<T>} of a named class, found by the item
 * type {@code T} or, when two named classes map the same type, by {@link TableOf}. A
 * {@code String} parameter annotated {@link TableOf} is the table's name.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DynakeysExtension.class)
public @interface DynakeysTest {

    /**
     * The generated {@code *Keys} classes whose tables the tests use, e.g. {@code RunKeys.class}.
     *
     * @return the classes; each has static {@code tableSchema()} and
     *     {@code createTable(DynamoDbEnhancedClient, String)}
     */
    Class<?>[] value() default {};

    /**
     * How long a table lives.
     *
     * @return {@link TablesPer#TEST} (the default: a fresh table for every test) or
     *     {@link TablesPer#CLASS}
     */
    TablesPer tables() default TablesPer.TEST;
}
