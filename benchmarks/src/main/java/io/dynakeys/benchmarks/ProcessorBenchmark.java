package io.dynakeys.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The processor's cost: one in-process {@code javac} of a module of {@code records} generated
 * records ({@link ModuleGenerator}), three ways:
 *
 * <ul>
 *   <li>{@code javacPlain}: {@code -proc:none}, the records alone — the module without dynakeys;
 *   <li>{@code javacDynakeys}: with the dynakeys processor — what a build with dynakeys costs
 *       (processing, then compiling the records and every generated {@code *Keys} class);
 *   <li>{@code javacPregenerated}: {@code -proc:none} over the records plus the {@code *Keys}
 *       sources the processor generated once in the setup — compiling the generated code without
 *       generating it;
 *   <li>{@code javacReplay}: the records with a {@link ReplayProcessor} that writes those same
 *       sources and does nothing else — javac's rounds alone, the least any processor that
 *       generates these sources can cost.
 * </ul>
 *
 * So {@code javacDynakeys - javacPlain} is the overhead users see; {@code javacPregenerated -
 * javacPlain} is the part that comes from the size of the generated code, and
 * {@code javacDynakeys - javacPregenerated} is the processor itself: javac's rounds
 * ({@code javacReplay - javacPregenerated}) and dynakeys' own work ({@code javacDynakeys -
 * javacReplay}).
 * One compilation is one operation ({@code SingleShotTime}); every compilation writes into a fresh
 * directory, created and deleted outside the measurement.
 *
 * <p>Every trial is warmed up alike, whichever way it compiles: the small module both ways, then
 * the full module once with dynakeys (which writes the sources {@code javacPregenerated} compiles).
 * Before, only the {@code javacPregenerated} trial compiled the full module in its setup, so its
 * javac was warmer than the others' and the processor's overhead over it came out too high.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ProcessorBenchmark {

  @Param({"100", "250", "500", "1000"})
  public int records;

  private ModuleCompiler compiler;
  private Path work;
  private List<Path> recordSources;
  private List<Path> withGenerated;
  private Map<String, String> generatedSources;
  private Path classes;
  private Path generated;
  private int invocation;

  /** The system property with the number of warm-up compilations of a small module per fork. */
  public static final String WARMUP_PROPERTY = "dynakeys.bench.warmupCompilations";

  /**
   * Writes the module and warms {@code javac} up with a few compilations of a 50-record module
   * (both ways), then compiles the full module once with dynakeys, in every trial alike: only
   * {@code javacPregenerated} needs the generated sources, but a trial that compiled more before
   * measuring would measure a warmer javac.
   */
  @Setup(Level.Trial)
  public void writeModule() throws IOException {
    compiler = new ModuleCompiler();
    work = Files.createTempDirectory("dynakeys-bench-");
    Path sources = work.resolve("src");
    recordSources = ModuleGenerator.write(sources, records, 42L + records);
    int warmups = Integer.getInteger(WARMUP_PROPERTY, 2);
    if (warmups > 0) {
      List<Path> small = ModuleGenerator.write(work.resolve("warmup-src"), 50, 1L);
      for (int i = 0; i < warmups; i++) {
        for (ModuleCompiler.Processing processing : List.of(ModuleCompiler.Processing.NONE,
            ModuleCompiler.Processing.DYNAKEYS)) {
          Path dir = work.resolve("warmup-" + i + "-" + processing);
          check(compiler.compile(small, processing, Files.createDirectories(dir.resolve("classes")),
              Files.createDirectories(dir.resolve("generated")), null), "warm-up");
          ModuleCompiler.delete(dir);
        }
      }
    }
    Path keys = work.resolve("generated-once");
    Path out = work.resolve("classes-once");
    Files.createDirectories(keys);
    Files.createDirectories(out);
    ModuleCompiler.Outcome once = compiler.compile(recordSources, ModuleCompiler.Processing.DYNAKEYS,
        out, keys, null);
    check(once, "processing the generated module");
    ModuleCompiler.delete(out);
    withGenerated = new ArrayList<>(recordSources);
    withGenerated.addAll(ModuleCompiler.javaFiles(keys));
    generatedSources = ReplayProcessor.read(keys);
    if (withGenerated.size() != 2 * records) {
      throw new IllegalStateException("expected one *Keys class per record, got "
          + (withGenerated.size() - records) + " for " + records + " records");
    }
  }

  @Setup(Level.Invocation)
  public void freshOutput() throws IOException {
    Path dir = work.resolve("run-" + invocation++);
    classes = Files.createDirectories(dir.resolve("classes"));
    generated = Files.createDirectories(dir.resolve("generated"));
  }

  @TearDown(Level.Invocation)
  public void deleteOutput() {
    ModuleCompiler.delete(classes.getParent());
  }

  @TearDown(Level.Trial)
  public void deleteModule() {
    ModuleCompiler.delete(work);
  }

  @Benchmark
  public ModuleCompiler.Outcome javacPlain() {
    return check(compiler.compile(recordSources, ModuleCompiler.Processing.NONE, classes, generated, null),
        "javac -proc:none");
  }

  @Benchmark
  public ModuleCompiler.Outcome javacDynakeys() {
    return check(compiler.compile(recordSources, ModuleCompiler.Processing.DYNAKEYS, classes, generated, null),
        "javac with dynakeys");
  }

  @Benchmark
  public ModuleCompiler.Outcome javacPregenerated() {
    return check(compiler.compile(withGenerated, ModuleCompiler.Processing.NONE, classes, generated, null),
        "javac -proc:none over records and generated sources");
  }

  @Benchmark
  public ModuleCompiler.Outcome javacReplay() {
    return check(compiler.compileReplaying(recordSources, generatedSources, classes, generated, null),
        "javac with a processor that writes the pre-generated sources");
  }

  static ModuleCompiler.Outcome check(ModuleCompiler.Outcome outcome, String what) {
    if (!outcome.success()) {
      throw new IllegalStateException(what + " failed: "
          + String.join("\n", outcome.errors().subList(0, Math.min(10, outcome.errors().size()))));
    }
    return outcome;
  }
}
