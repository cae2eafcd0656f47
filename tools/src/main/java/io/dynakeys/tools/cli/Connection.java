package io.dynakeys.tools.cli;

import io.dynakeys.operations.ConfigurationException;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * The options every command shares: where DynamoDB is and where the user's classes are.
 * Credentials come from the SDK's default chain (environment, profile, instance role).
 */
public final class Connection {
  @Option(names = "--endpoint", paramLabel = "URL",
      description = "DynamoDB endpoint (default: AWS_ENDPOINT_URL_DYNAMODB, else the SDK's default for the region)")
  URI endpoint;

  @Option(names = "--region", paramLabel = "REGION", description = "AWS region (default: the SDK's chain, us-east-1 with an endpoint)")
  String region;

  @Option(names = "--classpath", paramLabel = "PATHS", description = "Directories and jars holding the compiled"
      + " records, their Keys classes and migrations, separated by '${sys:path.separator}' (default: the JVM's"
      + " classpath)")
  String classpath;

  /** How long the first request may take before the endpoint counts as unreachable. */
  static final Duration REACH_TIMEOUT = Duration.ofSeconds(10);

  /** How long a connection may take to open; the SDK's default is two seconds, a busy link needs more. */
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** Creates the options; picocli calls this. */
  public Connection() {}

  /** The class loader that sees the user's classes. */
  ClassLoader loader() {
    ClassLoader parent = Thread.currentThread().getContextClassLoader();
    if (parent == null) {
      parent = Connection.class.getClassLoader();
    }
    if (classpath == null || classpath.isBlank()) {
      return parent;
    }
    List<URL> urls = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (entry.isBlank()) {
        continue;
      }
      try {
        urls.add(new File(entry).toURI().toURL());
      } catch (MalformedURLException e) {
        throw new ConfigurationException("not a classpath entry: " + entry, e);
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), parent);
  }

  /**
   * A client with a connection pool large enough for {@code connections} concurrent requests and
   * ten attempts per request (throttling on a busy table is retried rather than failing a run).
   */
  DynamoDbClient client(int connections, String table) {
    // The reach check has a client of its own with three attempts: a refused connection fails in
    // well under a second with its cause, rather than spending the whole timeout on the run's ten.
    try (DynamoDbClient probe = client(4, 3)) {
      reach(probe, table);
    }
    return client(connections);
  }

  /**
   * Fails within {@link #REACH_TIMEOUT} when DynamoDB cannot be reached at all, naming where it
   * looked, instead of after every retry of the run's first request (half a minute, with the
   * cause buried). One DescribeTable of the run's table, bounded in time: an answer of any kind
   * from the service (the table, or a refusal) proves the endpoint is there; a table that does
   * not exist is reported as before.
   */
  private void reach(DynamoDbClient client, String table) {
    try {
      client.describeTable(r -> r.tableName(table).overrideConfiguration(o -> o.apiCallTimeout(REACH_TIMEOUT)));
    } catch (ResourceNotFoundException e) {
      throw e;
    } catch (AwsServiceException reachable) {
      // The service answered; whether the run may describe the table is not this check's question.
    } catch (SdkClientException e) {
      throw new ConfigurationException("cannot reach DynamoDB at " + where(client) + " within "
          + REACH_TIMEOUT.toSeconds() + " s: " + (e instanceof ApiCallTimeoutException
              ? "no answer (" + rootMessage(e) + ")" : rootMessage(e)), e);
    }
  }

  private String where(DynamoDbClient client) {
    URI uri = endpoint();
    return uri != null ? uri.toString()
        : "the SDK's endpoint for " + client.serviceClientConfiguration().region() + " (no --endpoint or "
            + "AWS_ENDPOINT_URL_DYNAMODB given)";
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return t.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : ": " + m);
  }

  /** {@code --endpoint}, else {@code AWS_ENDPOINT_URL_DYNAMODB}, else {@code null}. */
  private URI endpoint() {
    if (endpoint != null) {
      return endpoint;
    }
    String env = System.getenv("AWS_ENDPOINT_URL_DYNAMODB");
    return env == null || env.isBlank() ? null : URI.create(env.trim());
  }

  DynamoDbClient client(int connections) {
    return client(connections, 10);
  }

  private DynamoDbClient client(int connections, int attempts) {
    DynamoDbClientBuilder builder = DynamoDbClient.builder()
        .httpClient(Apache5HttpClient.builder().maxConnections(Math.max(50, connections + 4))
            .connectionTimeout(CONNECT_TIMEOUT).build())
        .overrideConfiguration(o -> o.retryStrategy(
            AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(attempts).build()));
    URI uri = endpoint();
    if (uri != null) {
      builder.endpointOverride(uri);
    }
    if (region != null) {
      builder.region(Region.of(region));
    } else {
      try {
        builder.region(new DefaultAwsRegionProviderChain().getRegion());
      } catch (SdkClientException e) {
        if (uri == null) {
          throw new ConfigurationException("no AWS region: give --region, or set AWS_REGION", e);
        }
        builder.region(Region.US_EAST_1); // a local endpoint ignores the region, but the SDK needs one
      }
    }
    return builder.build();
  }
}
