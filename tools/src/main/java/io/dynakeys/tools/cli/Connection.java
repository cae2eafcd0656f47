package io.dynakeys.tools.cli;

import io.dynakeys.tools.ConfigurationException;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

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
  DynamoDbClient client(int connections) {
    DynamoDbClientBuilder builder = DynamoDbClient.builder()
        .httpClient(Apache5HttpClient.builder().maxConnections(Math.max(50, connections + 4)).build())
        .overrideConfiguration(o -> o.retryStrategy(
            AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(10).build()));
    URI uri = endpoint;
    if (uri == null) {
      String env = System.getenv("AWS_ENDPOINT_URL_DYNAMODB");
      if (env != null && !env.isBlank()) {
        uri = URI.create(env.trim());
      }
    }
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
