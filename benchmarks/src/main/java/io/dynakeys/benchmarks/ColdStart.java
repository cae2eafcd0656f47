package io.dynakeys.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cold-start benchmark: whole processes, as a new AWS Lambda instance starts. Each sample is a
 * new JVM that does one variant's work of {@link ColdStartWork} (build a schema, map one run to a
 * {@code PutItemRequest} and one stored item back; or build a query or an update request), and the
 * harness reads the CPU time the process used until its work was done. Processes run alternated:
 * every round runs every variant once, in an order rotated by one each round, after a warm-up round
 * that is not counted. It prints, in one markdown report, the median CPU time of each variant, its
 * ratio to the hand-built map (the limit) and to its own hand-written baseline, the median wall
 * time, and the classes each variant's process loads (one more process per variant, logging its
 * class loads), with the enhanced client's and dynakeys' own counted apart.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dynakeys.benchmarks.ColdStart            # 20 rounds, about two minutes
 * java -Ddynakeys.coldstart.rounds=30 -cp benchmarks/target/benchmarks.jar io.dynakeys.benchmarks.ColdStart
 * </pre>
 *
 * Options: {@code --rounds N} (or the system property {@code dynakeys.coldstart.rounds}; 20 by
 * default), {@code --only v1,v2} (variants), {@code --jvm-arg ARG} (repeatable: an option for every
 * process, such as {@code -XX:TieredStopAtLevel=1}), {@code --out FILE} (also write the report there).
 *
 * <p>CPU time is the sum of the process's threads' time on a CPU, read from
 * {@code /proc/<pid>/task/<tid>/schedstat} (nanoseconds) while the process waits, its work done,
 * for the harness to close its input; where there is no such file, the JDK's
 * {@code ProcessHandle.Info.totalCpuDuration()} (clock ticks). Not part of {@code mvn verify}: the
 * unit tests only check that the variants build equal requests and read equal items, and the
 * report's arithmetic.
 */
public final class ColdStart {
  private ColdStart() {}

  /** The target of DESIGN.md: the generated path at most this many times the hand-built map's CPU. */
  static final double TARGET = 1.3;

  /** What each variant is, for the report, and the hand-written variant it is compared with. */
  static final Map<String, String[]> DESCRIPTIONS = new LinkedHashMap<>();

  static {
    DESCRIPTIONS.put("handMap", new String[] {"hand-built `Map<String, AttributeValue>` (the limit)", null});
    DESCRIPTIONS.put("generated", new String[] {"`RunKeys.tableSchema()`: `itemToMap`, `mapToItem`", "handMap"});
    DESCRIPTIONS.put("staticImmutable", new String[] {"SDK `StaticImmutableTableSchema`, hand-written", "handMap"});
    DESCRIPTIONS.put("staticBean", new String[] {"SDK `StaticTableSchema` over a bean, hand-written", "handMap"});
    DESCRIPTIONS.put("fromBean", new String[] {"SDK `TableSchema.fromBean` (`BeanTableSchema`)", "handMap"});
    DESCRIPTIONS.put("handQuery", new String[] {"hand-written `QueryRequest`, an item read by hand", "handMap"});
    DESCRIPTIONS.put("typedQuery", new String[] {"typed query's `QueryRequest`, an item read by the schema",
        "handQuery"});
    DESCRIPTIONS.put("handUpdate", new String[] {"hand-written `UpdateItemRequest`, an item read by hand",
        "handMap"});
    DESCRIPTIONS.put("typedUpdate", new String[] {"typed `Update` from the key text, an item read by the schema",
        "handUpdate"});
  }

  /** One process: its CPU and wall time until its work was done, in nanoseconds. */
  record Sample(long cpuNanos, long wallNanos) {}

  /** The classes one process loaded: all, the enhanced client's and dynakeys' own. */
  record Classes(int all, int enhanced, int dynakeys) {}

  /** The command line. */
  record Settings(int rounds, List<String> variants, List<String> jvmArgs, Path out) {
    static final String USAGE = "usage: java -cp benchmarks.jar io.dynakeys.benchmarks.ColdStart [--rounds N]"
        + " [--only variant,...] [--jvm-arg ARG]... [--out FILE]; variants: "
        + String.join(", ", ColdStartWork.VARIANTS);

