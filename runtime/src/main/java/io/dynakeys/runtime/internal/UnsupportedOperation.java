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
}
