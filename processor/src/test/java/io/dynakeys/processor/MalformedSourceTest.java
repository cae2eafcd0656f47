package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.AcmeSources.verbatim;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Half-written and malformed source, as an IDE compiles it on every keystroke: the processor must
 * answer with diagnostics (or succeed where the source is valid), never with "annotation
 * processor threw an uncaught exception" nor its own internal-error message.
 */
class MalformedSourceTest {

  /** One source set and what javac must say about it. */
  record Case(String name, List<JavaFileObject> sources, String expectedError) {
    static Case fails(String name, String expectedError, JavaFileObject... sources) {
      return new Case(name, List.of(sources), expectedError);
    }

    static Case compiles(String name, JavaFileObject... sources) {
      return new Case(name, List.of(sources), null);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> corpus() {
    return Stream.of(
        // Types that do not exist.
        Case.fails("unknown type of a sort component", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey Weather weather) {}")),
        Case.fails("unknown type of a component outside the key", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId, Weather weather) {}")),
        Case.fails("unknown type argument of a key component", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey List<Weather> weather) {}")),
        Case.fails("unknown wildcard bound of a key component", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey List<? extends Weather> weather) {}")),
        Case.fails("array of an unknown type as a key component", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey Weather[] weather) {}")),
        Case.fails("padded component of an unknown type", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(10) Score score) {}")),

        // Annotation attributes that do not exist or have the wrong type.
        Case.fails("unknown attribute of @Padded", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(width = 10) int score) {}")),
        Case.fails("unknown attribute of @KeySchema", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\", separator = '#')",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),
        Case.fails("@Padded without a width", "missing a default value", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded int score) {}")),
        Case.fails("@Padded(\"ten\")", "incompatible types", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(\"ten\") int score) {}")),
        Case.fails("@Padded max of type double", "incompatible types", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(value = 10, max = 1e10) long at) {}")),
        Case.fails("@KeySchema(delimiter = \"##\")", "incompatible types", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\", delimiter = \"##\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),
        Case.fails("@KeySchema(partitionPrefix = null)", "must be a constant expression", source("Run",
            "@KeySchema(partitionPrefix = null)",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),
        Case.fails("@PathSegment(delimiter = \"//\")", "incompatible types", source("Entry",
            "@KeySchema(partitionPrefix = \"DRIVE\")",
            "public record Entry(@PartitionKey String account, @SortKey @PathSegment(delimiter = \"//\") String path) {}")),
        Case.fails("width from an undefined constant", "cannot find symbol", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(SCORE_WIDTH) int score) {}")),
        Case.fails("@KeySchema twice", "not a repeatable annotation", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "@KeySchema(partitionPrefix = \"LEAGUE\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),

        // Annotations on the wrong element.
        Case.fails("@SortKey on a method", "not applicable to this kind of declaration", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {",
            "  @SortKey public String label() { return season + playerId; }",
            "}")),
        Case.fails("@Padded on a field of a class", "not applicable to this kind of declaration", source("Scoreboard",
            "public final class Scoreboard {",
            "  @Padded(10) private int best;",
            "}")),
        Case.fails("@KeySchema on an enum", "@KeySchema applies to records, but Tier is an enum", source("Tier",
            "@KeySchema(partitionPrefix = \"TIER\")",
            "public enum Tier { GOLD, SILVER }")),
        Case.fails("@KeySchema on an interface", "@KeySchema applies to records, but Scored is an interface",
            source("Scored",
                "@KeySchema(partitionPrefix = \"SCORE\")",
                "public interface Scored { int score(); }")),

        // Half-written declarations.
        Case.fails("record header without its closing parenthesis", "expected", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(10) int score {}")),
        Case.fails("component without a type", "<identifier> expected", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey season, @SortKey @Padded(10) int score) {}")),
        Case.fails("annotation attribute without a value", "illegal start of expression", source("Run",
            "@KeySchema(partitionPrefix = )",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),
        Case.fails("record without a body", "reached end of file while parsing", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId)")),

        // Missing imports.
        Case.fails("missing import of @KeySchema", "cannot find symbol", verbatim("Run",
            "package com.acme;",
            "import io.dynakeys.annotations.PartitionKey;",
            "import io.dynakeys.annotations.SortKey;",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),
        Case.fails("missing import of @Padded", "cannot find symbol", verbatim("Run",
            "package com.acme;",
            "import io.dynakeys.annotations.KeySchema;",
            "import io.dynakeys.annotations.PartitionKey;",
            "import io.dynakeys.annotations.SortKey;",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(10) int score) {}")),
        Case.fails("missing import of a component type", "cannot find symbol", verbatim("Run",
            "package com.acme;",
            "import io.dynakeys.annotations.KeySchema;",
            "import io.dynakeys.annotations.PartitionKey;",
            "import io.dynakeys.annotations.SortKey;",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey Instant finishedAt) {}")),

        // Records in unusual places.
        Case.compiles("record nested in an interface", source("League",
            "public interface League {",
            "  @KeySchema(partitionPrefix = \"SEASON\")",
            "  record Run(@PartitionKey String season, @SortKey @Padded(10) int score) {}",
            "}")),
        Case.compiles("record nested in a generic class", source("Ladder",
            "public final class Ladder<T> {",
            "  @KeySchema(partitionPrefix = \"LADDER\")",
            "  record Rung(@PartitionKey String ladder, @SortKey @Padded(5) short position) {}",
            "}")),
        Case.compiles("record in the unnamed package", JavaFileObjects.forSourceLines("Run",
            "import io.dynakeys.annotations.KeySchema;",
            "import io.dynakeys.annotations.PartitionKey;",
            "import io.dynakeys.annotations.SortKey;",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId) {}")),

        // Records that refer to classes this processor generates.
        // Its own key class is generated from the record, so it cannot be read before: a clear
        // error rather than a wait for a type that never comes.
        Case.fails("record with a component of its own generated parts type", "generated from this very record", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey String playerId, RunKeys.SortParts previous) {}")),
        Case.fails("key component of its own generated parts type", "RunKeys", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey RunKeys.PartitionParts parts) {}")),
        Case.compiles("record with a component of another record's generated type", leaderboardRun(),
            source("Lap",
                "@KeySchema(partitionPrefix = \"TRACK\")",
                "public record Lap(@PartitionKey String track, @SortKey String lapId, RunKeys.SortParts run) {}")),
        Case.fails("hand-written class with the name of the generated one", "LapKeys",
            source("Lap",
                "@KeySchema(partitionPrefix = \"TRACK\")",
                "public record Lap(@PartitionKey String track, @SortKey String lapId) {}"),
            source("LapKeys",
                "/** Written by hand before the team adopted dynakeys. */",
                "final class LapKeys {",
                "  static String pk(String track) { return \"TRACK#\" + track; }",
                "}")),

        // Empty and nearly empty records.
        Case.fails("empty record with only @KeySchema", "Marker has no partition key", source("Marker",
            "@KeySchema",
            "public record Marker() {}")),
        Case.compiles("empty record with a partition prefix", source("Settings",
            "@KeySchema(partitionPrefix = \"CONFIG\")",
            "public record Settings() {}")),
        Case.compiles("record with only @KeySchema and no key components", source("Profile",
            "@KeySchema(partitionPrefix = \"USER\", sortPrefix = \"PROFILE\")",
            "public record Profile(String displayName, int age) {}")),
        Case.compiles("enum without constants as a key component",
            source("Nothing", "public enum Nothing {}"),
            source("Run",
                "@KeySchema(partitionPrefix = \"SEASON\")",
                "public record Run(@PartitionKey String season, @SortKey Nothing nothing) {}")),

        // Valid code that stresses the generated code's names.
        Case.compiles("width from a constant of the record itself", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(Run.SCORE_WIDTH) int score) {",
            "  static final int SCORE_WIDTH = 10;",
            "}")),
        // Key attributes renamed, so that components named pk and sk do not share their attributes.
        Case.compiles("components named like generated locals", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\", partitionKeyAttribute = \"PK\", sortKeyAttribute = \"SK\")",
            "public record Run(@PartitionKey String pk, @SortKey String sk, @SortKey String item,",
            "    @SortKey String reader, @SortKey String prefix, @SortKey @Tiebreaker String sortKey) {}")),
        Case.compiles("components whose constant names coincide", source("Order",
            "@KeySchema(partitionPrefix = \"CUSTOMER\")",
            "public record Order(@PartitionKey String customerId, @SortKey String orderId,",
            "    @SortKey @Tiebreaker String order_id) {}")),
        Case.compiles("record with an explicit constructor and accessor", source("Run",
            "@KeySchema(partitionPrefix = \"SEASON\")",
            "public record Run(@PartitionKey String season, @SortKey @Padded(10) int score) {",
            "  public Run {",
            "    if (score < 0) throw new IllegalArgumentException(\"score\");",
            "  }",
            "  @Override public String season() { return season.trim(); }",
            "}")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void processorAnswersWithDiagnosticsNeverACrash(Case c) {
    Compilation compilation = compileWithoutCrash(c.sources().toArray(JavaFileObject[]::new));

    if (c.expectedError() == null) {
      assertThat(compilation).succeeded();
    } else {
      assertThat(compilation).failed();
      assertTrue(compilation.errors().stream()
              .map(d -> d.getMessage(Locale.ROOT))
              .anyMatch(m -> m.contains(c.expectedError())),
          "expected an error containing \"" + c.expectedError() + "\" among " + describe(compilation));
    }
  }

  private static String describe(Compilation compilation) {
    StringBuilder out = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      out.append("\n  ").append(d.getKind()).append(": ").append(d.getMessage(Locale.ROOT));
    }
    return out.toString();
  }
}
