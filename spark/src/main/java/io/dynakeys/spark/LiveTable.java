package io.dynakeys.spark;

import java.io.Serializable;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * A live table the executors write to, and the cap on their writes.
 *
 * @param table the table's name
 * @param endpoint the endpoint, or {@code null} for the SDK's default for the region (and
 *     {@code AWS_ENDPOINT_URL_DYNAMODB})
 * @param region the region, or {@code null} for the SDK's chain
 * @param writesPerSecond the cap on the writes of the whole job, in items per second, shared
 *     evenly by the job's tasks (each task gets its share whether or not the others run at the
 *     same time, so the cap holds however many run at once); 0 for no cap
 * @param versionAttribute the attribute every writer increases on every write, compared instead of
 *     the whole item by the delete conditions of an in-place re-key, or {@code null}
 */
public record LiveTable(String table, String endpoint, String region, double writesPerSecond,
    String versionAttribute) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** A table at the SDK's default endpoint, with no cap and no version attribute. */
  public static LiveTable named(String table) {
    return new LiveTable(table, null, null, 0, null);
  }

  /** The same table at {@code endpoint}. */
  public LiveTable endpoint(String endpoint) {
    return new LiveTable(table, endpoint, region, writesPerSecond, versionAttribute);
  }

  /** The same table in {@code region}. */
  public LiveTable region(String region) {
    return new LiveTable(table, endpoint, region, writesPerSecond, versionAttribute);
  }

  /** The same table with writes capped at {@code perSecond} items a second for the whole job. */
  public LiveTable writeRate(double perSecond) {
    return new LiveTable(table, endpoint, region, perSecond, versionAttribute);
  }

  /** The same table, its writers maintaining {@code attribute} as a version. */
  public LiveTable versionAttribute(String attribute) {
    return new LiveTable(table, endpoint, region, writesPerSecond, attribute);
  }

  /** A client for this table: the Apache client, ten retries (throttling slows a task, it does not fail it). */
  DynamoDbClient client() {
    DynamoDbClientBuilder b = DynamoDbClient.builder()
        .httpClientBuilder(Apache5HttpClient.builder().maxConnections(8))
        .overrideConfiguration(ClientOverrideConfiguration.builder()
            .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(10).build())
            .apiCallAttemptTimeout(Duration.ofSeconds(30))
            .build());
    if (endpoint != null) {
      b.endpointOverride(URI.create(endpoint));
    }
    if (region != null) {
      b.region(Region.of(region));
    } else if (endpoint != null) {
      b.region(Region.US_EAST_1);
    }
    return b.build();
  }

  /** One task's pacer: its share of the cap, {@code tasks} sharing it. */
  Pacer pacer(int tasks) {
    return new Pacer(writesPerSecond <= 0 ? 0 : writesPerSecond / Math.max(1, tasks));
  }

  /** Paces one task's writes to a rate: the n-th write waits until n / rate seconds have passed. */
  static final class Pacer {
    private final double perSecond;
    private final long start = System.nanoTime();
    private long writes;

    Pacer(double perSecond) {
      this.perSecond = perSecond;
    }

    void acquire(int n) throws InterruptedException {
      if (perSecond <= 0) {
        return;
      }
      writes += n;
      long due = start + (long) ((writes - 1) / perSecond * 1e9);
      long wait = due - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      }
    }
  }
}
