package io.dynakeys.processor;

import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Sources of a user's package {@code com.acme}, headed by the imports a dynakeys user writes, so
 * each test shows only the declarations it is about. The imports name each annotation (no
 * wildcard), so that a line a test locates with {@code "@Padded"} is never an import.
 */
final class AcmeSources {
  private AcmeSources() {}

  static final String PACKAGE = "com.acme";

  private static final List<String> HEADER = List.of(
      "package " + PACKAGE + ";",
      "",
      "import io.dynakeys.annotations.Inverted;",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.PathSegment;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.Tiebreaker;",
      "import io.dynakeys.runtime.TreePath;",
      "import java.math.BigDecimal;",
      "import java.math.BigInteger;",
      "import java.time.Instant;",
      "import java.time.LocalDate;",
      "import java.util.List;",
      "import java.util.UUID;",
      "");

  /** {@code com.acme.<simpleName>}: the standard header followed by {@code lines}. */
  static JavaFileObject source(String simpleName, String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return JavaFileObjects.forSourceLines(PACKAGE + "." + simpleName, all);
  }

  /** {@code com.acme.<simpleName>} exactly as written: no header, for sources about imports. */
  static JavaFileObject verbatim(String simpleName, String... lines) {
    return JavaFileObjects.forSourceLines(PACKAGE + "." + simpleName, lines);
  }

  /**
   * The leaderboard record of the article on zero-padded sort keys, with {@code scoreLine} as the
   * declaration of its score.
   */
  static JavaFileObject leaderboardRun(String scoreLine) {
    return source("Run",
        "/** One run of a seasonal arcade leaderboard. */",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    " + scoreLine + ",",
        "    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,",
        "    @SortKey @Tiebreaker String playerId,",
        "    String name) {}");
  }

  /** The leaderboard record as the issue states it: the best score first. */
  static JavaFileObject leaderboardRun() {
    return leaderboardRun("@SortKey @Padded(10) @Inverted int score");
  }
}
