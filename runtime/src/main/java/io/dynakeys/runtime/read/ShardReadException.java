package io.dynakeys.runtime.read;

/**
 * A request to one shard of a read failed, which fails the whole read: a merge that went on without
 * a shard would silently leave out its items. The message names the shard, its partition key and
 * where it was read; the cause is the client's exception (a {@code DynamoDbException}, a
 * {@code SdkClientException}...). A stored item that the table schema refuses is no failed
 * request: it is thrown as the schema's own {@link io.dynakeys.runtime.schema.ItemMappingException}
 * (or {@code KeyMismatchException}), which names the item by its stored keys, unwrapped, whether
 * the record is sharded or not.
 *
 * <p>The read's state is left as it was before the request: its {@code cursor()} still resumes
 * exactly after the last item returned, so a caller may retry from there.
 */
public final class ShardReadException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int shard;
  private final String partitionValue;

  ShardReadException(ReadPlan<?> plan, int shard, Throwable cause) {
    super((plan.isScan() ? "a scan" : "reading shard " + shard + " of " + plan.shardCount() + " ("
        + plan.query().partitionAttribute() + " = \"" + plan.partitionValue(shard) + "\"" + (plan.window() != null
            && plan.window().isOlder(shard) ? ", of the live older layout" : "") + ")")
        + " of " + plan.where() + " failed: " + describe(cause), cause);
    this.shard = shard;
    this.partitionValue = plan.isScan() ? null : plan.partitionValue(shard);
  }

  private static String describe(Throwable cause) {
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  /**
   * The shard whose request failed.
   *
   * @return its number, from 0, in the order of the query's partition values
   */
  public int shard() {
    return shard;
  }

  /**
   * The partition key of the shard whose request failed.
   *
   * @return the encoded partition key, or {@code null} for a scan
   */
  public String partitionValue() {
    return partitionValue;
  }
}
