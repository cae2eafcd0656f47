package io.dynakeys.benchmarks;

import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A diagnostic, not a benchmark: where the time of one {@code javac} with dynakeys goes. javac's
 * own task events time its phases (parse, enter, annotation processing, analyze, generate), a
 * wrapper around the processor times the processor's own {@code process} calls, and the compiling
 * thread's CPU time is less disturbed by other processes than the wall clock. Four compilations of
 * the same module are interleaved, run after run, so that a change in the machine's load hits them
 * alike:
 *
 * <ul>
 *   <li>{@code -proc:none} over the records;
 *   <li>with dynakeys loaded by a fresh class loader, as javac's {@code -processorpath} does in
 *       every build;
 *   <li>with dynakeys loaded once and kept (its code loaded and JIT-compiled): the difference to
 *       the previous line is the processor's cold start;
 *   <li>{@code -proc:none} over the records and the {@code *Keys} sources generated beforehand:
 *       the cost of compiling the generated code;
 *   <li>with a {@link ReplayProcessor} that only writes those sources generated beforehand: javac's
 *       rounds alone, the floor under any processor that generates them (the difference to the
 *       second line is dynakeys' own work, its cold start included).
 * </ul>
 *
 * Medians of the measured runs, after {@code warmups} runs. Run alone: {@code java -cp
 * benchmarks/target/benchmarks.jar io.dynakeys.benchmarks.ProcessorPhases 500 [warmups] [runs]}.
 */
public final class ProcessorPhases {
  private ProcessorPhases() {}

  private static final TaskEvent.Kind[] KINDS = {TaskEvent.Kind.PARSE, TaskEvent.Kind.ENTER,
      TaskEvent.Kind.ANNOTATION_PROCESSING, TaskEvent.Kind.ANALYZE, TaskEvent.Kind.GENERATE};

  /** Medians for one way of compiling. */
  public record Breakdown(int records, String variant, double wallMs, double cpuMs, double processorMs,
      int rounds, Map<TaskEvent.Kind, Double> phaseMs) {}

  /** Sums the time between the start and the end of each kind of task event. */
  static final class PhaseTimer implements TaskListener {
    final Map<TaskEvent.Kind, Long> nanos = new EnumMap<>(TaskEvent.Kind.class);
    private final Map<TaskEvent.Kind, Long> started = new EnumMap<>(TaskEvent.Kind.class);
    private final Map<TaskEvent.Kind, Integer> depth = new EnumMap<>(TaskEvent.Kind.class);

    @Override
    public void started(TaskEvent e) {
      int d = depth.merge(e.getKind(), 1, Integer::sum);
      if (d == 1) {
        started.put(e.getKind(), System.nanoTime());
      }
    }

    @Override
    public void finished(TaskEvent e) {
      int d = depth.merge(e.getKind(), -1, Integer::sum);
      if (d == 0) {
        nanos.merge(e.getKind(), System.nanoTime() - started.get(e.getKind()), Long::sum);
      }
    }
  }

  private enum Variant {
    PLAIN("javac -proc:none", ModuleCompiler.Processing.NONE),
    DYNAKEYS("javac + dynakeys (fresh loader, as in a build)", ModuleCompiler.Processing.DYNAKEYS),
    WARM("javac + dynakeys (processor kept loaded and JIT-compiled)",
        ModuleCompiler.Processing.DYNAKEYS_WARM_LOADER),
    PREGENERATED("javac -proc:none, records + pre-generated *Keys", ModuleCompiler.Processing.NONE),
    REPLAY("javac + a processor that only writes the pre-generated *Keys (javac's rounds alone)",
        ModuleCompiler.Processing.REPLAY);

    final String label;
    final ModuleCompiler.Processing processing;

    Variant(String label, ModuleCompiler.Processing processing) {
      this.label = label;
      this.processing = processing;
    }
  }

  /** Compiles an {@code n}-record module {@code warmups + runs} times each way; medians of the runs. */
  public static List<Breakdown> measure(int n, int warmups, int runs) throws IOException {
    Path work = Files.createTempDirectory("dynakeys-phases-");
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    try {
      List<Path> sources = ModuleGenerator.write(work.resolve("src"), n, 42L + n);
      ModuleCompiler compiler = new ModuleCompiler();
      Path keys = Files.createDirectories(work.resolve("keys"));
      ProcessorBenchmark.check(compiler.compile(sources, ModuleCompiler.Processing.DYNAKEYS,
          Files.createDirectories(work.resolve("once")), keys, null), "javac + dynakeys");
      List<Path> withKeys = new ArrayList<>(sources);
      withKeys.addAll(ModuleCompiler.javaFiles(keys));
      Map<String, String> replayed = ReplayProcessor.read(keys);
      Map<Variant, List<double[]>> samples = new LinkedHashMap<>();
      Map<Variant, Integer> rounds = new EnumMap<>(Variant.class);
      for (int run = 0; run < warmups + runs; run++) {
        for (Variant v : Variant.values()) {
          Path dir = work.resolve(v + "-" + run);
          Path classes = Files.createDirectories(dir.resolve("classes"));
          Path generated = Files.createDirectories(dir.resolve("generated"));
          PhaseTimer timer = new PhaseTimer();
          long cpu = threads.getCurrentThreadCpuTime();
          long start = System.nanoTime();
          ModuleCompiler.Outcome outcome = ProcessorBenchmark.check(v == Variant.REPLAY
              ? compiler.compileReplaying(sources, replayed, classes, generated, timer)
              : compiler.compile(v == Variant.PREGENERATED ? withKeys : sources, v.processing, classes,
                  generated, timer), v.label);
          long wall = System.nanoTime() - start;
          cpu = threads.getCurrentThreadCpuTime() - cpu;
          ModuleCompiler.delete(dir);
          if (run < warmups) {
            continue;
          }
          double[] sample = new double[3 + KINDS.length];
          sample[0] = wall / 1e6;
          sample[1] = cpu / 1e6;
          sample[2] = outcome.processorNanos() / 1e6;
          for (int k = 0; k < KINDS.length; k++) {
            sample[3 + k] = timer.nanos.getOrDefault(KINDS[k], 0L) / 1e6;
          }
          samples.computeIfAbsent(v, x -> new ArrayList<>()).add(sample);
          rounds.put(v, outcome.rounds());
        }
      }
      List<Breakdown> out = new ArrayList<>();
      samples.forEach((v, list) -> {
        Map<TaskEvent.Kind, Double> phases = new EnumMap<>(TaskEvent.Kind.class);
        for (int k = 0; k < KINDS.length; k++) {
          phases.put(KINDS[k], median(list, 3 + k));
        }
        out.add(new Breakdown(n, v.label, median(list, 0), median(list, 1), median(list, 2),
            rounds.get(v), phases));
      });
      return out;
    } finally {
      ModuleCompiler.delete(work);
    }
  }

  private static double median(List<double[]> samples, int column) {
    double[] values = samples.stream().mapToDouble(s -> s[column]).sorted().toArray();
    int mid = values.length / 2;
    return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
  }

  /** A markdown table of {@code breakdowns}. */
  public static String table(List<Breakdown> breakdowns) {
    StringBuilder out = new StringBuilder(
        "| N | compilation | wall ms | CPU ms (javac thread) | parse | enter "
            + "| annotation processing, all rounds | inside the processor | analyze | generate |\n"
            + "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Breakdown b : breakdowns) {
      out.append(String.format(Locale.ROOT, "| %d | %s | %.0f | %.0f", b.records(), b.variant(),
          b.wallMs(), b.cpuMs()));
      for (TaskEvent.Kind kind : KINDS) {
        out.append(String.format(Locale.ROOT, " | %.0f", b.phaseMs().getOrDefault(kind, 0.0)));
        if (kind == TaskEvent.Kind.ANNOTATION_PROCESSING) {
          out.append(String.format(Locale.ROOT, " | %.0f", b.processorMs()));
        }
      }
      out.append(" |\n");
    }
    return out.toString();
  }

  public static void main(String[] args) throws IOException {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 500;
    int warmups = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    System.out.println(Arrays.toString(args));
    System.out.print(table(measure(n, warmups, runs)));
  }
}
