package io.dynakeys.runtime.write;

import io.dynakeys.runtime.internal.write.UpdateRequests;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The prepared shapes of updates, seen through an update's value, for the tests of other packages. */
public final class PreparedShapes {
  private PreparedShapes() {}

  /** The request of {@code update} with its expressions written out, no prepared shape looked up or kept. */
  public static UpdateItemRequest writtenOut(Update<?> update, String tableName) {
    return UpdateRequests.request(update.spec(), tableName, false);
  }

  /** The prepared shape {@code update} has (compared by identity), or {@code null} when none is kept. */
  public static Object of(Update<?> update) {
    return io.dynakeys.runtime.internal.write.PreparedShapes.kept(update.spec());
  }

  /** Empties the prepared shapes. */
  public static void forget() {
    io.dynakeys.runtime.internal.write.PreparedShapes.forget();
  }
}
