package io.dynakeys.tools.core;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The progress line of a long run: items, rate and an estimate of the time left, printed every
 * second (in place on a terminal, as new lines every ten seconds otherwise, so that a log does not
 * fill with them). The estimate uses the table's approximate item count when DynamoDB has one
 * (it refreshes it about every six hours), else the share of segments done.
 */
public final class Progress implements AutoCloseable {
  private final String label;
  private final PrintStream out;
  private final long expectedItems;
  private final int segments;
  private final long start = System.nanoTime();
  private final AtomicLong items = new AtomicLong();
  private final AtomicLong writes = new AtomicLong();
  private final AtomicInteger segmentsDone = new AtomicInteger();
  private final Thread printer;
  private final boolean terminal;
  private volatile boolean closed;

  public Progress(String label, PrintStream out, long expectedItems, int segments) {
    this.label = label;
    this.out = out;
    this.expectedItems = expectedItems;
    this.segments = segments;
    this.terminal = System.console() != null && out == System.err;
    if (out == null) {
      printer = null;
      return;
    }
    printer = new Thread(this::print, "dynakeys-progress");
    printer.setDaemon(true);
    printer.start();
  }

  public void items(long n) {
    items.addAndGet(n);
  }

  public void writes(long n) {
    writes.addAndGet(n);
  }

  public void segmentDone() {
    segmentsDone.incrementAndGet();
  }

  public long itemCount() {
    return items.get();
  }

  private void print() {
    long every = terminal ? 1000 : 10_000;
    while (!closed) {
      try {
        Thread.sleep(every);
      } catch (InterruptedException e) {
        return;
      }
      if (closed) {
        return;
      }
      String line = line();
      synchronized (out) {
        if (terminal) {
          out.print("\r" + line + "   ");
        } else {
          out.println(line);
        }
        out.flush();
      }
    }
  }

  public String line() {
    double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
    long n = items.get();
    double rate = n / seconds;
    StringBuilder s = new StringBuilder(label).append(": ").append(String.format("%,d items", n));
    if (writes.get() > 0) {
      s.append(String.format(", %,d writes", writes.get()));
    }
    s.append(String.format(", %,.0f items/s, segments %d/%d done", rate, segmentsDone.get(), segments));
    double left = -1;
    if (expectedItems > 0 && n > 0 && n < expectedItems) {
      left = (expectedItems - n) / rate;
    } else if (segmentsDone.get() > 0 && segmentsDone.get() < segments) {
      left = seconds * ((double) segments / segmentsDone.get() - 1);
    }
    if (left >= 0) {
      long l = Math.round(left);
      s.append(String.format(", ETA %d:%02d:%02d", l / 3600, l / 60 % 60, l % 60));
    }
    return s.toString();
  }

  @Override
  public void close() {
    closed = true;
    if (printer != null) {
      printer.interrupt();
      synchronized (out) {
        out.print(terminal ? "\r" + line() + "\n" : line() + "\n");
        out.flush();
      }
    }
  }
}
