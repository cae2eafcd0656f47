package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynamoEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A first try, as a reader of the README makes it: a new Maven project made of the "Quick start"
 * section's files verbatim (its whole {@code pom.xml}, {@code Run.java} and {@code Main.java}),
 * built and run with the section's own command ({@code mvn -q compile exec:exec}) and environment
 * against a local server, twice: both runs must print what the section says the program prints
 * (the second finds the table the first created).
 *
 * <p>The nested build gets the dynakeys artifacts this build made ({@link ThrowawayBuild}). The command gets
 * {@code -B} (no colours in what is compared), that repository, and the private server's endpoint
 * in place of the README's {@code localhost:8000}; everything else is as written.
 */
class ReadmeFirstTryTest {

  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "first-try")
      .toAbsolutePath().normalize();
  /** The artifacts the project needs (directly, transitively and on the processor path). */
  private static final List<String> MODULES = List.of("annotations", "codecs", "runtime", "processor");

  @Test
  void theReadmeProjectBuildsRunsAgainstALocalServerAndPrintsWhatTheReadmeSays() throws Exception {
    Path mvn = ThrowawayBuild.onPath("mvn");
    if (mvn == null) {
      System.out.println("ReadmeFirstTryTest skipped: no mvn on the PATH to build the README's first try with");
    }
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the README's first try with");

    String readmeText = Files.readString(ThrowawayBuild.ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    Readme readme = Readme.parse(readmeText);
    assertTrue(readme.printed().containsAll(List.of("SEASON#2026-SPRING", "9999998499#0000001719100800#p_8842")),
        "the README documents the leaderboard's keys: " + readme.printed());
    assertEquals(Set.of("AWS_ENDPOINT_URL_DYNAMODB", "AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"),
        readme.environment().keySet(), "the environment the README's run command sets");

    ThrowawayBuild.deleteWithoutFollowingLinks(WORK);
    Path project = writeProject(WORK.resolve("project"), readme);
    Path repository = ThrowawayBuild.stageRepository(WORK.resolve("repository"), MODULES);

    List<String> command = new ArrayList<>(List.of(mvn.toString(), "-B"));
    if (ThrowawayBuild.OFFLINE) {
      command.add("-o");
    }
    command.add("-Dmaven.repo.local=" + repository);
    List<String> written = List.of(readme.runCommand().split("\\s+"));
    assertEquals("mvn", written.get(0), readme.runCommand());
    command.addAll(written.subList(1, written.size()));

    try (DynamoEndpoint server = DynamoEndpoint.startDynalite()) {
      Map<String, String> environment = new LinkedHashMap<>(readme.environment());
      assertEquals("http://localhost:8000", environment.get("AWS_ENDPOINT_URL_DYNAMODB"));
      environment.put("AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString());
      for (String run : List.of("first run", "second run")) {
        ThrowawayBuild.Result result = ThrowawayBuild.run(command, project, WORK.resolve(run.replace(' ', '-') + ".log"),
            environment);
        assertEquals(0, result.exit(), "the README's " + String.join(" ", written) + " (" + run + ") in "
            + project + " failed:\n" + result.output());
        // Maven 3.8 writes colour resets around a quiet build's output, even in batch mode.
        List<String> printed = result.output().replaceAll("\u001B\\[[0-9;]*m", "").strip().lines().toList();
        assertEquals(readme.printed(), printed,
            "what the README's program prints (" + run + "), against what the README says it prints");
      }
    }
    // "When a layout changes": the first build wrote the record's layout file where the README says.
    String layoutFile = "src/main/dynakeys/com.example.Run/1.json";
    assertTrue(readmeText.contains("`" + layoutFile + "`"), "the README names the layout file " + layoutFile);
    assertTrue(Files.isRegularFile(project.resolve(layoutFile)), "the first build wrote " + layoutFile);
  }

  /** pom.xml and the source files, each where its package puts it. */
  private static Path writeProject(Path project, Readme readme) throws IOException {
    ThrowawayBuild.write(project.resolve("pom.xml"), readme.pom());
    for (Readme.SourceFile source : readme.sources()) {
      ThrowawayBuild.write(project.resolve("src/main/java").resolve(source.path()), source.text());
    }
    return project;
  }
}
