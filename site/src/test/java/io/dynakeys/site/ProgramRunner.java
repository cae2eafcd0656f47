package io.dynakeys.site;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.ServerKind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs an example program as its page says to: a JVM of its own on the page's classes and the
 * library, against a fresh local server named by the environment ({@code AWS_ENDPOINT_URL_DYNAMODB},
 * a region and dummy credentials), dynalite unless the block says {@code moto}.
 */
final class ProgramRunner {
  private static final int MINUTES = 3;

  private ProgramRunner() {}

  record Ran(int exit, String output) {}

  static Ran run(ExampleCompiler.Program program, Path classes, Path log) throws IOException, InterruptedException {
    ServerKind kind = program.block().options().contains("moto") ? ServerKind.MOTO : ServerKind.DYNALITE;
    try (DynamoEndpoint server = DynamoEndpoint.start(kind)) {
      List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", classes + File.pathSeparator + System.getProperty("java.class.path"), program.mainClass());
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      Map<String, String> env = builder.environment();
      env.keySet().removeAll(List.of("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_DEFAULT_REGION"));
      env.put("AWS_ENDPOINT_URL_DYNAMODB", server.endpoint().toString());
      env.put("AWS_REGION", "us-east-1");
      env.put("AWS_ACCESS_KEY_ID", "local");
      env.put("AWS_SECRET_ACCESS_KEY", "local");
      Process process = builder.start();
      if (!process.waitFor(MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return new Ran(-1, "did not end within " + MINUTES + " min:\n" + Files.readString(log, StandardCharsets.UTF_8));
      }
      return new Ran(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
  }
}
