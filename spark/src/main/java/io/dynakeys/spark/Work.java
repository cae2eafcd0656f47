package io.dynakeys.spark;

import java.io.Serializable;

/**
 * The work of a job's tasks: the lines of the export they read, from the first task's start to the
 * last task's end, each time as the task's executor clock gave it. What comes before the first
 * task (the JVM's and the session's start, the driver's planning, the scheduling) is not in it, so
 * a few seconds of start-up do not hide how fast the work itself goes: compare runs on one and two
 * cores by these figures.
 *
 * @param items the lines read (each an exported item, or a corrupt line)
 * @param firstStartMillis when the first task started, epoch milliseconds
 * @param lastEndMillis when the last task ended, epoch milliseconds
 */
public record Work(long items, long firstStartMillis, long lastEndMillis) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The work of a job that ran no task. */
  static final Work NONE = new Work(0, Long.MAX_VALUE, Long.MIN_VALUE);

  /** One task's work: {@code items} lines read since {@code startMillis}, ending now. */
  static Work since(long startMillis, long items) {
    return new Work(items, startMillis, System.currentTimeMillis());
  }

  /** The work of this task and {@code other} together: the items summed, the span from the first start to the last end. */
  Work plus(Work other) {
    return new Work(items + other.items, Math.min(firstStartMillis, other.firstStartMillis),
        Math.max(lastEndMillis, other.lastEndMillis));
  }

  /** From the first task's start to the last task's end, in seconds (0 when no task ran). */
  public double seconds() {
    return lastEndMillis < firstStartMillis ? 0 : (lastEndMillis - firstStartMillis) / 1000.0;
  }

  /** Lines read per second of {@link #seconds()}; 0 when no task ran or the span was under a millisecond. */
  public double itemsPerSecond() {
    return seconds() == 0 ? 0 : items / seconds();
  }

  /**
   * The line the commands print after their report: the work's throughput, then the time since the
   * command started ({@code totalMillis}), the session's start included.
   *
   * @param what what a line of the export is ({@code items}; {@code changes} for an incremental export)
   */
  public String describe(String what, long totalMillis) {
    return String.format("work: %,d %s in %.2f s from the first task's start to the last task's end (%,d %s/s);"
        + " %.1f s since the command started", items, what, seconds(), Math.round(itemsPerSecond()), what,
        totalMillis / 1000.0);
  }
}
