package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynamoEndpoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start in Kotlin, as the Kotlin guide (docs/how-to/kotlin.md) says to make it:
 * the quick start's {@code pom.xml} with the Kotlin standard library added and kotlin-maven-plugin
 * (kapt, the processor on its {@code annotationProcessorPaths}) in place of the maven-compiler-plugin,
 * the guide's {@code Run.kt} and {@code Main.kt}, built and run with the quick start's command
 * against a local server: it must print what the quick start says the Java program prints (so a
 * build that compiled or ran nothing fails), and record its layout where {@code dynakeys.layouts} says.
 *
 * <p>The nested build gets the dynakeys artifacts this build made ({@link ThrowawayBuild}), and
 * {@code -Dkotlin.compiler.daemon=false}, so that no Kotlin daemon outlives the test.
 */
class KotlinFirstTryTest {

  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "kotlin-first-try")
      .toAbsolutePath().normalize();
  /** The artifacts the project needs (directly, transitively and on kapt's processor path). */
  static final List<String> MODULES = List.of("annotations", "codecs", "runtime", "processor");

  @Test
  void theKotlinProjectBuildsWithKaptRunsAndPrintsWhatTheJavaOnePrints() throws Exception {
    Path mvn = ThrowawayBuild.onPath("mvn");
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the Kotlin guide's project with");
    Readme readme = Readme.parse(Files.readString(ThrowawayBuild.ROOT.resolve("README.md"), StandardCharsets.UTF_8));
    KotlinGuide kotlin = KotlinGuide.parse(
        Files.readString(ThrowawayBuild.ROOT.resolve(KotlinGuide.PAGE), StandardCharsets.UTF_8));

    assertTrue(readme.printed().contains("SEASON#2026-SPRING"), "the quick start says what it prints: " + readme.printed());
    ThrowawayBuild.deleteWithoutFollowingLinks(WORK);
    Path project = write(WORK.resolve("project"), kotlin.pom(readme.pom()), kotlin.sources());
    List<String> command = command(mvn, ThrowawayBuild.stageRepository(WORK.resolve("repository"), MODULES));
    List<String> written = List.of(readme.runCommand().split("\\s+"));
    command.addAll(written.subList(1, written.size()));

    try (DynamoEndpoint server = DynamoEndpoint.startDynalite()) {
      Map<String, String> environment = new LinkedHashMap<>(readme.environment());
      environment.put("AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString());
      ThrowawayBuild.Result result = ThrowawayBuild.run(command, project, WORK.resolve("run.log"), environment);
      assertEquals(0, result.exit(), "the Kotlin guide's project in " + project + " failed:\n" + result.output());
      List<String> printed = result.output().replaceAll("\u001B\\[[0-9;]*m", "").strip().lines().toList();
      assertEquals(readme.printed(), printed, "what the Kotlin program prints, against what the Java one prints");
    }
    assertTrue(Files.isRegularFile(project.resolve("src/main/dynakeys/com.example.Run/1.json")),
        "the layout is recorded where dynakeys.layouts says");
    assertTrue(Files.readString(project.resolve("target/generated-sources/kapt/compile/com/example/RunKeys.java"))
        .contains("Run::getScore"), "the generated class reads the properties through their getters");
  }

  /** {@code mvn -B [-o] -Dmaven.repo.local=... -Dkotlin.compiler.daemon=false}, to which goals are added. */
  static List<String> command(Path mvn, Path repository) {
    List<String> command = new ArrayList<>(List.of(mvn.toString(), "-B"));
    if (ThrowawayBuild.OFFLINE) {
      command.add("-o");
    }
    command.add("-Dmaven.repo.local=" + repository);
    command.add("-Dkotlin.compiler.daemon=false");
    return command;
  }

  /** The project: {@code pom.xml} and the Kotlin files under {@code src/main/kotlin}. */
  static Path write(Path project, String pom, List<Readme.SourceFile> sources) throws java.io.IOException {
    ThrowawayBuild.write(project.resolve("pom.xml"), pom);
    for (Readme.SourceFile source : sources) {
      ThrowawayBuild.write(project.resolve("src/main/kotlin").resolve(source.path()), source.text());
    }
    return project;
  }
}
