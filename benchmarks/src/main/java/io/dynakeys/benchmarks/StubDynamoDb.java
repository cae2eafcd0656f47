package io.dynakeys.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB that answers every request after a fixed delay, the stand-in for a round trip: a stub
 * HTTP client under a real {@link DynamoDbClient}, so marshalling, signing and unmarshalling cost
 * what they cost against DynamoDB. PutItem answers {@code {}}, BatchWriteItem answers that every
 * write was processed. It counts the writes it was sent, for the check that every variant of a
 * benchmark writes the same items.
 */
final class StubDynamoDb implements SdkHttpClient {
  private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);
  private static final byte[] BATCH_DONE = "{\"UnprocessedItems\":{}}".getBytes(StandardCharsets.UTF_8);

  private final long delayNanos;
  private final boolean countWrites;
  final AtomicLong requests = new AtomicLong();
  final AtomicLong writes = new AtomicLong();

  StubDynamoDb(long delayMillis, boolean countWrites) {
    this.delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
    this.countWrites = countWrites;
  }

  /** A client of this stub with dummy credentials. */
  DynamoDbClient client() {
    return DynamoDbClient.builder()
        .httpClient(this)
        .endpointOverride(URI.create("http://stub.invalid"))
        .region(Region.US_EAST_1)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("stub", "stub")))
        .build();
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
    boolean batch = target.endsWith(".BatchWriteItem");
    if (countWrites) {
      writes.addAndGet(batch ? occurrences(request, "\"PutRequest\"") + occurrences(request, "\"DeleteRequest\"")
          : target.endsWith(".PutItem") ? 1 : 0);
    }
    return new ExecutableHttpRequest() {
      @Override
      public HttpExecuteResponse call() {
        requests.incrementAndGet();
        long deadline = System.nanoTime() + delayNanos;
        for (long left = delayNanos; left > 0; left = deadline - System.nanoTime()) {
          LockSupport.parkNanos(left);
        }
        return HttpExecuteResponse.builder()
            .response(SdkHttpResponse.builder().statusCode(200).putHeader("Content-Type", "application/x-amz-json-1.0")
                .build())
            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(batch ? BATCH_DONE : EMPTY)))
            .build();
      }

      @Override
      public void abort() {}
    };
  }

  private static long occurrences(HttpExecuteRequest request, String needle) {
    String body;
    try (InputStream in = request.contentStreamProvider().orElseThrow().newStream()) {
      body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long n = 0;
    for (int i = body.indexOf(needle); i >= 0; i = body.indexOf(needle, i + needle.length())) {
      n++;
    }
    return n;
  }

  @Override
  public String clientName() {
    return "dynakeys-stub";
  }

  @Override
  public void close() {}
}
