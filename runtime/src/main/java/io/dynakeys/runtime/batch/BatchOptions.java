package io.dynakeys.runtime.batch;

import java.time.Duration;
import java.util.Objects;

/**
 * How a batch retries what DynamoDB leaves unprocessed: how many requests one item may be sent in,
 * and the exponential backoff with full jitter between requests.
 *
 * <p>A request that follows a response with unprocessed items waits a random time from zero to the
 * smaller of {@code maxDelay} and {@code baseDelay * 2^n}, where {@code n} counts the responses in
 * a row that left something unprocessed (AWS's "full jitter"); a response that processed everything
 * resets {@code n}. An item still unprocessed after {@link #maxAttempts()} requests is not sent again:
 * it is reported, by key, in the {@link BatchIncompleteException} the batch ends with. Throttling
 * and server errors of a whole request are retried by the SDK's own retry strategy first.
 *
 * <pre>{@code
 * BatchWrite.create().put(runs, seasonRuns).run(client, BatchOptions.defaults().maxAttempts(12));
 * }</pre>
 */
public final class BatchOptions {
  private static final BatchOptions DEFAULTS = new BatchOptions(8, Duration.ofMillis(25), Duration.ofSeconds(2));

  private final int maxAttempts;
  private final Duration baseDelay;
  private final Duration maxDelay;

  private BatchOptions(int maxAttempts, Duration baseDelay, Duration maxDelay) {
    this.maxAttempts = maxAttempts;
    this.baseDelay = baseDelay;
    this.maxDelay = maxDelay;
  }

  /**
   * Eight attempts per item, a base delay of 25 ms, at most 2 s between requests.
   *
   * @return the default options
   */
  public static BatchOptions defaults() {
    return DEFAULTS;
  }

  /**
   * The number of requests one item may be sent in before it is reported as not written.
   *
   * @param attempts at least 1
   * @return options with that bound
   * @throws IllegalArgumentException when {@code attempts} is less than 1
   */
  public BatchOptions maxAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("a batch needs at least 1 attempt per item, not " + attempts);
    }
    return new BatchOptions(attempts, baseDelay, maxDelay);
  }

  /**
   * The backoff's first step and its ceiling.
   *
   * @param base the delay bound after the first response with unprocessed items; not negative
   * @param max the largest delay; not less than {@code base}
   * @return options with that backoff
   * @throws IllegalArgumentException when {@code base} is negative or {@code max} is below it
   */
  public BatchOptions backoff(Duration base, Duration max) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(max, "max");
    if (base.isNegative() || max.compareTo(base) < 0) {
      throw new IllegalArgumentException("a backoff needs 0 <= base <= max, not base " + base + ", max " + max);
    }
    return new BatchOptions(maxAttempts, base, max);
  }

  /**
   * The number of requests one item may be sent in.
   *
   * @return at least 1
   */
  public int maxAttempts() {
    return maxAttempts;
  }

  /**
   * The backoff's first step.
   *
   * @return the base delay
   */
  public Duration baseDelay() {
    return baseDelay;
  }

  /**
   * The backoff's ceiling.
   *
   * @return the largest delay between two requests
   */
  public Duration maxDelay() {
    return maxDelay;
  }

  @Override
  public String toString() {
    return "BatchOptions[maxAttempts=" + maxAttempts + ", backoff " + baseDelay.toMillis() + " ms .. "
        + maxDelay.toMillis() + " ms, full jitter]";
  }
}
