package io.dynakeys.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static method of an {@link OnEachServer} class that runs before the class's tests on each
 * server, where {@code @BeforeAll} runs once before all servers. Its parameters are resolved like a
 * test's: {@link DynamoEndpoint}, {@code DynamoDbClient} and {@code DynamoDbEnhancedClient} are
 * the current server's.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface BeforeEachServer {
}
