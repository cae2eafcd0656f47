package io.dynakeys.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** The rule both time to live and the tools' transactions ask: an unknown or unimplemented operation. */
class UnsupportedOperationTest {
  private static DynamoDbException failure(String code, int status) {
    return (DynamoDbException) DynamoDbException.builder().statusCode(status)
        .awsErrorDetails(code == null ? null : AwsErrorDetails.builder().errorCode(code).build()).build();
  }

  @Test
  void unknownAndUnimplementedOperationsAreUnsupportedAndNothingElse() {
    assertTrue(UnsupportedOperation.is(failure("UnknownOperationException", 400)), "dynalite, DynamoDB Local");
    assertTrue(UnsupportedOperation.is(failure("NotImplementedException", 400)), "an unimplemented action");
    assertTrue(UnsupportedOperation.is(failure("NotImplemented", 500)));
    assertTrue(UnsupportedOperation.is(failure(null, 501)), "HTTP 501 Not Implemented, without a code");
    assertTrue(UnsupportedOperation.is(failure("InternalFailure", 501)));
    assertFalse(UnsupportedOperation.is(failure("ValidationException", 400)));
    assertFalse(UnsupportedOperation.is(failure("ResourceNotFoundException", 400)));
    assertFalse(UnsupportedOperation.is(failure("InternalServerError", 500)));
    assertFalse(UnsupportedOperation.is(failure(null, 400)));
  }
}