    static Settings parse(String[] args) {
      int rounds = Integer.getInteger("dynakeys.coldstart.rounds", 20);
      List<String> variants = List.of(ColdStartWork.VARIANTS);
      List<String> jvmArgs = new ArrayList<>();
      Path out = null;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--rounds" -> rounds = Integer.parseInt(args[++i]);
          case "--only" -> {
            variants = List.of(args[++i].split(","));
            for (String v : variants) {
              if (!DESCRIPTIONS.containsKey(v)) {
                throw new IllegalArgumentException("no variant " + v + "; " + USAGE);
              }
            }
          }
          case "--jvm-arg" -> jvmArgs.add(args[++i]);
          case "--out" -> out = Path.of(args[++i]);
          case "-h", "--help" -> {
            System.out.println(USAGE);
            System.exit(0);
          }
          default -> throw new IllegalArgumentException("unknown option " + args[i] + "; " + USAGE);
        }
      }
      if (rounds < 1) {
        throw new IllegalArgumentException("--rounds must be at least 1");
      }
      return new Settings(rounds, variants, List.copyOf(jvmArgs), out);
    }
  }

  public static void main(String[] args) throws Exception {
    Settings settings = Settings.parse(args);
    List<String> variants = settings.variants();
    long started = System.nanoTime();
    System.err.printf(Locale.ROOT, "cold start: %d variants, a warm-up round and %d rounds, then one class-counting"
        + " process each%n", variants.size(), settings.rounds());
    for (String variant : variants) {
      runOnce(settings, variant, null); // warm-up: the page cache, the JIT of the harness itself
    }
    Map<String, List<Sample>> samples = new LinkedHashMap<>();
    variants.forEach(v -> samples.put(v, new ArrayList<>()));
    for (int round = 0; round < settings.rounds(); round++) {
      for (int i = 0; i < variants.size(); i++) {
        String variant = variants.get((i + round) % variants.size());
        samples.get(variant).add(runOnce(settings, variant, null));
      }
      System.err.printf(Locale.ROOT, "round %d of %d done%n", round + 1, settings.rounds());
    }
    Map<String, Classes> classes = new LinkedHashMap<>();
    for (String variant : variants) {
      Path log = Files.createTempFile("coldstart-classes-", ".log");
      try {
        runOnce(settings, variant, log);
        classes.put(variant, count(Files.readAllLines(log, StandardCharsets.UTF_8)));
      } finally {
        Files.deleteIfExists(log);
      }
    }
    String report = report(settings, samples, classes,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
    System.out.println(report);
    if (settings.out() != null) {
      Files.writeString(settings.out(), report, StandardCharsets.UTF_8);
    }
  }

  /**
   * Runs one process of {@code variant} and returns its times; with {@code classLog}, the process
   * logs every class it loads there (its times are then not used).
   */
  static Sample runOnce(Settings settings, String variant, Path classLog) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(settings.jvmArgs());
    if (classLog != null) {
      command.add("-Xlog:class+load=info:file=" + classLog);
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ColdStartWork.class.getName());
    command.add(variant);
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line = out.readLine();
      long wall = System.nanoTime() - start;
      if (!"done".equals(line)) {
        throw new IllegalStateException("the " + variant + " process printed " + line + " rather than done");
      }
      long cpu = cpuNanos(process);
      process.getOutputStream().close();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the " + variant + " process did not exit");
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException("the " + variant + " process exited with " + process.exitValue());
      }
      return new Sample(cpu, wall);
    } finally {
      process.destroyForcibly();
    }
  }

  /**
   * The CPU time of {@code process} so far: its threads' time on a CPU in nanoseconds, from
   * {@code /proc}, or the JDK's tick-grained total where {@code /proc} has none.
   */
  static long cpuNanos(Process process) throws IOException {
    Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
    if (Files.isDirectory(tasks)) {
      long sum = 0;
      try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
        for (Path thread : threads) {
          Path schedstat = thread.resolve("schedstat");
          if (Files.isReadable(schedstat)) {
            sum += Long.parseLong(Files.readString(schedstat).trim().split(" ")[0]);
          }
        }
      }
      if (sum > 0) {
        return sum;
      }
    }
    return process.toHandle().info().totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("no CPU time for process " + process.pid()))
        .toNanos();
  }

  /**
   * The classes of a {@code -Xlog:class+load} log (decorated {@code [uptime][level][class,load] name
   * source: ...}): one line per class loaded, hidden classes (lambdas) included.
   */
  static Classes count(List<String> log) {
    int all = 0;
    int enhanced = 0;
    int dynakeys = 0;
    String tag = "[class,load] ";
    for (String line : log) {
      int at = line.indexOf(tag);
      if (at < 0) {
        continue;
      }
      String name = line.substring(at + tag.length()).split(" ", 2)[0];
      all++;
      if (name.startsWith("software.amazon.awssdk.enhanced.")) {
        enhanced++;
      } else if (name.startsWith("io.dynakeys.") && !name.startsWith("io.dynakeys.benchmarks.")) {
        dynakeys++;
      }
    }
    return new Classes(all, enhanced, dynakeys);
  }

  /** The median of {@code values}; the mean of the middle two for an even count. */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /** The value at quantile {@code q} of {@code values}, by linear interpolation between ranks. */
  static double quantile(double[] values, double q) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double rank = q * (sorted.length - 1);
    int low = (int) Math.floor(rank);
    int high = (int) Math.ceil(rank);
    return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
  }

  static double[] cpuMillis(List<Sample> samples) {
    return samples.stream().mapToDouble(s -> s.cpuNanos() / 1e6).toArray();
  }

  /**
   * The ratio of {@code variant} to {@code baseline} in each round (the two processes of one round
   * ran next to each other, under the same load), in round order.
   */
  static double[] pairedRatios(List<Sample> variant, List<Sample> baseline) {
    double[] out = new double[Math.min(variant.size(), baseline.size())];
    for (int i = 0; i < out.length; i++) {
      out[i] = (double) variant.get(i).cpuNanos() / baseline.get(i).cpuNanos();
    }
    return out;
  }

  static String report(Settings settings, Map<String, List<Sample>> samples, Map<String, Classes> classes,
      long seconds) {
    StringBuilder out = new StringBuilder();
    out.append("## Cold start: whole processes\n\n");
    out.append(String.format(Locale.ROOT, "%d rounds of %d processes, alternated; %s; %d cores; %d s.%s%n%n",
        settings.rounds(), samples.size(), System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(), seconds,
        settings.jvmArgs().isEmpty() ? "" : " JVM options: `" + String.join(" ", settings.jvmArgs()) + "`."));
    out.append("| variant | what | CPU ms, median (quartiles) | × hand-built map | × its baseline, per round"
        + " (quartiles) | wall ms | classes | enhanced client's | dynakeys' |\n");
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    List<Sample> limit = samples.get("handMap");
    double limitMedian = limit == null ? Double.NaN : median(cpuMillis(limit));
    for (Map.Entry<String, List<Sample>> e : samples.entrySet()) {
      String variant = e.getKey();
      double[] cpu = cpuMillis(e.getValue());
      double median = median(cpu);
      String baseline = DESCRIPTIONS.get(variant)[1];
      String paired = "";
      if (baseline != null && samples.containsKey(baseline)) {
        double[] ratios = pairedRatios(e.getValue(), samples.get(baseline));
        paired = String.format(Locale.ROOT, "%.2f× `%s` (%.2f–%.2f)", median(ratios), baseline,
            quantile(ratios, 0.25), quantile(ratios, 0.75));
      }
      double wall = median(e.getValue().stream().mapToDouble(s -> s.wallNanos() / 1e6).toArray());
      Classes c = classes.get(variant);
      out.append(String.format(Locale.ROOT, "| `%s` | %s | %.0f (%.0f–%.0f) | %s | %s | %.0f | %s | %s | %s |%n",
          variant, DESCRIPTIONS.get(variant)[0], median, quantile(cpu, 0.25), quantile(cpu, 0.75),
          Double.isNaN(limitMedian) ? "" : String.format(Locale.ROOT, "%.2f×", median / limitMedian), paired, wall,
          c == null ? "" : String.format(Locale.ROOT, "%,d", c.all()), c == null ? "" : c.enhanced(),
          c == null ? "" : c.dynakeys()));
    }
    out.append('\n');
    List<String> verdicts = verdicts(samples);
    if (!verdicts.isEmpty()) {
      out.append("| target | measured | verdict |\n|---|---|---|\n");
      verdicts.forEach(v -> out.append(v).append('\n'));
      out.append('\n');
    }
    out.append("CPU: the process's threads' time on a CPU until its work was done (JVM start included, exit not);"
        + " ratios of medians, and the median of the per-round ratios with their quartiles.\n");
    return out.toString();
  }

  /** The verdict lines of the targets whose variants ran. */
  static List<String> verdicts(Map<String, List<Sample>> samples) {
    List<String> out = new ArrayList<>();
    if (!samples.containsKey("handMap") || !samples.containsKey("generated")) {
      return out;
    }
    double limit = median(cpuMillis(samples.get("handMap")));
    double generated = median(cpuMillis(samples.get("generated")));
    double ratio = generated / limit;
    out.add(String.format(Locale.ROOT, "| the generated schema at most %.1f× the CPU of the hand-built map |"
        + " %.0f vs %.0f ms: %.2f× | %s |", TARGET, generated, limit, ratio, ratio <= TARGET ? "met" : "**missed**"));
    for (String sdk : List.of("staticImmutable", "staticBean", "fromBean")) {
      if (samples.containsKey(sdk)) {
        double other = median(cpuMillis(samples.get(sdk)));
        out.add(String.format(Locale.ROOT, "| the generated schema below `%s` | %.0f vs %.0f ms: %.2f× | %s |", sdk,
            generated, other, generated / other, generated < other ? "met" : "**missed**"));
      }
    }
    return out;
  }
}
