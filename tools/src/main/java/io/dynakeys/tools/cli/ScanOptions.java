package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** The options of a parallel scan, shared by {@code verify} and {@code migrate}. */
public final class ScanOptions {
  @Option(names = "--segments", paramLabel = "N", defaultValue = "8",
      description = "Parallel-scan segments (TotalSegments); default ${DEFAULT-VALUE}")
  int segments;

  @Option(names = "--segment-range", paramLabel = "FROM:TO",
      description = "Scan only segments FROM (included) to TO (excluded), so several machines share one run")
  String segmentRange;

  @Option(names = "--threads", paramLabel = "N", description = "Segments scanned at once (default: all, at most 32)")
  Integer threads;

  @Option(names = "--page-size", paramLabel = "N", defaultValue = "500",
      description = "Items per Scan request, the granularity of checkpoints; default ${DEFAULT-VALUE}")
  int pageSize;

  @Option(names = "--read-rate", paramLabel = "RATE",
      description = "Cap on reads per second: items (500) or read capacity units (40rcu)")
  String readRate;

  @Option(names = "--checkpoint", paramLabel = "FILE",
      description = "Save progress per segment to FILE, and resume from it when it exists")
  Path checkpoint;

  @Option(names = "--samples", paramLabel = "K", defaultValue = "10",
      description = "Findings shown per entity and kind, smallest keys first (an item with one kind of finding in two"
          + " attributes, its sort key and an index key, takes two); migrate also shows K items per outcome; default"
          + " ${DEFAULT-VALUE}")
  int samples;

  @Option(names = "--no-progress", description = "Print no progress line")
  boolean noProgress;

  /** Creates the options; picocli calls this. */
  public ScanOptions() {}

  /**
   * The settings these options give.
   *
   * @param writeRate the command's {@code --write-rate}, or {@code null}
   * @throws ConfigurationException when an option's value is out of range or not understood
   */
  ScanSettings settings(String writeRate) {
    ScanSettings s = checked("--segments", () -> ScanSettings.defaults().segments(segments));
    if (segmentRange != null) {
      String[] parts = segmentRange.split(":", -1);
      if (parts.length != 2) {
        throw new ConfigurationException("--segment-range is FROM:TO, e.g. 0:4, not " + segmentRange);
      }
      int from;
      int to;
      try {
        from = Integer.parseInt(parts[0].trim());
        to = Integer.parseInt(parts[1].trim());
      } catch (NumberFormatException e) {
        throw new ConfigurationException("--segment-range is FROM:TO, e.g. 0:4, not " + segmentRange, e);
      }
      ScanSettings before = s;
      s = checked("--segment-range", () -> before.segmentRange(from, to));
    }
    ScanSettings ranged = s;
    s = threads != null
        ? checked("--threads", () -> ranged.threads(threads))
        : s.threads(Math.min(32, s.toSegment() - s.fromSegment()));
    ScanSettings threaded = s;
    s = checked("--page-size", () -> threaded.pageSize(pageSize)).samples(samples).checkpoint(checkpoint);
    if (samples < 0) {
      throw new ConfigurationException("--samples must be 0 or more, not " + samples);
    }
    if (readRate != null) {
      s = s.readRate(rate("--read-rate", readRate));
    }
    if (writeRate != null) {
      s = s.writeRate(rate("--write-rate", writeRate));
    }
    PrintStream progress = noProgress ? null : System.err;
    return s.progress(progress);
  }

  /** What {@code settings} gives; a value it refuses is an error that names {@code option}. */
  private static <T> T checked(String option, Supplier<T> settings) {
    try {
      return settings.get();
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(option + ": " + e.getMessage(), e);
    }
  }

  /** {@code text} as a rate; a value that is none is an error that names its option. */
  private static Rate rate(String option, String text) {
    return checked(option, () -> Rate.parse(text));
  }

  int threads(ScanSettings s) {
    return s.threads();
  }
}
