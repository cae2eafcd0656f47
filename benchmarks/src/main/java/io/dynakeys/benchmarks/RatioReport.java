package io.dynakeys.benchmarks;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark of this module through JMH's {@link Runner} and prints one markdown report:
 * each benchmark's time and allocation, the ratios between the generated code and its hand-written
 * baselines (all measured in this run), the generated table schema against hand-written ones
 * (warm, and its first use in fresh JVMs), the processor's share of {@code javac} time at each
 * module size with a linear fit, the cost of merged reads (per item against a plain read of one
 * partition, and the latency of a 16-shard fan-out against one shard's, sequential as control),
 * the lines of the generated {@code *Keys} sources per record ({@link GeneratedLines}), and whether
 * each target of the design is met.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar            # about ten minutes on an idle machine
 * java -jar benchmarks/target/benchmarks.jar --quick    # a few minutes, rougher numbers
 * </pre>
 *
 * Options: {@code --quick}; {@code --records 100,250,500,1000} (module sizes of the processor
 * benchmark); {@code --only micro|schema|processor|reads}, or several separated by commas
 * ({@code schema}: the table schema, warm and first use, about five minutes; {@code reads}: the
 * merged-read benchmarks alone, about three minutes, one with {@code --quick});
 * {@code --forks N} (fresh JVMs per first-use variant, 20 by default, 6 with {@code --quick});
 * {@code --no-phases} (skip the diagnostic breakdown of one compilation);
 * {@code --no-pregenerated} (do not compile the pre-generated sources, which the processor's
 * target is measured against, nor replay them, which gives its floor); {@code --log FILE} (JMH's full output, a temporary file by
 * default); {@code --out FILE} (also write the report there).
 */
public final class RatioReport {
  private RatioReport() {}

  private static final String PKG = "io.dynakeys.benchmarks.";

  /** What to run, from the command line. */
  record Settings(boolean quick, int[] records, boolean micro, boolean schema, boolean processor,
      boolean reads, boolean writes, boolean phases, boolean pregenerated, int forks, Path log, Path out) {

    static final String USAGE = "usage: java -jar benchmarks.jar [--quick] [--records 100,250,500,1000]"
        + " [--only micro|schema|processor|reads|writes[,...]] [--forks N] [--no-phases] [--no-pregenerated]"
        + " [--log FILE] [--out FILE]";

    static Settings parse(String[] args) throws IOException {
      boolean quick = false;
      int[] records = null;
      boolean micro = true;
      boolean schema = true;
      boolean processor = true;
      boolean reads = true;
      boolean writes = true;
      boolean phases = true;
      boolean pregenerated = true;
      int forks = -1;
      Path log = null;
      Path out = null;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--quick" -> quick = true;
          case "--records" -> records = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
          case "--only" -> {
            List<String> only = List.of(args[++i].split(","));
            for (String part : only) {
              if (!List.of("micro", "schema", "processor", "reads", "writes").contains(part)) {
                throw new IllegalArgumentException("--only micro|schema|processor|reads|writes, not " + part);
              }
            }
            micro = only.contains("micro");
            schema = only.contains("schema");
            processor = only.contains("processor");
            reads = only.contains("reads");
            writes = only.contains("writes");
          }
          case "--forks" -> forks = Integer.parseInt(args[++i]);
          case "--no-phases" -> phases = false;
          case "--pregenerated" -> pregenerated = true; // the default; kept for old command lines
          case "--no-pregenerated" -> pregenerated = false;
          case "--log" -> log = Path.of(args[++i]);
          case "--out" -> out = Path.of(args[++i]);
          case "-h", "--help" -> {
            System.out.println(USAGE);
            System.exit(0);
          }
          default -> throw new IllegalArgumentException("unknown option " + args[i] + " (try --help)");
        }
      }
      if (records == null) {
        records = quick ? new int[] {50, 100, 200} : new int[] {100, 250, 500, 1000};
      }
      if (forks < 0) {
        forks = quick ? 6 : 20;
      }
      if (forks < 2) {
        throw new IllegalArgumentException("--forks needs at least 2 fresh JVMs per variant, not " + forks);
      }
      if (log == null) {
        log = Files.createTempFile("dynakeys-jmh-", ".log");
      }
      return new Settings(quick, records, micro, schema, processor, reads, writes, phases, pregenerated, forks,
          log, out);
    }
  }

  public static void main(String[] args) throws Exception {
    Settings settings = Settings.parse(args);
    List<RunResult> results = new ArrayList<>();
    long start = System.nanoTime();
    try (PrintStream log = new PrintStream(new FileOutputStream(settings.log().toFile()), true,
        StandardCharsets.UTF_8)) {
      System.err.println("JMH output goes to " + settings.log() + "; progress:");
      if (settings.micro()) {
        results.addAll(run(microOptions(settings), log));
      }
      if (settings.schema()) {
        results.addAll(run(schemaOptions(settings), log));
        results.addAll(run(firstUseOptions(settings), log));
      }
      if (settings.processor()) {
        results.addAll(run(processorOptions(settings), log));
      }
      if (settings.reads()) {
        results.addAll(run(readsOptions(settings), log));
      }
      if (settings.writes()) {
        results.addAll(run(updateOptions(settings), log));
        results.addAll(run(writesOptions(settings), log));
      }
    }
    List<ProcessorPhases.Breakdown> phases = List.of();
    if (settings.processor() && settings.phases()) {
      int n = settings.records()[Math.min(2, settings.records().length - 1)];
      System.err.printf(Locale.ROOT, "  phases of one compilation of %d records (diagnostic)%n", n);
      phases = ProcessorPhases.measure(n, 1, settings.quick() ? 1 : 3);
    }
    List<GeneratedLines.Count> sizes = generatedSizes(settings, GeneratedLines.root(Path.of("")));
    String report = report(rows(results), phases, sizes, settings,
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
    System.out.println(report);
    if (settings.out() != null) {
      Files.writeString(settings.out(), report);
    }
  }

  /**
   * The lines of the generated {@code *Keys} sources: the examples module's and this module's (as
   * the last build left them; "not built" when absent), and, when the processor part runs, the
   * processor benchmark's module at each N (processed once more here, outside any measurement).
   */
  static List<GeneratedLines.Count> generatedSizes(Settings settings, Path root) {
    List<GeneratedLines.Count> sizes = new ArrayList<>();
    sizes.add(GeneratedLines.module("examples module", root, GeneratedLines.EXAMPLES));
    sizes.add(GeneratedLines.module("benchmarks module", root, GeneratedLines.BENCHMARKS));
    if (settings.processor()) {
      for (int n : settings.records()) {
        System.err.printf(Locale.ROOT, "  generated lines of the processor benchmark's module, N = %d%n", n);
        try {
          sizes.add(GeneratedLines.processorModule(n));
        } catch (RuntimeException e) {
          sizes.add(new GeneratedLines.Count("processor benchmark module, N = " + n, "failed: " + e, null));
        }
      }
    }
    return sizes;
  }

  // ------------------------------------------------------------------ running

  static ChainedOptionsBuilder microOptions(Settings s) {
    return warmNanoseconds(s, "(Encode|Parse|Query|Proposal)Benchmark", 1);
  }

  /** The table schemas, warm: {@code itemToMap} and {@code mapToItem}, generated and hand-written. */
  static ChainedOptionsBuilder schemaOptions(Settings s) {
    // three JVMs: the error bars then include a change of load between forks
    return warmNanoseconds(s, "SchemaBenchmark", s.quick() ? 1 : 3);
  }

  /** Warmed-up averages in ns with allocation, for the benchmark classes {@code classes} matches. */
  private static ChainedOptionsBuilder warmNanoseconds(Settings s, String classes, int forks) {
    return new OptionsBuilder()
        .include(PKG + classes + "\\.")
        .mode(Mode.AverageTime)
        .timeUnit(TimeUnit.NANOSECONDS)
        .forks(forks)
        .warmupIterations(3)
        .warmupTime(TimeValue.milliseconds(s.quick() ? 200 : 500))
        .measurementIterations(s.quick() ? 3 : 5)
        .measurementTime(TimeValue.milliseconds(s.quick() ? 200 : 500))
        .jvmArgsAppend("-Xms1g", "-Xmx1g")
        .addProfiler(GCProfiler.class)
        .shouldFailOnError(true);
  }

  /**
   * The first table schema in a fresh JVM: one operation per fork, no warm-up, {@code s.forks()}
   * forks per variant, so every sample is a new JVM.
   */
  static ChainedOptionsBuilder firstUseOptions(Settings s) {
    return new OptionsBuilder()
        .include(PKG + "SchemaFirstUseBenchmark\\.")
        .mode(Mode.SingleShotTime)
        .timeUnit(TimeUnit.MILLISECONDS)
        .forks(s.forks())
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementBatchSize(1)
        .jvmArgsAppend("-Xms1g", "-Xmx1g")
        .shouldFailOnError(true);
  }

  /** The merged-read benchmarks; each declares its own time unit (ns per item, ms per read). */
  static ChainedOptionsBuilder readsOptions(Settings s) {
    return new OptionsBuilder()
        .include(PKG + "Read(Merge|FanOut)Benchmark\\.")
        .mode(Mode.AverageTime)
        .forks(1)
        .warmupIterations(3)
        .warmupTime(TimeValue.milliseconds(s.quick() ? 300 : 1000))
        .measurementIterations(s.quick() ? 3 : 5)
        .measurementTime(TimeValue.milliseconds(s.quick() ? 300 : 1000))
        .jvmArgsAppend("-Xms1g", "-Xmx1g")
        .addProfiler(GCProfiler.class)
        .shouldFailOnError(true);
  }

  /**
   * Batch writes of 10,000 items (2,000 with {@code --quick}) to a stub that answers after 5 ms:
   * one write of all items per operation, so each variant takes seconds (the loop of single puts
   * about a minute per operation, four minutes in all).
   */
  static ChainedOptionsBuilder writesOptions(Settings s) {
    return new OptionsBuilder()
        .include(PKG + "BatchWriteBenchmark\\.")
        .param("items", s.quick() ? "2000" : "10000")
        .mode(Mode.SingleShotTime)
        .timeUnit(TimeUnit.MILLISECONDS)
        .forks(1)
        .warmupIterations(1)
        .measurementIterations(s.quick() ? 2 : 3)
        .jvmArgsAppend("-Xms1g", "-Xmx1g")
        .shouldFailOnError(true);
  }

  /** Building a typed update's request against a hand-written one, warm, in ns. */
  static ChainedOptionsBuilder updateOptions(Settings s) {
    return warmNanoseconds(s, "UpdateBenchmark", s.quick() ? 1 : 2);
  }

  static ChainedOptionsBuilder processorOptions(Settings s) {
    String[] records = Arrays.stream(s.records()).mapToObj(Integer::toString).toArray(String[]::new);
    return new OptionsBuilder()
        .include(PKG + "ProcessorBenchmark\\.javac(Plain|Dynakeys" + (s.pregenerated() ? "|Pregenerated|Replay" : "") + ")$")
        .param("records", records)
        .mode(Mode.SingleShotTime)
        .timeUnit(TimeUnit.MILLISECONDS)
        .forks(1)
        // javac is warmed up in the trial setup (small module, then the full one with dynakeys),
        // then one compilation of the trial's own kind is left out
        .warmupIterations(s.quick() ? 0 : 1)
        .measurementIterations(s.quick() ? 2 : 3)
        .jvmArgsAppend("-Xms2g", "-Xmx4g",
            "-D" + ProcessorBenchmark.WARMUP_PROPERTY + "=2")
        .shouldFailOnError(true);
  }

  private static Collection<RunResult> run(ChainedOptionsBuilder options, PrintStream log)
      throws RunnerException {
    OutputFormat full = OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL);
    int[] count = {0};
    InvocationHandler progress = (proxy, method, methodArgs) -> {
      if (method.getName().equals("startBenchmark") && methodArgs[0] instanceof BenchmarkParams p) {
        String params = p.getParamsKeys().isEmpty() ? "" : " " + p.getParamsKeys().stream()
            .map(k -> k + "=" + p.getParam(k)).reduce((a, b) -> a + "," + b).orElse("");
        System.err.printf(Locale.ROOT, "  [%d] %s%s%n", ++count[0],
            p.getBenchmark().substring(PKG.length()), params);
      }
      try {
        return method.invoke(full, methodArgs);
      } catch (java.lang.reflect.InvocationTargetException e) {
        throw e.getCause();
      }
    };
    OutputFormat format = (OutputFormat) Proxy.newProxyInstance(OutputFormat.class.getClassLoader(),
        new Class<?>[] {OutputFormat.class}, progress);
    return new Runner(options.build(), format).run();
  }

  // ------------------------------------------------------------------ reporting

  /** One benchmark's numbers. */
  record Row(String name, double score, double error, double bytesPerOp, double min, double median,
      double max, long samples) {

    /** How far the samples spread around the median, (max - min) / median. */
    double spread() {
      return (max - min) / median;
    }
  }

  static Map<String, Row> rows(Collection<RunResult> results) {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (RunResult r : results) {
      BenchmarkParams p = r.getParams();
      String name = p.getBenchmark().substring(PKG.length());
      if (!p.getParamsKeys().isEmpty()) {
        // "records" for the processor benchmark, "shards" for the merge benchmark.
        name += "@" + p.getParamsKeys().stream().map(p::getParam).reduce((a, b) -> a + "," + b).orElse("");
      }
      Result<?> primary = r.getPrimaryResult();
      double bytes = Double.NaN;
      for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
        if (e.getKey().endsWith("gc.alloc.rate.norm")) {
          bytes = e.getValue().getScore();
        }
      }
      rows.put(name, new Row(name, primary.getScore(), primary.getScoreError(), bytes,
          primary.getStatistics().getMin(), primary.getStatistics().getPercentile(50),
          primary.getStatistics().getMax(), primary.getSampleCount()));
    }
    return rows;
  }

  static String report(Collection<RunResult> results, List<ProcessorPhases.Breakdown> phases,
      Settings settings, long seconds) {
    return report(rows(results), phases, settings, seconds);
  }

  static String report(Map<String, Row> rows, List<ProcessorPhases.Breakdown> phases,
      Settings settings, long seconds) {
    return report(rows, phases, List.of(), settings, seconds);
  }

  static String report(Map<String, Row> rows, List<ProcessorPhases.Breakdown> phases,
      List<GeneratedLines.Count> sizes, Settings settings, long seconds) {
    StringBuilder out = new StringBuilder();
    List<String> verdicts = new ArrayList<>();
    out.append("# dynakeys benchmarks\n\n");
    out.append(String.format(Locale.ROOT, "%s run, %d s, %s %s, %d CPUs. Ratios compare numbers "
            + "measured in this run on this machine; they are not guarantees.%n%n",
        settings.quick() ? "Quick" : "Full", seconds, System.getProperty("java.vm.name"),
        System.getProperty("java.version"), Runtime.getRuntime().availableProcessors()));

    if (rows.containsKey("EncodeBenchmark.generated")) {
      encoding(rows, out, verdicts);
      parsing(rows, out, verdicts);
      queries(rows, out);
      proposals(rows, out);
    }
    if (rows.containsKey("SchemaBenchmark.writeGenerated") || rows.containsKey("SchemaFirstUseBenchmark.generated")) {
      schema(rows, out, verdicts);
    }
    if (rows.keySet().stream().anyMatch(k -> k.startsWith("ProcessorBenchmark."))) {
      processor(rows, settings.records(), phases, out, verdicts);
    }
    if (rows.containsKey("ReadMergeBenchmark.merged@1") || rows.containsKey("ReadFanOutBenchmark.oneShard")) {
      reads(rows, out, verdicts);
    }
    if (rows.keySet().stream().anyMatch(k -> k.startsWith("BatchWriteBenchmark.batchWrite@"))) {
      writes(rows, out, verdicts);
    }
    if (rows.containsKey("UpdateBenchmark.typed") && rows.containsKey("UpdateBenchmark.handWritten")) {
      updates(rows, out, verdicts);
    }
    if (!phases.isEmpty()) {
      out.append("### Where one compilation's time goes (diagnostic, in-process, warm javac)\n\n");
      out.append(ProcessorPhases.table(phases)).append('\n');
      out.append("Phases overlap: parsing and entering the generated files happen inside annotation "
          + "processing; \"inside the processor\" is the time spent in its `process` calls.\n\n");
    }
    if (!sizes.isEmpty()) {
      out.append("## Generated lines per record\n\nLines of the `*Keys.java` sources the processor "
          + "generated (one per record; lines per record = total lines / records), counted in the "
          + "directories the last build left (a module not built says so); the processor benchmark's modules "
          + "are processed once more after the measurements, when that part runs.\n\n");
      out.append(GeneratedLines.table(sizes, 40));
    }
    if (!verdicts.isEmpty()) {
      out.append("## Targets (DESIGN.md, \"Numbers to reach\")\n\n");
      out.append("| target | measured | verdict |\n|---|---|---|\n");
      verdicts.forEach(v -> out.append(v).append('\n'));
      out.append('\n');
    }
    return out.toString();
  }

  private static String ns(double v) {
    return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String times(double v) {
    return v >= 10 ? String.format(Locale.ROOT, "%.0f×", v) : String.format(Locale.ROOT, "%.2f×", v);
  }

  private static void microTable(Map<String, Row> rows, String clazz, Map<String, String> labels,
      StringBuilder out) {
    Row generated = rows.get(clazz + ".generated");
    out.append("| benchmark | ns/op | ± (99.9%) | B/op | time / generated |\n|---|---:|---:|---:|---:|\n");
    labels.forEach((method, label) -> {
      Row r = rows.get(clazz + "." + method);
      if (r != null) {
        out.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %s |%n", label, ns(r.score()),
            ns(r.error()), r.bytesPerOp(), times(r.score() / generated.score())));
      }
    });
    out.append('\n');
  }

  /** Met, within the measurement error, or missed: {@code a <= b}? */
  static String atMost(Row a, Row b) {
    return atMost(a, b, "ns");
  }

  static String atMost(Row a, Row b, String unit) {
    double noise = a.error() + b.error();
    if (a.score() <= b.score()) {
      return b.score() - a.score() > noise ? "met" : "met (faster, but within the error bars: ≈ equal)";
    }
    return a.score() - b.score() <= noise ? "inconclusive: slower by " + ns(a.score() - b.score())
        + " " + unit + ", within the error bars (" + ns(noise) + " " + unit + "); rerun on a quiet machine"
        : "**missed**";
  }

  private static void encoding(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    out.append("## 1. Encoding the leaderboard sort key\n\n"
        + "`<9_999_999_999 - score:10>#<at:16>#<playerId>`, e.g. `9999998499#0001719100800000#p_8842`, "
        + "over 1024 pre-generated inputs.\n\n");
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("generated", "generated `RunKeys.sortKey(score, at, playerId)`");
    labels.put("stringFormat", "`String.format(\"%010d#%016d#%s\", ...)`");
    labels.put("stringBuilder", "`StringBuilder`, manual padding");
    labels.put("handChars", "hand-written `char[]`, digit loop");
    labels.put("handBytes", "hand-written `byte[]`, 2-digit tables, ISO_8859_1");
    labels.put("handConcat", "extra: hand-written concat trick (zeros + number), no checks");
    microTable(rows, "EncodeBenchmark", labels, out);
    Row generated = rows.get("EncodeBenchmark.generated");
    Row bytes = rows.get("EncodeBenchmark.handBytes");
    Row chars = rows.get("EncodeBenchmark.handChars");
    Row best = bytes.score() <= chars.score() ? bytes : chars;
    Row format = rows.get("EncodeBenchmark.stringFormat");
    double oneString = oneStringBytes();
    out.append(String.format(Locale.ROOT, "- generated / best hand-written (`%s`): **%.2f** (below 1 means the generated encoder is faster)%n",
        best.name().substring("EncodeBenchmark.".length()), generated.score() / best.score()));
    out.append(String.format(Locale.ROOT, "- generated / hand-written concat: %.2f%n",
        generated.score() / rows.get("EncodeBenchmark.handConcat").score()));
    out.append(String.format(Locale.ROOT, "- String.format / generated: **%.1f**%n",
        format.score() / generated.score()));
    out.append(String.format(Locale.ROOT, "- allocation: generated %.0f B/op; the result String alone "
        + "is %.1f B on average over the inputs (24 B object + 16 B array header + chars, 8-byte "
        + "aligned, compressed oops)%n%n", generated.bytesPerOp(), oneString));
    verdicts.add(String.format(Locale.ROOT, "| encoding no slower than the hand-written `char[]` "
        + "encoder (DESIGN.md) | %s ns vs %s ns, ratio %.2f | %s |", ns(generated.score()),
        ns(chars.score()), generated.score() / chars.score(), atMost(generated, chars)));
    verdicts.add(String.format(Locale.ROOT, "| encoding no slower than the fastest hand-written encoder, "
        + "`char[]` or `byte[]` (the issue) | %s ns vs %s ns (`%s`), ratio %.2f | %s |",
        ns(generated.score()), ns(best.score()), best.name().substring("EncodeBenchmark.".length()),
        generated.score() / best.score(), atMost(generated, best)));
    double speedup = format.score() / generated.score();
    verdicts.add(String.format(Locale.ROOT, "| encoding ≥ 20× faster than String.format | %.1f× | %s |",
        speedup, speedup >= 20 ? "met" : "**missed**"));
    boolean oneAllocation = Math.abs(generated.bytesPerOp() - oneString) <= 8;
    verdicts.add(String.format(Locale.ROOT, "| one allocation (the result) per key | %.0f B/op vs %.1f B "
        + "for the String | %s |", generated.bytesPerOp(), oneString, oneAllocation ? "met" : "**missed**"));
  }

  /** The average size of the result String for the benchmark inputs. */
  static double oneStringBytes() {
    Inputs in = Inputs.fill(new Inputs(), Inputs.SEED);
    double sum = 0;
    for (String key : in.sortKeys) {
      sum += 24 + ((16 + key.length() + 7) & ~7);
    }
    return sum / in.sortKeys.length;
  }

  private static void parsing(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    out.append("## 2. Parsing it back\n\nAll parsers return the same `RunKeys.SortParts`.\n\n");
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("generated", "generated `RunKeys.parseSortKey(sk)`");
    labels.put("split", "`split(\"#\")` + `Long.parseLong`");
    labels.put("substring", "`substring` + `Long.parseLong`");
    labels.put("charLoop", "hand-written `charAt` loop");
    microTable(rows, "ParseBenchmark", labels, out);
    Row generated = rows.get("ParseBenchmark.generated");
    Row substring = rows.get("ParseBenchmark.substring");
    Row loop = rows.get("ParseBenchmark.charLoop");
    out.append(String.format(Locale.ROOT, "- generated / substring + parseLong: **%.2f**; generated / "
        + "charAt loop: %.2f; split / generated: %.1f%n%n", generated.score() / substring.score(),
        generated.score() / loop.score(), rows.get("ParseBenchmark.split").score() / generated.score()));
    verdicts.add(String.format(Locale.ROOT, "| parsing no slower than substring + Long.parseLong | %s ns vs "
        + "%s ns, ratio %.2f | %s |", ns(generated.score()), ns(substring.score()),
        generated.score() / substring.score(), atMost(generated, substring)));
  }

  private static void queries(Map<String, Row> rows, StringBuilder out) {
    out.append("## 3. Query bounds\n\n`scoreBetween(lo, hi)` as an enhanced-client `QueryConditional`; "
        + "the hand-written versions send the same two keys (the unit test checks it).\n\n");
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("generated", "generated `RunKeys.query(season).score().between(lo, hi).toQueryConditional()`");
    labels.put("handFormat", "hand-written `QueryConditional.sortBetween`, `String.format` bounds");
    labels.put("handConcat", "hand-written `QueryConditional.sortBetween`, concat bounds");
    microTable(rows, "QueryBenchmark", labels, out);
    Row generated = rows.get("QueryBenchmark.generated");
    out.append(String.format(Locale.ROOT, "- generated / hand-written with String.format: %.2f; "
        + "generated / hand-written with concat: %.2f%n%n",
        generated.score() / rows.get("QueryBenchmark.handFormat").score(),
        generated.score() / rows.get("QueryBenchmark.handConcat").score()));
  }

  private static void proposals(Map<String, Row> rows, StringBuilder out) {
    if (!rows.containsKey("ProposalBenchmark.encodeMirror")) {
      return;
    }
    out.append("## Variants of the generated encoder (same run)\n\n");
    out.append("| benchmark | ns/op | ± (99.9%) | B/op |\n|---|---:|---:|---:|\n");
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("encodeMirror", "generated `sortKey` body copied by hand (control)");
    labels.put("encodePrevious", "the body generated before: zeros for the score too, digits counted by a loop");
    labels.put("encodeDigitChars", "rejected: same checks, digits from `int` halves passed to the concat as `char`s");
    labels.forEach((method, label) -> {
      Row r = rows.get("ProposalBenchmark." + method);
      out.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f |%n", label, ns(r.score()),
          ns(r.error()), r.bytesPerOp()));
    });
    Row generated = rows.get("EncodeBenchmark.generated");
    Row mirror = rows.get("ProposalBenchmark.encodeMirror");
    Row previous = rows.get("ProposalBenchmark.encodePrevious");
    Row chars = rows.get("ProposalBenchmark.encodeDigitChars");
    Row best = rows.get("EncodeBenchmark.handBytes").score() <= rows.get("EncodeBenchmark.handChars").score()
        ? rows.get("EncodeBenchmark.handBytes") : rows.get("EncodeBenchmark.handChars");
    out.append(String.format(Locale.ROOT, "%n- control / generated: %.2f (should be ≈ 1)%n"
            + "- previous / control: **%.2f** (above 1: the adopted changes help)%n"
            + "- digits as chars / control: **%.2f**; / best hand-written: **%.2f**%n%n",
        mirror.score() / generated.score(), previous.score() / mirror.score(),
        chars.score() / mirror.score(), chars.score() / best.score()));
  }

  private static void schema(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    out.append("## 4. Table schema\n\n");
    Row write = rows.get("SchemaBenchmark.writeGenerated");
    if (write != null) {
      out.append("Warm, per item, over 1024 runs. *Generated*: `RunKeys.tableSchema()` (a "
          + "`RecordTableSchema`; on read it recomputes `pk` and `sk` and compares them with the stored "
          + "ones). *Hand-written*: a `StaticImmutableTableSchema<Run, RunBuilder>` whose `pk` and `sk` "
          + "getters call the hand-written encoders (`\"SEASON#\" + season`, the `byte[]` sort key "
          + "encoder); on read it ignores the stored keys, or, *verified*, its builder recomputes and "
          + "compares them. *Bean*: a hand-written `StaticTableSchema<RunBean>` over the mutable bean, "
          + "the same seven attributes, `pk` and `sk` getters calling the same encoders; *verified*, "
          + "`mapToItem` then the stored keys compared with recomputed ones. All write and read the same "
          + "maps (the unit test checks it).\n\n");
      out.append("| benchmark | ns/op | ± (99.9%) | B/op | time / generated |\n|---|---:|---:|---:|---:|\n");
      Row read = rows.get("SchemaBenchmark.readGenerated");
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("writeGenerated", "write: generated `itemToMap(item, true)`");
      labels.put("writeHandWritten", "write: hand-written `StaticImmutableTableSchema`");
      labels.put("readGenerated", "read: generated `mapToItem(map)`, keys verified");
      labels.put("readHandWritten", "read: hand-written, stored keys ignored");
      labels.put("readHandWrittenVerified", "read: hand-written, keys verified in `build()`");
      labels.put("writeStaticBean", "write: hand-written `StaticTableSchema` over `RunBean`");
      labels.put("readStaticBean", "read: hand-written bean schema, stored keys ignored");
      labels.put("readStaticBeanVerified", "read: hand-written bean schema, then keys verified");
      labels.forEach((method, label) -> {
        Row r = rows.get("SchemaBenchmark." + method);
        if (r != null) {
          Row generated = method.startsWith("write") ? write : read;
          out.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %s |%n", label, ns(r.score()),
              ns(r.error()), r.bytesPerOp(), times(r.score() / generated.score())));
        }
      });
      out.append('\n');
      Row handWrite = rows.get("SchemaBenchmark.writeHandWritten");
      Row handRead = rows.get("SchemaBenchmark.readHandWritten");
      Row handReadVerified = rows.get("SchemaBenchmark.readHandWrittenVerified");
      out.append(String.format(Locale.ROOT, "- write, generated / hand-written: **%s**%n"
              + "- read, generated / hand-written verifying the keys: **%s**; / hand-written ignoring them: "
              + "**%s**%n", ratio(write, handWrite), ratio(read, handReadVerified), ratio(read, handRead)));
      Row beanWrite = rows.get("SchemaBenchmark.writeStaticBean");
      Row beanRead = rows.get("SchemaBenchmark.readStaticBean");
      Row beanReadVerified = rows.get("SchemaBenchmark.readStaticBeanVerified");
      if (beanWrite != null) {
        out.append(String.format(Locale.ROOT, "- write, generated / hand-written `StaticTableSchema` over the "
            + "bean: **%s**%n", ratio(write, beanWrite)));
      }
      if (beanReadVerified != null) {
        out.append(String.format(Locale.ROOT, "- read, generated / bean schema verifying the keys: **%s**%s%n",
            ratio(read, beanReadVerified), beanRead == null ? ""
                : String.format(Locale.ROOT, "; / bean schema ignoring them: %s", ratio(read, beanRead))));
      }
      out.append('\n');
      verdicts.add(String.format(Locale.ROOT, "| schema `itemToMap` no slower than a hand-written "
          + "`StaticImmutableTableSchema` | %s ns vs %s ns, ratio %s | %s |", ns(write.score()),
          ns(handWrite.score()), ratio(write, handWrite), atMost(write, handWrite)));
      verdicts.add(String.format(Locale.ROOT, "| schema `mapToItem` (keys verified) no slower than the "
          + "hand-written schema verifying its keys | %s ns vs %s ns, ratio %s | %s |", ns(read.score()),
          ns(handReadVerified.score()), ratio(read, handReadVerified), atMost(read, handReadVerified)));
      verdicts.add(String.format(Locale.ROOT, "| schema `mapToItem` (keys verified) no slower than the "
          + "hand-written schema ignoring its keys (the stricter reading) | %s ns vs %s ns, ratio %s | %s |",
          ns(read.score()), ns(handRead.score()), ratio(read, handRead), atMost(read, handRead)));
      if (beanWrite != null) {
        verdicts.add(String.format(Locale.ROOT, "| the table schema no slower than a hand-written "
            + "`StaticTableSchema` over a mutable bean with the same attributes: write (`itemToMap`) "
            + "| %s ns vs %s ns, ratio %s | %s |", ns(write.score()), ns(beanWrite.score()),
            ratio(write, beanWrite), atMost(write, beanWrite)));
      }
      if (beanReadVerified != null) {
        verdicts.add(String.format(Locale.ROOT, "| the table schema no slower than a hand-written "
            + "`StaticTableSchema` over a mutable bean with the same attributes: read with key verification "
            + "| %s ns vs %s ns, ratio %s | %s |", ns(read.score()), ns(beanReadVerified.score()),
            ratio(read, beanReadVerified), atMost(read, beanReadVerified)));
      }
    }
    Row first = rows.get("SchemaFirstUseBenchmark.generated");
    if (first != null) {
      out.append(String.format(Locale.ROOT, "First use in a fresh JVM: loading the classes, building the "
          + "schema and the first `itemToMap`, one sample per JVM (`SingleShotTime`, %d forks per "
          + "variant; the JDK's lambda and string-concatenation bootstraps warmed beforehand with "
          + "unrelated code). ms; the mean's error is JMH's 99.9%% interval over the forks.%n%n",
          first.samples()));
      out.append("| first use | mean ms | ± (99.9%) | median | min | max | mean / generated |\n"
          + "|---|---:|---:|---:|---:|---:|---:|\n");
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("generated", "generated `RunKeys.tableSchema()` (record)");
      labels.put("staticImmutable", "hand-written `StaticImmutableTableSchema` (record + builder)");
      labels.put("staticBean", "hand-written `StaticTableSchema` (bean)");
      labels.put("beanTableSchema", "`TableSchema.fromBean` (`BeanTableSchema`, bean)");
      labels.forEach((method, label) -> {
        Row r = rows.get("SchemaFirstUseBenchmark." + method);
        if (r != null) {
          out.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %s |%n", label,
              r.score(), r.error(), r.median(), r.min(), r.max(), times(r.score() / first.score())));
        }
      });
      out.append('\n');
      Row immutable = rows.get("SchemaFirstUseBenchmark.staticImmutable");
      Row bean = rows.get("SchemaFirstUseBenchmark.staticBean");
      Row reflective = rows.get("SchemaFirstUseBenchmark.beanTableSchema");
      if (immutable != null && bean != null && reflective != null) {
        out.append(String.format(Locale.ROOT, "- generated / `StaticImmutableTableSchema`: **%s**; / "
                + "`StaticTableSchema`: **%s**; / `BeanTableSchema`: **%s**%n%n",
            ratio(first, immutable), ratio(first, bean), ratio(first, reflective)));
        Row fastest = immutable.score() <= bean.score() ? immutable : bean;
        verdicts.add(String.format(Locale.ROOT, "| first `tableSchema()` in a fresh JVM no slower than the "
                + "SDK's static schema built by hand (the faster of `StaticImmutableTableSchema`, "
                + "`StaticTableSchema`) | %.1f ms vs %.1f ms (`%s`), ratio %s | %s |", first.score(),
            fastest.score(), fastest.name().substring(fastest.name().indexOf('.') + 1),
            ratio(first, fastest), atMost(first, fastest, "ms")));
        verdicts.add(String.format(Locale.ROOT, "| first `tableSchema()` in a fresh JVM faster than "
                + "`BeanTableSchema` | %.1f ms vs %.1f ms, ratio %s | %s |", first.score(),
            reflective.score(), ratio(first, reflective), faster(first, reflective)));
      }
    }
  }

  /** {@code a / b} with the range the error bars allow. */
  static String ratio(Row a, Row b) {
    double r = a.score() / b.score();
    if (Double.isNaN(a.error()) || Double.isNaN(b.error())) {
      return String.format(Locale.ROOT, "%.2f", r);
    }
    if (a.error() >= a.score() || b.error() >= b.score()) {
      return String.format(Locale.ROOT, "%.2f (error bars wider than the means)", r);
    }
    double lo = (a.score() - a.error()) / (b.score() + b.error());
    double hi = (a.score() + a.error()) / (b.score() - b.error());
    return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r, lo, hi);
  }

  /** Met, inconclusive or missed: {@code a < b}, with their error bars apart? */
  static String faster(Row a, Row b) {
    if (a.score() + a.error() < b.score() - b.error()) {
      return "met";
    }
    return a.score() < b.score() ? "inconclusive: faster, but the error bars overlap" : "**missed**";
  }

  private static void processor(Map<String, Row> rows, int[] records, List<ProcessorPhases.Breakdown> phases,
      StringBuilder out, List<String> verdicts) {
    out.append("## 5. Processor cost\n\nOne in-process `javac --release 17` of N generated records (one "
        + "file each), median of the measured single shots, ms. *Generated code* is the cost of "
        + "compiling the `*Keys` sources (`javacPregenerated` − plain), *processing* the rest "
        + "(dynakeys − `javacPregenerated`), measured at every N unless `--no-pregenerated`. Forks run one "
        + "after another, so a change of the machine's load between them shows up in these ratios; "
        + "the interleaved diagnostic below (CPU time of the compiling thread) is steadier.\n\n");
    out.append("| N | plain ms | + dynakeys ms | overhead | of which compiling generated code | "
        + "of which processing | ms/record plain | ms/record + dynakeys | added ms/record |\n"
        + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    double[] xs = new double[records.length];
    double[] plain = new double[records.length];
    double[] with = new double[records.length];
    double[] pre = new double[records.length];
    for (int i = 0; i < records.length; i++) {
      int n = records[i];
      xs[i] = n;
      plain[i] = median(rows, "ProcessorBenchmark.javacPlain@" + n);
      with[i] = median(rows, "ProcessorBenchmark.javacDynakeys@" + n);
      pre[i] = median(rows, "ProcessorBenchmark.javacPregenerated@" + n);
      String split = Double.isNaN(pre[i]) ? "| n/a | n/a" : String.format(Locale.ROOT, "| %+.0f%% | %+.0f%%",
          100 * (pre[i] - plain[i]) / plain[i], 100 * (with[i] - pre[i]) / plain[i]);
      out.append(String.format(Locale.ROOT, "| %d | %.0f | %.0f | %+.0f%% %s | %.2f | %.2f | %.2f |%n",
          n, plain[i], with[i], 100 * (with[i] / plain[i] - 1), split, plain[i] / n, with[i] / n,
          (with[i] - plain[i]) / n));
    }
    out.append("\nLinear fit `time = a + b·N` over the sizes above:\n\n"
        + "| compilation | b (ms/record) | a (ms) | R² | marginal ms/record, last step / first step |\n"
        + "|---|---:|---:|---:|---:|\n");
    double[] replay = new double[records.length];
    for (int i = 0; i < records.length; i++) {
      replay[i] = median(rows, "ProcessorBenchmark.javacReplay@" + records[i]);
    }
    boolean replayed = !Double.isNaN(pre[0]) && Arrays.stream(replay).noneMatch(Double::isNaN);
    Fit plainFit = fitRow(out, "plain (-proc:none)", xs, plain);
    Fit withFit = fitRow(out, "+ dynakeys", xs, with);
    Fit preFit = Double.isNaN(pre[0]) ? null : fitRow(out, "records + pre-generated *Keys (-proc:none)", xs, pre);
    Fit replayFit = replayed ? fitRow(out, "records + the replaying processor", xs, replay) : null;
    double[] added = new double[records.length];
    for (int i = 0; i < records.length; i++) {
      added[i] = with[i] - plain[i];
    }
    Fit addedFit = fitRow(out, "added by dynakeys (difference)", xs, added);
    out.append('\n');
    int at500 = Arrays.binarySearch(records, 500);
    int target = at500 >= 0 ? at500 : records.length - 1;
    int n = records[target];
    Row withRow = rows.get("ProcessorBenchmark.javacDynakeys@" + n);
    Row preRow = rows.get("ProcessorBenchmark.javacPregenerated@" + n);
    String atN = at500 >= 0 ? "" : " (not measured at 500; largest N = " + n + ")";
    if (preRow != null && withRow != null) {
      double overhead = 100 * (withRow.median() / preRow.median() - 1);
      // The widest and narrowest overheads the single shots allow.
      double low = 100 * (withRow.min() / preRow.max() - 1);
      double high = 100 * (withRow.max() / preRow.min() - 1);
      String cpu = "";
      String cpuVerdict = null;
      ProcessorPhases.Breakdown cpuWith = phase(phases, n, "javac + dynakeys (fresh");
      ProcessorPhases.Breakdown cpuPre = phase(phases, n, "javac -proc:none, records + pre-generated");
      if (cpuWith != null && cpuPre != null) {
        double cpuOverhead = 100 * (cpuWith.cpuMs() / cpuPre.cpuMs() - 1);
        cpu = String.format(Locale.ROOT, "; interleaved diagnostic, CPU time of the javac thread: %+.0f%% "
            + "(%.0f ms → %.0f ms)", cpuOverhead, cpuPre.cpuMs(), cpuWith.cpuMs());
        cpuVerdict = cpuOverhead <= 25 ? "met" : "missed";
      }
      String verdict = high <= 25 ? "met" : low > 25 ? "**missed**"
          : overhead <= 25 ? "met by the medians, but single shots straddle +25%: inconclusive"
          : "**missed** by the medians (single shots straddle +25%)";
      if (cpuVerdict != null) {
        verdict += "; CPU-time diagnostic: " + cpuVerdict;
      }
      verdicts.add(String.format(Locale.ROOT, "| processor adds ≤ +25%% to compiling the same generated "
              + "sources with `-proc:none`, at N = 500%s | %+.0f%% (%.0f ms → %.0f ms; single shots "
              + "%+.0f%% … %+.0f%%)%s | %s |", atN, overhead, preRow.median(), withRow.median(), low, high,
          cpu, verdict));
    } else if (withRow != null) {
      verdicts.add(String.format(Locale.ROOT, "| processor adds ≤ +25%% to compiling the same generated "
          + "sources with `-proc:none`, at N = 500 | not measured (run without `--no-pregenerated`); "
          + "over the records alone %+.0f%% | n/a |", 100 * (with[target] / plain[target] - 1)));
    }
    if (replayed) {
      floors(rows, records, with, pre, replay, plainFit, preFit, replayFit, phases, n, atN, out, verdicts);
    }
    verdicts.add(String.format(Locale.ROOT, "| (reported beside it) javac ms per record, fitted | + dynakeys "
            + "%.1f ms/record, pre-generated %s, records alone %.1f ms/record; + dynakeys / records alone "
            + "%.1f× | report |", withFit.slope(), xs.length < 2 || preFit == null ? "n/a"
            : String.format(Locale.ROOT, "%.1f ms/record", preFit.slope()), plainFit.slope(),
        withFit.slope() / plainFit.slope()));
    boolean linear = withFit.r2() >= 0.98 && withFit.curvature() <= 1.5;
    double spread = 0;
    for (int size : records) {
      for (String b : List.of("javacPlain", "javacDynakeys")) {
        Row r = rows.get("ProcessorBenchmark." + b + "@" + size);
        if (r != null) {
          spread = Math.max(spread, r.spread());
        }
      }
    }
    String verdict = linear ? "met"
        : spread > 0.25 ? String.format(Locale.ROOT, "inconclusive: single compilations varied by up "
            + "to %.0f%% of their median; rerun on a quiet machine", 100 * spread)
        : withFit.curvature() > 1.5 ? "**missed** (grows faster than linearly)" : "**missed**";
    verdicts.add(String.format(Locale.ROOT, "| processor time grows linearly with N | R² %.3f, "
        + "%.2f ms/record; last/first marginal cost %.2f (added part: R² %.3f, %.2f) | %s |",
        withFit.r2(), withFit.slope(), withFit.curvature(), addedFit.r2(), addedFit.curvature(),
        verdict));
  }

  /**
   * What no processor that generates these sources can go below, from {@code javacReplay} (a
   * processor that only writes them, {@link ReplayProcessor}): its cost over {@code
   * javacPregenerated} is javac's rounds alone, and {@code javacPregenerated} over plain is what
   * compiling the sources costs without any processor. Called when the replay was measured.
   */
  private static void floors(Map<String, Row> rows, int[] records, double[] with, double[] pre, double[] replay,
      Fit plainFit, Fit preFit, Fit replayFit, List<ProcessorPhases.Breakdown> phases, int n, String atN,
      StringBuilder out, List<String> verdicts) {
    out.append("The floor under any processor that generates these sources: `javacReplay` compiles the "
        + "records with a processor that only writes the sources generated beforehand (`ReplayProcessor`), "
        + "so its cost over `javacPregenerated` is javac's rounds alone (the generated files parsed in a "
        + "round, every file entered again in each later round, the processor called in each).\n\n"
        + "| N | pre-generated ms | replay ms | javac's rounds alone (replay / pre-generated − 1) "
        + "| + dynakeys over the replay |\n|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < records.length; i++) {
      out.append(String.format(Locale.ROOT, "| %d | %.0f | %.0f | %+.0f%% | %+.0f%% |%n", records[i], pre[i],
          replay[i], 100 * (replay[i] / pre[i] - 1), 100 * (with[i] / replay[i] - 1)));
    }
    out.append('\n');
    Row preRow = rows.get("ProcessorBenchmark.javacPregenerated@" + n);
    Row replayRow = rows.get("ProcessorBenchmark.javacReplay@" + n);
    Row withRow = rows.get("ProcessorBenchmark.javacDynakeys@" + n);
    double rounds = 100 * (replayRow.median() / preRow.median() - 1);
    // The narrowest and widest the single shots allow, as for the +25% verdict itself.
    double low = 100 * (replayRow.min() / preRow.max() - 1);
    double high = 100 * (replayRow.max() / preRow.min() - 1);
    String cpu = "";
    ProcessorPhases.Breakdown cpuPre = phase(phases, n, "javac -proc:none, records + pre-generated");
    ProcessorPhases.Breakdown cpuReplay = phase(phases, n, "javac + a processor that only writes");
    ProcessorPhases.Breakdown cpuWith = phase(phases, n, "javac + dynakeys (fresh");
    double cpuRounds = Double.NaN;
    if (cpuPre != null && cpuReplay != null && cpuWith != null) {
      cpuRounds = 100 * (cpuReplay.cpuMs() / cpuPre.cpuMs() - 1);
      cpu = String.format(Locale.ROOT, "; CPU time of the javac thread: %+.0f%%, dynakeys' own work %+.0f%% "
          + "over it", cpuRounds, 100 * (cpuWith.cpuMs() / cpuReplay.cpuMs() - 1));
    }
    boolean cpuAbove = Double.isNaN(cpuRounds) || cpuRounds > 25;
    String verdict = low > 25 && cpuAbove
        ? "the target is below the floor: no processor that generates these sources meets it"
        : rounds > 25 && cpuAbove
            ? "the floor is at the target: its medians are above +25%, its single shots straddle it"
            : "report";
    verdicts.add(String.format(Locale.ROOT, "| (the floor of the +25%% target) a processor that only writes the "
            + "same sources, over `-proc:none`, at N = 500%s | %+.0f%% (%.0f ms → %.0f ms; single shots %+.0f%% … "
            + "%+.0f%%); dynakeys %+.0f%% over it%s | %s |", atN, rounds, preRow.median(), replayRow.median(), low,
        high, 100 * (withRow.median() / replayRow.median() - 1), cpu, verdict));
    verdicts.add(String.format(Locale.ROOT, "| (the floor of the 4× target) javac ms per record over the "
            + "records and these sources, fitted | without any processor %.1f ms/record, %.1f× the records' "
            + "%.1f; with the replaying processor %.1f ms/record, %.1f× | %s |", preFit.slope(),
        preFit.slope() / plainFit.slope(), plainFit.slope(), replayFit.slope(),
        replayFit.slope() / plainFit.slope(), preFit.slope() / plainFit.slope() > 4
            ? "the target is below the floor: these sources alone cost more" : "report"));
  }

  private static void writes(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    Row batch = withItems(rows, "batchWrite");
    Row byHand = withItems(rows, "enhancedBatchByHand");
    Row single = withItems(rows, "singlePuts");
    String items = batch.name().substring(batch.name().indexOf('@') + 1);
    out.append("## 7. Batch writes\n\nOne write of " + items + " items to a stub DynamoDB that answers each request"
        + " after " + BatchWriteBenchmark.DELAY_MILLIS + " ms (a real `DynamoDbClient` over a stub HTTP client).\n\n");
    out.append("| write | ms | / `BatchWrite` |\n|---|---:|---:|\n");
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("batchWrite", "`BatchWrite.create().put(table, items).run(client)`");
    labels.put("enhancedBatchByHand", "the enhanced client's `batchWriteItem`, chunked into 25s by hand");
    labels.put("singlePuts", "a loop of `table.putItem(item)`");
    labels.forEach((method, label) -> {
      Row r = withItems(rows, method);
      if (r != null) {
        out.append(String.format(Locale.ROOT, "| %s | %.0f | %s |%n", label, r.score(),
            times(r.score() / batch.score())));
      }
    });
    out.append('\n');
    if (single != null) {
      double speedup = single.score() / batch.score();
      verdicts.add(String.format(Locale.ROOT, "| batch writes at least 10× a loop of single puts against a 5 ms stub"
          + " | %.1f× | %s |", speedup, speedup >= 10 ? "met" : "**missed**"));
    }
    if (byHand != null) {
      verdicts.add(String.format(Locale.ROOT, "| batch writes no slower than the enhanced client's batch calls chunked"
          + " by hand | %.0f ms vs %.0f ms, ratio %.2f | %s |", batch.score(), byHand.score(),
          batch.score() / byHand.score(), atMost(batch, byHand, "ms")));
    }
  }

  private static void updates(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    Row typed = rows.get("UpdateBenchmark.typed");
    Row hand = rows.get("UpdateBenchmark.handWritten");
    double ratio = typed.score() / hand.score();
    out.append("## 8. Typed updates\n\nBuilding the `UpdateItemRequest` of one conditional update of a value"
        + " attribute from a run's key components; nothing is sent.\n\n");
    out.append("| request | ns/op | B/op | / hand-written |\n|---|---:|---:|---:|\n");
    out.append(String.format(Locale.ROOT, "| `Update.of(schema, key).set(NAME, …).when(eq(NAME, …)).toRequest(table)`"
        + " | %.0f | %.0f | %s |%n", typed.score(), typed.bytesPerOp(), times(ratio)));
    out.append(String.format(Locale.ROOT, "| a hand-written `UpdateItemRequest`, the same key, expressions, names and values"
        + " | %.0f | %.0f | 1.00× |%n%n", hand.score(), hand.bytesPerOp()));
    verdicts.add(String.format(Locale.ROOT, "| a typed update request built no slower than 1.2× a hand-written"
        + " `UpdateItemRequest` | %.0f vs %.0f ns: %.2f× | %s |", typed.score(), hand.score(), ratio,
        ratio <= 1.2 ? "met" : (typed.score() - 1.2 * hand.score() <= typed.error() + hand.error()
            ? "inconclusive: within the error bars" : "**missed**")));
  }

  /** The row of a batch write benchmark, whatever its number of items. */
  private static Row withItems(Map<String, Row> rows, String method) {
    String prefix = "BatchWriteBenchmark." + method + "@";
    return rows.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).map(Map.Entry::getValue)
        .findFirst().orElse(null);
  }

  private static void reads(Map<String, Row> rows, StringBuilder out, List<String> verdicts) {
    out.append("## 6. Merged reads\n\n");
    Row plain = rows.get("ReadMergeBenchmark.plainOnePartition@1");
    if (plain != null) {
      out.append("Per item, " + ReadMergeBenchmark.ITEMS + " runs in in-process pages of 100 (no server): "
          + "`items(table)` over N partitions against the enhanced client's own paginated read of one "
          + "partition holding all of them (`table.query(...).items()`).\n\n");
      out.append("| partitions | `items(table)` ns/item | + cursor ns/item | B/item | / plain read of one partition |\n"
          + "|---:|---:|---:|---:|---:|\n");
      out.append(String.format(Locale.ROOT, "| plain, 1 | %s | | %.0f | 1 |%n", ns(plain.score()), plain.bytesPerOp()));
      for (String shards : List.of("1", "4", "16")) {
        Row merged = rows.get("ReadMergeBenchmark.merged@" + shards);
        Row cursor = rows.get("ReadMergeBenchmark.mergedWithCursor@" + shards);
        if (merged != null) {
          out.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %s |%n", shards, ns(merged.score()),
              cursor == null ? "" : ns(cursor.score()), merged.bytesPerOp(), times(merged.score() / plain.score())));
        }
      }
      out.append('\n');
      Row one = rows.get("ReadMergeBenchmark.merged@1");
      Row sixteen = rows.get("ReadMergeBenchmark.merged@16");
      if (one != null && sixteen != null) {
        out.append(String.format(Locale.ROOT, "- one partition through the library / plain: **%.2f**; 16 partitions"
            + " merged / plain: **%.2f** (the merge's own cost: %s ns per item, mostly computing each item's"
            + " sort key through the schema)%n%n", one.score() / plain.score(), sixteen.score() / plain.score(),
            ns(sixteen.score() - one.score())));
      }
      Row worst = null;
      for (String shards : List.of("4", "16")) {
        Row merged = rows.get("ReadMergeBenchmark.merged@" + shards);
        if (merged != null && (worst == null || merged.score() > worst.score())) {
          worst = merged;
        }
      }
      if (worst != null) {
        double added = worst.score() - plain.score();
        double noise = worst.error() + plain.error();
        verdicts.add(String.format(Locale.ROOT, "| merging adds under 1 µs per item (merged read of %s partitions"
                + " − plain read of one) | %s ns − %s ns = %s ns ± %s per item | %s |",
            worst.name().substring(worst.name().indexOf('@') + 1), ns(worst.score()), ns(plain.score()), ns(added),
            ns(noise), added + noise < 1000 ? "met" : added < 1000 ? "inconclusive (within the error bars)"
                : "**missed**"));
      }
    }
    Row single = rows.get("ReadFanOutBenchmark.oneShard");
    if (single != null) {
      out.append("Latency of one read of " + ReadFanOutBenchmark.SHARDS + " shards against one shard's, a stub "
          + "table answering each page after " + ReadFanOutBenchmark.DELAY_MILLIS + " ms.\n\n");
      out.append("| read | ms | / one shard |\n|---|---:|---:|\n");
      Map<String, String> labels = new LinkedHashMap<>();
      labels.put("oneShard", "one shard, synchronous");
      labels.put("parallel", ReadFanOutBenchmark.SHARDS + " shards, synchronous, default executor");
      labels.put("sequential", ReadFanOutBenchmark.SHARDS + " shards, synchronous, `Runnable::run` (sequential)");
      labels.put("asyncOneShard", "one shard, asynchronous");
      labels.put("asyncParallel", ReadFanOutBenchmark.SHARDS + " shards, asynchronous");
      labels.forEach((method, label) -> {
        Row r = rows.get("ReadFanOutBenchmark." + method);
        if (r != null) {
          out.append(String.format(Locale.ROOT, "| %s | %.2f | %s |%n", label, r.score(), times(r.score() / single.score())));
        }
      });
      out.append('\n');
      Row parallel = rows.get("ReadFanOutBenchmark.parallel");
      Row sequential = rows.get("ReadFanOutBenchmark.sequential");
      Row asyncOne = rows.get("ReadFanOutBenchmark.asyncOneShard");
      Row asyncParallel = rows.get("ReadFanOutBenchmark.asyncParallel");
      if (parallel != null) {
        double ratio = parallel.score() / single.score();
        verdicts.add(String.format(Locale.ROOT, "| %d shards read concurrently take about one shard's time (≤ 1.5×) |"
            + " %.2f ms vs %.2f ms, %.2f× | %s |", ReadFanOutBenchmark.SHARDS, parallel.score(), single.score(),
            ratio, ratio <= 1.5 ? "met" : "**missed**"));
      }
      if (sequential != null) {
        double ratio = sequential.score() / single.score();
        verdicts.add(String.format(Locale.ROOT, "| read one after another, %d shards take about %d× one shard's time"
            + " (the control) | %.1f× | %s |", ReadFanOutBenchmark.SHARDS, ReadFanOutBenchmark.SHARDS, ratio,
            Math.abs(ratio - ReadFanOutBenchmark.SHARDS) <= 0.25 * ReadFanOutBenchmark.SHARDS ? "met" : "**missed**"));
      }
      if (asyncOne != null && asyncParallel != null) {
        double ratio = asyncParallel.score() / asyncOne.score();
        verdicts.add(String.format(Locale.ROOT, "| asynchronously, %d shards take about one shard's time (≤ 1.5×) |"
            + " %.2f×  | %s |", ReadFanOutBenchmark.SHARDS, ratio, ratio <= 1.5 ? "met" : "**missed**"));
      }
    }
  }

  private static ProcessorPhases.Breakdown phase(List<ProcessorPhases.Breakdown> phases, int n, String label) {
    return phases.stream().filter(b -> b.records() == n && b.variant().startsWith(label)).findFirst().orElse(null);
  }

  private static double median(Map<String, Row> rows, String name) {
    Row r = rows.get(name);
    return r == null ? Double.NaN : r.median();
  }

  /** A least-squares line and how far the data bends away from it. */
  record Fit(double slope, double intercept, double r2, double curvature) {}

  static Fit fit(double[] x, double[] y) {
    int n = x.length;
    double mx = Arrays.stream(x).average().orElse(0);
    double my = Arrays.stream(y).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < n; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) * (x[i] - mx);
      syy += (y[i] - my) * (y[i] - my);
    }
    double slope = sxy / sxx;
    double r2 = syy == 0 ? 1 : sxy * sxy / (sxx * syy);
    double first = (y[1] - y[0]) / (x[1] - x[0]);
    double last = (y[n - 1] - y[n - 2]) / (x[n - 1] - x[n - 2]);
    return new Fit(slope, my - slope * mx, r2, last / first);
  }

  private static Fit fitRow(StringBuilder out, String label, double[] x, double[] y) {
    if (x.length < 2) {
      return new Fit(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    Fit f = fit(x, y);
    out.append(String.format(Locale.ROOT, "| %s | %.2f | %.0f | %.3f | %.2f |%n", label, f.slope(),
        f.intercept(), f.r2(), f.curvature()));
    return f;
  }
}
