package io.dynakeys.runtime.write;

import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The package-private views of an update's prepared shapes, for the tests of other packages. */
public final class PreparedShapes {
  private PreparedShapes() {}

  /** The request of {@code update} with its expressions written out, no prepared shape looked up or kept. */
  public static UpdateItemRequest writtenOut(Update<?> update, String tableName) {
    return update.toRequestWrittenOut(tableName);
  }

  /** The prepared shape {@code update} has (compared by identity), or {@code null} when none is kept. */
  public static Object of(Update<?> update) {
    return update.preparedShape();
  }

  /** Empties the prepared shapes. */
  public static void forget() {
    Update.forgetPreparedShapes();
  }
}
