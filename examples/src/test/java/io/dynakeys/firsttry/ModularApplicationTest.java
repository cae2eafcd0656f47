package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.testing.DynamoEndpoint;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A modular application, as a team on the module path writes one: its own {@code module-info}
 * requires the library's modules by the names their jars carry, its record is compiled by the
 * processor, and it runs from the module path alone ({@code java --module-path ... -m app/Main},
 * no class path) against a local server: it creates the table, writes, queries through a generated
 * stage, updates through a typed update, and prints what it read. The library's jars (and the
 * SDK's) must then each be a named module with no package in two of them. The application requires
 * {@code io.dynakeys.runtime} and {@code io.dynakeys.codecs} (generated code calls both), the
 * annotations statically, and runs with {@code --add-modules jdk.net} for the SDK's HTTP client.
 */
class ModularApplicationTest {
  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "modular-app")
      .toAbsolutePath().normalize();
  private static final List<String> MODULES = List.of("annotations", "codecs", "runtime", "processor");

  private static final String POM = """
      <?xml version="1.0" encoding="UTF-8"?>
      <project xmlns="http://maven.apache.org/POM/4.0.0"
               xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
               xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
        <modelVersion>4.0.0</modelVersion>
        <groupId>com.example</groupId>
        <artifactId>modular-leaderboard</artifactId>
        <version>1.0</version>
        <properties>
          <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
        </properties>
        <dependencies>
          <dependency>
            <groupId>io.dynakeys</groupId>
            <artifactId>dynakeys-annotations</artifactId>
            <version>VERSION</version>
          </dependency>
          <dependency>
            <groupId>io.dynakeys</groupId>
            <artifactId>dynakeys-runtime</artifactId>
            <version>VERSION</version>
          </dependency>
          <dependency>
            <groupId>org.slf4j</groupId>
            <artifactId>slf4j-nop</artifactId>
            <version>1.7.36</version>
            <scope>runtime</scope>
          </dependency>
        </dependencies>
        <build>
          <plugins>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-compiler-plugin</artifactId>
              <version>3.13.0</version>
              <configuration>
                <release>17</release>
                <annotationProcessorPaths>
                  <path>
                    <groupId>io.dynakeys</groupId>
                    <artifactId>dynakeys-processor</artifactId>
                    <version>VERSION</version>
                  </path>
                </annotationProcessorPaths>
              </configuration>
            </plugin>
            <plugin>
              <groupId>org.apache.maven.plugins</groupId>
              <artifactId>maven-dependency-plugin</artifactId>
              <version>3.8.1</version>
              <executions>
                <execution>
                  <id>modules</id>
                  <phase>package</phase>
                  <goals>
                    <goal>copy-dependencies</goal>
                  </goals>
                  <configuration>
                    <includeScope>runtime</includeScope>
                    <outputDirectory>${project.build.directory}/modules</outputDirectory>
                  </configuration>
                </execution>
              </executions>
            </plugin>
          </plugins>
        </build>
      </project>
      """;

  private static final String MODULE_INFO = """
      module com.example.leaderboard {
        requires static io.dynakeys.annotations;
        requires io.dynakeys.codecs;
        requires io.dynakeys.runtime;
        requires software.amazon.awssdk.enhanced.dynamodb;
        requires software.amazon.awssdk.services.dynamodb;
      }
      """;

  private static final String RUN = """
      package com.example.leaderboard;

      import io.dynakeys.annotations.Inverted;
      import io.dynakeys.annotations.KeySchema;
      import io.dynakeys.annotations.Padded;
      import io.dynakeys.annotations.PartitionKey;
      import io.dynakeys.annotations.SortKey;
      import io.dynakeys.annotations.Tiebreaker;

      @KeySchema(partitionPrefix = "SEASON")
      public record Run(
          @PartitionKey String season,
          @SortKey @Padded(10) @Inverted int score,
          @SortKey @Tiebreaker String playerId,
          String name) {}
      """;

  private static final String MAIN = """
      package com.example.leaderboard;

      import io.dynakeys.runtime.write.Update;
      import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
      import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
      import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

      public class Main {
        public static void main(String[] args) {
          System.out.println(Main.class.getModule().getName() + " reads " + Update.class.getModule().getName());
          try (DynamoDbClient dynamo = DynamoDbClient.create()) {
            DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(dynamo).build();
            DynamoDbTable<Run> runs = RunKeys.createTable(client, args[0]);
            runs.putItem(new Run("2026-SPRING", 1500, "p_8842", "Ann"));
            runs.putItem(new Run("2026-SPRING", 240, "p_3141", "Bo"));
            Update.of(RunKeys.tableSchema(), RunKeys.key("2026-SPRING", 240, "p_3141")).set(RunKeys.NAME, "Bob").run(runs);
            for (Run run : RunKeys.query("2026-SPRING").score().atLeast(0).items(runs)) {
              System.out.println(run.name() + " " + run.score() + " " + RunKeys.sortKey(run));
            }
          }
        }
      }
      """;

  @Test
  void anApplicationOnTheModulePathCompilesAndRunsAgainstALocalServer() throws Exception {
    Path mvn = ThrowawayBuild.onPath("mvn");
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the modular application with");
    ThrowawayBuild.deleteWithoutFollowingLinks(WORK);
    Path project = WORK.resolve("project");
    ThrowawayBuild.write(project.resolve("pom.xml"), POM.replace("VERSION", ThrowawayBuild.VERSION));
    ThrowawayBuild.write(project.resolve("src/main/java/module-info.java"), MODULE_INFO);
    ThrowawayBuild.write(project.resolve("src/main/java/com/example/leaderboard/Run.java"), RUN);
    ThrowawayBuild.write(project.resolve("src/main/java/com/example/leaderboard/Main.java"), MAIN);
    Path repository = ThrowawayBuild.stageRepository(WORK.resolve("repository"), MODULES);

    List<String> build = new ArrayList<>(List.of(mvn.toString(), "-B", "-q"));
    if (ThrowawayBuild.OFFLINE) {
      build.add("-o");
    }
    build.addAll(List.of("-Dmaven.repo.local=" + repository, "package"));
    ThrowawayBuild.Result built = ThrowawayBuild.run(build, project, WORK.resolve("build.log"), Map.of());
    assertEquals(0, built.exit(), "the modular application did not build:\n" + built.output());

    String modulePath = project.resolve("target/classes") + File.pathSeparator + project.resolve("target/modules");
    List<String> java = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // The SDK's default HTTP client (Apache 5) uses jdk.net, which no automatic module can require.
        "--module-path", modulePath, "--add-modules", "jdk.net", "-m", "com.example.leaderboard/com.example.leaderboard.Main", "modular-runs");
    try (DynamoEndpoint server = DynamoEndpoint.startDynalite()) {
      ThrowawayBuild.Result ran = ThrowawayBuild.run(java, project, WORK.resolve("run.log"), Map.of(
          "AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString(), "AWS_REGION", "us-east-1",
          "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local"));
      assertEquals(0, ran.exit(), "the modular application failed:\n" + ran.output());
      assertEquals(List.of("com.example.leaderboard reads io.dynakeys.runtime",
              "Ann 1500 9999998499#p_8842",
              "Bob 240 9999999759#p_3141"),
          ran.output().strip().lines().toList(), "what the application printed, from the module path");
    }
  }
}
