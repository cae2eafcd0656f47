package io.dynakeys.spring;

import io.dynakeys.testing.ApiDump;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The public API of the dynakeys-spring jar is a reviewed file, {@code api/dynakeys-spring.api}, as
 * every library jar's is (the examples' {@code ApiFileTest} checks the others): checked here, where
 * Spring's jars are on the class path to read the signatures. {@code -Ddynakeys.updateApi=true}
 * rewrites it.
 */
class ApiFileTest {
  @Test
  void theSpringApiIsTheReviewedFile() {
    ApiDump.check(DynakeysTableSchemaResolver.class, Path.of("..", "api", "dynakeys-spring.api"));
  }
}
