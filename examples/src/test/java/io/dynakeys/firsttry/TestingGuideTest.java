package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynamoEndpoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The testing guide (docs/how-to/testing.md) pasted into a new project: its whole {@code pom.xml},
 * its record (src/main/java) and its test class (src/test/java), built with {@code mvn test} on the
 * artifacts this build made, against a local server the environment names. The run must pass and
 * must have run the guide's test: a pom whose Surefire plugin ignores JUnit 5 runs 0 tests and still
 * says BUILD SUCCESS, which fails here.
 */
class TestingGuideTest {
  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "testing-guide")
      .toAbsolutePath().normalize();
  private static final List<String> MODULES = List.of("annotations", "codecs", "runtime", "processor", "test-support", "test");
  private static final Pattern BLOCK = Pattern.compile("(?m)^```(\\w*)[^\\n]*\\n(.*?)^```", Pattern.DOTALL);
  private static final Pattern TYPE = Pattern.compile("(?m)^(?:public )?(?:final )?(?:record|class) (\\w+)");
  private static final Pattern TESTS_RUN = Pattern.compile("Tests run: (\\d+), Failures: (\\d+), Errors: (\\d+)");

  @Test
  void theGuidesProjectRunsItsTestAndNotZeroTests() throws Exception {
    Path mvn = ThrowawayBuild.onPath("mvn");
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the testing guide's project with");
    String guide = Files.readString(ThrowawayBuild.ROOT.resolve("docs/how-to/testing.md"), StandardCharsets.UTF_8);
    ThrowawayBuild.deleteWithoutFollowingLinks(WORK);
    Path project = WORK.resolve("project");
    String pom = null;
    int tests = 0;
    Matcher m = BLOCK.matcher(guide);
    while (m.find()) {
      String body = m.group(2);
      if (m.group(1).equals("xml") && body.startsWith("<?xml") && pom == null) {
        pom = body;
      } else if (m.group(1).equals("java") && body.startsWith("package ")) {
        Matcher type = TYPE.matcher(body);
        assertTrue(type.find(), "a type in the guide's java file:\n" + body);
        boolean test = body.contains("@Test");
        tests += test ? 1 : 0;
        String pkg = body.substring("package ".length(), body.indexOf(';')).replace('.', '/');
        ThrowawayBuild.write(project.resolve(test ? "src/test/java" : "src/main/java").resolve(pkg).resolve(type.group(1) + ".java"), body);
      }
    }
    assertTrue(pom != null, "the guide has a whole pom.xml");
    assertEquals(1, tests, "the guide's test classes");
    ThrowawayBuild.write(project.resolve("pom.xml"), pom);
    Path repository = ThrowawayBuild.stageRepository(WORK.resolve("repository"), MODULES);

    List<String> command = new ArrayList<>(List.of(mvn.toString(), "-B"));
    if (ThrowawayBuild.OFFLINE) {
      command.add("-o");
    }
    command.addAll(List.of("-Dmaven.repo.local=" + repository, "test"));
    try (DynamoEndpoint server = DynamoEndpoint.startDynalite()) {
      ThrowawayBuild.Result result = ThrowawayBuild.run(command, project, WORK.resolve("build.log"), Map.of(
          "AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString(), "AWS_REGION", "us-east-1",
          "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local"));
      assertEquals(0, result.exit(), "mvn test of the testing guide's project failed:\n" + result.output());
      Matcher run = TESTS_RUN.matcher(result.output());
      int ran = 0;
      while (run.find()) {
        ran = Math.max(ran, Integer.parseInt(run.group(1)));
      }
      assertEquals(1, ran, "tests the guide's project ran (0: Surefire ignored JUnit 5):\n" + result.output());
    }
  }
}
