package io.dynakeys.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.spark.fixtures.Run;
import io.dynakeys.spark.fixtures.RunKeys;
import io.dynakeys.spark.fixtures.RunV1ToRun;
import io.dynakeys.spark.fixtures.v1.RunV1;
import io.dynakeys.spark.fixtures.v1.RunV1Keys;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The job as a user runs it in local mode, {@code java -cp … io.dynakeys.spark.SparkMain … --master
 * local[2]}, in a JVM of its own whose working directory is an empty folder (issue 36, item 13):
 * it leaves nothing there (Spark's default {@code spark-warehouse/} would go there), its re-keyed
 * export holds no checksum files of Hadoop's local file system (a {@code .crc} beside each file,
 * which an upload of {@code data/} would hand to {@code ImportTable} as data), and each report
 * prints the throughput of the work, from the first task's start to the last task's end, apart from
 * the process's start.
 */
class SparkMainProcessTest {
  private static final int ITEMS = 2_000;
  private static final Pattern WORK = Pattern.compile(
      "work: ([\\d,]+) items in (\\d+\\.\\d+) s from the first task's start to the last task's end"
          + " \\(([\\d,]+) items/s\\); (\\d+\\.\\d+) s since the command started");

  @Test
  void aLocalRunLeavesNothingInItsWorkingDirectoryNoChecksumsAndReportsTheWorksThroughput(@TempDir Path dir)
      throws Exception {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < ITEMS; i++) {
      items.add(i % 5 == 0
          ? RunV1Keys.tableSchema().itemToMap(new RunV1("2026-S" + i % 3, i * 7, 1_719_000_000L + i, "p_" + i,
              "name " + i, 1), true)
          : RunKeys.tableSchema().itemToMap(new Run("2026-S" + i % 3, i * 7, 1_719_000_000L + i, "p_" + i,
              "name " + i, 1), true));
    }
    Path export = TestExports.write(dir.resolve("exports"), "01764590000000-abcd1234", items, 4);
    Path cwd = Files.createDirectories(dir.resolve("working-directory"));
    Path out = dir.resolve("rekeyed");

    String verify = sparkMain(cwd, dir.resolve("verify.txt"), "verify", "--master", "local[2]", "--export",
        export.toString(), "--schema", RunKeys.class.getName(), "--findings", dir.resolve("findings").toString());
    assertWork(verify);
    String rekey = sparkMain(cwd, dir.resolve("rekey.txt"), "rekey", "--master", "local[2]", "--export",
        export.toString(), "--migration", RunV1ToRun.class.getName(), "--output", out.toString());
    assertWork(rekey);
    assertTrue(rekey.contains(String.format("MIGRATED   %,d", ITEMS / 5)), rekey);

    try (Stream<Path> left = Files.list(cwd)) {
      assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList(),
          "the job wrote into its working directory");
    }
    try (Stream<Path> files = Files.walk(out)) {
      List<String> checksums = files.map(p -> out.relativize(p).toString()).filter(p -> p.endsWith(".crc")).toList();
      assertEquals(List.of(), checksums, "checksum files in the re-keyed export");
    }
    try (Stream<Path> data = Files.list(out.resolve("data"))) {
      List<String> names = data.map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(4, names.size(), names::toString);
      names.forEach(n -> assertTrue(n.matches("part-\\d{5}\\.json\\.gz"), names::toString));
    }
  }

  /** The report's work line: the items, and a rate that is those items over those seconds. */
  private static void assertWork(String output) {
    Matcher m = WORK.matcher(output);
    assertTrue(m.find(), output);
    System.out.println("SparkMainProcessTest: " + m.group());
    assertEquals(ITEMS, Long.parseLong(m.group(1).replace(",", "")), output);
    double seconds = Double.parseDouble(m.group(2));
    long rate = Long.parseLong(m.group(3).replace(",", ""));
    double all = Double.parseDouble(m.group(4));
    assertTrue(seconds > 0 && seconds <= all, output);
    // The rate is printed from the unrounded time: within the rounding of the printed seconds.
    assertTrue(rate >= ITEMS / (seconds + 0.005) - 1 && rate <= ITEMS / Math.max(0.001, seconds - 0.005) + 1, output);
  }

  /** Runs {@code SparkMain} in its own JVM in {@code cwd}; returns its output, and fails unless it exits 0 or 1. */
  private static String sparkMain(Path cwd, Path output, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // The options this JVM was started with (the add-opens Spark needs on Java 17), no agents.
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.startsWith("-XX:") || a.startsWith("-Djdk.")).forEach(command::add);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(SparkMain.class.getName());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
        .redirectOutput(output.toFile()).start();
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      fail("SparkMain " + String.join(" ", args) + " did not end within 10 min: " + Files.readString(output));
    }
    String text = Files.readString(output, StandardCharsets.UTF_8);
    assertFalse(process.exitValue() > 1, text);
    return text;
  }
}
