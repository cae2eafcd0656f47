package io.dynakeys.api;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.test.DynakeysTest;
import io.dynakeys.testing.ApiDump;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The public API of each published library jar is a reviewed file in the repository, {@code api/}:
 * a change to a public or protected signature fails here until the file changes with it
 * ({@code -Ddynakeys.updateApi=true} rewrites the files; review their diff). Packages named
 * {@code internal} are not in the files: they carry no promise. The Spring integration's file,
 * {@code dynakeys-spring.api}, is checked by that module's own {@code ApiFileTest}, where Spring's
 * jars are on the class path.
 */
class ApiFileTest {
  private static final Path API = Path.of("..", "api");

  @Test
  void theAnnotationsApiIsTheReviewedFile() {
    ApiDump.check(KeySchema.class, API.resolve("dynakeys-annotations.api"));
  }

  @Test
  void theCodecsApiIsTheReviewedFile() {
    ApiDump.check(TreePath.class, API.resolve("dynakeys-codecs.api"));
  }

  @Test
  void theRuntimeApiIsTheReviewedFile() {
    ApiDump.check(RecordTableSchema.class, API.resolve("dynakeys-runtime.api"));
  }

  @Test
  void theTestKitApiIsTheReviewedFile() {
    ApiDump.check(DynakeysTest.class, API.resolve("dynakeys-test.api"));
  }
}
