package io.dynakeys.tools.core;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * How a table is scanned: DynamoDB parallel-scan segments (all of them, or a range so several
 * machines share one run), threads, page size, rate caps, the checkpoint file and where progress
 * goes.
 *
 * <pre>{@code
 * ScanSettings.defaults().segments(16).segmentRange(0, 8).readRate(Rate.parse("200rcu"))
 *     .checkpoint(Path.of("verify-0-8.json"))
 * }</pre>
 *
 * @param totalSegments the scan's {@code TotalSegments}
 * @param fromSegment the first segment this run scans
 * @param toSegment the segment after the last this run scans
 * @param threads how many segments are scanned at once
 * @param pageSize the {@code Limit} of each Scan request: the granularity of checkpoints
 * @param readRate a cap on reads, or {@code null}
 * @param writeRate a cap on writes, or {@code null}
 * @param samples how many findings to keep per entity and kind (and a migration's items per outcome)
 * @param checkpoint the checkpoint file, or {@code null} for none
 * @param progress where the progress line goes, or {@code null} for nowhere
 */
public record ScanSettings(int totalSegments, int fromSegment, int toSegment, int threads, int pageSize,
    Rate readRate, Rate writeRate, int samples, Path checkpoint, PrintStream progress) {

  /** Checks the ranges. */
  public ScanSettings {
    if (totalSegments < 1 || totalSegments > 1_000_000) {
      throw new IllegalArgumentException("segments must be from 1 to 1000000, not " + totalSegments);
    }
    if (fromSegment < 0 || toSegment > totalSegments || fromSegment >= toSegment) {
      throw new IllegalArgumentException("the segment range " + fromSegment + ":" + toSegment
          + " is not within 0:" + totalSegments);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1");
    }
    if (pageSize < 1) {
      throw new IllegalArgumentException("the page size must be at least 1");
    }
  }

  /** Eight segments, all of them, eight threads, pages of 500 items, no caps, 10 samples. */
  public static ScanSettings defaults() {
    return new ScanSettings(8, 0, 8, 8, 500, null, null, 10, null, null);
  }

  /** All of {@code n} segments, scanned by up to {@code n} threads (at most 32). */
  public ScanSettings segments(int n) {
    return new ScanSettings(n, 0, n, Math.min(n, 32), pageSize, readRate, writeRate, samples, checkpoint, progress);
  }

  /** Only segments {@code from} (included) to {@code to} (excluded) of the total. */
  public ScanSettings segmentRange(int from, int to) {
    return new ScanSettings(totalSegments, from, to, threads, pageSize, readRate, writeRate, samples, checkpoint,
        progress);
  }

  /** Scans {@code n} segments at once. */
  public ScanSettings threads(int n) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, n, pageSize, readRate, writeRate, samples,
        checkpoint, progress);
  }

  /** Pages of {@code n} items. */
  public ScanSettings pageSize(int n) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, n, readRate, writeRate, samples,
        checkpoint, progress);
  }

  /** Caps reads. */
  public ScanSettings readRate(Rate rate) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, pageSize, rate, writeRate, samples,
        checkpoint, progress);
  }

  /** Caps writes. */
  public ScanSettings writeRate(Rate rate) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, pageSize, readRate, rate, samples,
        checkpoint, progress);
  }

  /** Keeps {@code n} findings per entity and kind (and a migration's {@code n} items per outcome). */
  public ScanSettings samples(int n) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, pageSize, readRate, writeRate, n,
        checkpoint, progress);
  }

  /** Checkpoints to {@code file}, and resumes from it when it exists. */
  public ScanSettings checkpoint(Path file) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, pageSize, readRate, writeRate, samples,
        file, progress);
  }

  /** Prints the progress line to {@code out}. */
  public ScanSettings progress(PrintStream out) {
    return new ScanSettings(totalSegments, fromSegment, toSegment, threads, pageSize, readRate, writeRate, samples,
        checkpoint, out);
  }
}
