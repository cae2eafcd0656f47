package io.dynakeys.tools;

import io.dynakeys.testing.ApiDump;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The public API of {@code dynakeys-tools} is a reviewed file, {@code api/dynakeys-tools.api}: the
 * command line's entry point ({@code Main}) and the commands as library calls ({@code Verifier},
 * {@code Migrator}, {@code SubtreeMove}, {@code PartitionBrowser}, {@code IndexSwitch} and their
 * options and reports). A change to a public or protected signature fails here until the file
 * changes with it ({@code -Ddynakeys.updateApi=true} rewrites it; review its diff).
 */
class ApiFileTest {
  @Test
  void theToolsApiIsTheReviewedFile() {
    ApiDump.check(Main.class, Path.of("..", "api", "dynakeys-tools.api"));
  }
}
