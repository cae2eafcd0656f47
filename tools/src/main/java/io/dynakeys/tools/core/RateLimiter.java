package io.dynakeys.tools.core;

/**
 * A token bucket shared by the threads of a scan: one second of burst, then {@link Rate#perSecond}
 * units a second. A request reserves what it expects to cost with {@link #acquire} (which waits
 * while the bucket is in debt), and settles with {@link #charge} once DynamoDB reported what it
 * consumed: capacity units are only known afterwards. Over any long run the rate holds; at any
 * moment at most one reservation (one page, which the scan bounds to a second of the rate) is
 * outstanding beyond the budget.
 */
public final class RateLimiter {
  private final double perSecond;
  private final double burst;
  private double available;
  private long last;

  private RateLimiter(double perSecond) {
    this.perSecond = perSecond;
    this.burst = Math.max(1, perSecond);
    this.available = burst;
    this.last = System.nanoTime();
  }

  /** A limiter for {@code rate}, or one that never waits for {@code null}. */
  public static RateLimiter of(Rate rate) {
    return rate == null ? null : new RateLimiter(rate.perSecond());
  }

  /** Waits until the bucket is not in debt. */
  public void await() throws InterruptedException {
    while (true) {
      long sleepNanos;
      synchronized (this) {
        refill();
        if (available >= 0) {
          return;
        }
        sleepNanos = (long) Math.ceil(-available / perSecond * 1e9);
      }
      Thread.sleep(Math.max(1, (sleepNanos + 999_999) / 1_000_000));
    }
  }

  /** Waits until the bucket is not in debt, then takes {@code units}. */
  public void acquire(double units) throws InterruptedException {
    while (true) {
      await();
      synchronized (this) {
        refill();
        if (available >= 0) {
          available -= units;
          return;
        }
      }
    }
  }

  /**
   * Takes {@code units} already spent (or gives back what a reservation did not use, when
   * negative); the next {@link #await} waits if that leaves a debt.
   */
  public synchronized void charge(double units) {
    refill();
    available = Math.min(burst, available - units);
  }

  /** The largest page worth asking for at once: about one second of the rate. */
  public int pageLimit(int pageSize) {
    return (int) Math.max(1, Math.min(pageSize, Math.floor(perSecond)));
  }

  /**
   * The largest page worth asking for at once when the rate counts capacity units and an item is
   * expected to cost {@code unitsPerItem}: about one second of the rate, at least one item.
   */
  public int pageLimit(int pageSize, double unitsPerItem) {
    return (int) Math.max(1, Math.min(pageSize, Math.floor(perSecond / unitsPerItem)));
  }

  private void refill() {
    long now = System.nanoTime();
    available = Math.min(burst, available + (now - last) / 1e9 * perSecond);
    last = now;
  }
}
