package io.dynakeys.test;

import io.dynakeys.testing.DynamoEndpoint;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Whether the server {@code AWS_ENDPOINT_URL_DYNAMODB} names answers, asked once per run with one
 * {@code ListTables} and no retries: without it, every test of the run would spend 12 to 24 s in the
 * SDK's retries and fail with "Unable to execute HTTP request: Connection refused", naming neither
 * the endpoint nor the variable. An answer of any kind from the service (a list, or a refusal of
 * the probe's dummy credentials) proves the server is there; only a request that never reached it
 * fails the run.
 */
final class EndpointReach {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(EndpointReach.class);

    /** How long the one request may take, connection included. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private EndpointReach() {
    }

    /** What the run's probe of an endpoint found: nothing wrong, or why the endpoint is unreachable. */
    private record Outcome(String problem) {
    }

    /**
     * Fails, with one message naming the variable and the endpoint, when the external server of
     * this run does not answer; asks the server once per run, and answers every later call from
     * what it found.
     *
     * @throws ExtensionConfigurationException when the server cannot be reached
     */
    static void require(ExtensionContext context, DynamoEndpoint endpoint) {
        Outcome outcome = context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(endpoint.endpoint(), uri -> new Outcome(problem(endpoint)), Outcome.class);
        if (outcome.problem() != null) {
            throw new ExtensionConfigurationException(outcome.problem());
        }
    }

    /** Why {@code endpoint} cannot be reached, or {@code null} when its server answers. */
    static String problem(DynamoEndpoint endpoint) {
        // Dummy credentials: any answer will do, and a missing profile is not what is asked.
        try (SdkHttpClient http = UrlConnectionHttpClient.builder().connectionTimeout(TIMEOUT).socketTimeout(TIMEOUT).build();
             DynamoDbClient client = DynamoDbClient.builder()
                     .endpointOverride(endpoint.endpoint())
                     .region(endpoint.region())
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("reach", "reach")))
                     .httpClient(http)
                     .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry()).apiCallTimeout(TIMEOUT))
                     .build()) {
            client.listTables(r -> r.limit(1));
            return null;
        } catch (AwsServiceException answered) {
            return null; // the server is there; whatever it refused, the tests will say
        } catch (SdkClientException e) {
            if (!(e instanceof ApiCallTimeoutException) && !causedByIo(e)) {
                return null; // not about the connection: not this check's question
            }
            return "Cannot reach the DynamoDB server at " + endpoint.endpoint() + ", which "
                    + DynamoEndpoint.ENDPOINT_ENV + " names: " + (e instanceof ApiCallTimeoutException
                            ? "no answer within " + TIMEOUT.toSeconds() + " s" : rootMessage(e))
                    + ". Start that server, or unset " + DynamoEndpoint.ENDPOINT_ENV
                    + " to run the tests on a local server the kit starts (moto, or dynalite with -D"
                    + DynakeysExtension.SERVER_PROPERTY + "=dynalite)";
        }
    }

    private static boolean causedByIo(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : " (" + m + ")");
    }
}
