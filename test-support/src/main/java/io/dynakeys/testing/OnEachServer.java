package io.dynakeys.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.ClassTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the whole test class once per local server — dynalite, then moto — or once against the
 * server {@value DynamoEndpoint#ENDPOINT_ENV} names when that is set. Parameters of type
 * {@link DynamoEndpoint}, {@code DynamoDbClient} and {@code DynamoDbEnhancedClient} are the
 * current run's server, in constructors, {@code @BeforeAll} methods and tests alike (the
 * {@link DynaliteExtension} a class also registers stands aside). Each server is started once
 * per test run and shared, like {@link DynaliteExtension}'s.
 *
 * <pre>{@code
 * @OnEachServer
 * class OrderQueryOracleTest {
 *     @Test
 *     void answersLikeTheOracle(DynamoEndpoint endpoint) { ... }   // [dynalite], then [moto]
 * }
 *
 * @OnEachServer(requires = Capability.TRANSACTIONS)
 * class TransferTest { ... }                                        // [moto] only
 * }</pre>
 *
 * <p>{@code @BeforeAll} and {@code @AfterAll} run once around all servers; set-up per server
 * (writing a table the tests share) goes in static {@link BeforeEachServer} and
 * {@link AfterEachServer} methods.
 *
 * <p>The system property {@value EachServer#SERVERS_PROPERTY} (e.g. {@code dynalite}) narrows
 * the servers for a quick local run. A class whose requirements no allowed server meets fails;
 * it is never skipped.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ClassTemplate
@ExtendWith({EachServer.class, DynaliteExtension.class})
public @interface OnEachServer {

    /**
     * What the class needs that not every server does; it runs only on the servers that have
     * all of it.
     *
     * @return the required capabilities, none by default
     */
    Capability[] requires() default {};
}
