package io.dynakeys.tools.cli;

import io.dynakeys.tools.ConfigurationException;
import io.dynakeys.tools.Rate;
import io.dynakeys.tools.ScanSettings;
import java.io.PrintStream;
import java.nio.file.Path;
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
      description = "Offending items shown per entity and kind; default ${DEFAULT-VALUE}")
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
    try {
      ScanSettings s = ScanSettings.defaults().segments(segments);
      if (segmentRange != null) {
        String[] parts = segmentRange.split(":", -1);
        if (parts.length != 2) {
          throw new ConfigurationException("--segment-range is FROM:TO, e.g. 0:4, not " + segmentRange);
        }
        try {
          s = s.segmentRange(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (NumberFormatException e) {
          throw new ConfigurationException("--segment-range is FROM:TO, e.g. 0:4, not " + segmentRange, e);
        }
      }
      if (threads != null) {
        s = s.threads(threads);
      } else {
        s = s.threads(Math.min(32, s.toSegment() - s.fromSegment()));
      }
      s = s.pageSize(pageSize).samples(samples).checkpoint(checkpoint);
      if (samples < 0) {
        throw new ConfigurationException("--samples must be 0 or more, not " + samples);
      }
      if (readRate != null) {
        s = s.readRate(Rate.parse(readRate));
      }
      if (writeRate != null) {
        s = s.writeRate(Rate.parse(writeRate));
      }
      PrintStream progress = noProgress ? null : System.err;
      return s.progress(progress);
    } catch (IllegalArgumentException e) { // ScanSettings' and Rate's checks of the values
      throw new ConfigurationException(e.getMessage(), e);
    }
  }

  int threads(ScanSettings s) {
    return s.threads();
  }
}
