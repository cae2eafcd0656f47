package io.dynakeys.runtime.internal;

import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The one rule by which dynakeys tells that a server does not implement an operation (a local
 * server without time to live or transactions), rather than refusing a request: the error code
 * {@code UnknownOperationException} (dynalite, DynamoDB Local), a code containing
 * {@code NotImplemented} (moto and others name an unimplemented action so), or HTTP status 501.
 * {@code createTable}'s time to live and the tools' transactional writes both ask it.
 */
public final class UnsupportedOperation {
  private UnsupportedOperation() {}

  /**
   * Whether {@code e} says the server does not implement the operation.
   *
   * @param e a failure of a request
   * @return {@code true} for an unknown or unimplemented operation; {@code false} for any other failure
   */
  public static boolean is(DynamoDbException e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return "UnknownOperationException".equals(code) || e.statusCode() == 501
        || (code != null && code.contains("NotImplemented"));
  }

  /**
   * What a typed operation throws when the server does not implement the request it sends:
   * {@code UnsupportedOperationException} naming the request, what the server answered and which
   * servers have it, with the server's exception as its cause.
   *
   * @param request the DynamoDB operation ({@code TransactWriteItems})
   * @param e the server's answer, for which {@link #is} holds
   */
  public static UnsupportedOperationException refused(String request, DynamoDbException e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return new UnsupportedOperationException("the server does not implement " + request + " (it answered "
        + (code == null ? "HTTP " + e.statusCode() : code) + "): DynamoDB and moto have transactions, dynalite has"
        + " none. Run this against DynamoDB, or test it on moto", e);
  }

  /** {@code failure}, or {@link #refused} when it is a server's answer that it does not implement {@code request}. */
  public static Throwable mapped(String request, Throwable failure) {
    return failure instanceof DynamoDbException e && is(e) ? refused(request, e) : failure;
  }
}
