package io.dynakeys.operations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.testing.ApiDump;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The public API of {@code dynakeys-operations} is a reviewed file, {@code api/dynakeys-operations.api}:
 * a change to a public or protected signature fails here until the file changes with it
 * ({@code -Ddynakeys.updateApi=true} rewrites it; review its diff). The {@code internal} packages are
 * not in it, and no signature in it names an internal type, of this module or of another: a user
 * who holds an {@code EntitySchema} or a {@code VerifyReport} never holds a type without a promise.
 */
class ApiFileTest {
  @Test
  void theOperationsApiIsTheReviewedFile() {
    ApiDump.check(Migration.class, Path.of("..", "api", "dynakeys-operations.api"));
  }

  @Test
  void theApiNamesNoInternalType() {
    List<String> leaks = ApiDump.of(Migration.class).stream().filter(line -> line.contains(".internal.")).toList();
    assertEquals(List.of(), leaks);
  }
}
