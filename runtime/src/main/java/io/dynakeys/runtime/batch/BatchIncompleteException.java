package io.dynakeys.runtime.batch;

import java.util.List;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * A batch that ended with items it did not process: what DynamoDB still left unprocessed after
 * every attempt {@link BatchOptions} allows, or everything from a request that failed on (that
 * request's own items are listed as "whether it was written is unknown": a request can fail after
 * DynamoDB took it). Each such item is listed by table and key, so nothing is lost silently; what
 * the batch did process stays processed (a batch is not a transaction). Running the same batch
 * again is safe: puts and deletes of the same keys are idempotent.
 */
public final class BatchIncompleteException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private static final int SHOWN = 5;

  /**
   * One item the batch did not process.
   *
   * @param operation {@code put}, {@code delete} or {@code get}
   * @param table the table's name
   * @param key the item's primary key
   * @param keyText the key as it reads in the table ({@code pk = "SEASON#2026", sk = "…"})
   * @param reason why it was not processed
   * @param index the item's place in the batch, counted from 0 in the order it was added
   */
  public record NotProcessed(String operation, String table, Key key, String keyText, String reason, int index) {
    @Override
    public String toString() {
      return operation + " " + table + " {" + keyText + "}: " + reason;
    }
  }

  private final transient List<NotProcessed> notProcessed;
  private final int processed;

  BatchIncompleteException(String operation, int processed, List<NotProcessed> notProcessed, Throwable cause) {
    super(message(operation, processed, notProcessed, cause), cause);
    this.notProcessed = List.copyOf(notProcessed);
    this.processed = processed;
  }

  private static String message(String operation, int processed, List<NotProcessed> left, Throwable cause) {
    String shown = left.stream().limit(SHOWN).map(NotProcessed::toString).collect(Collectors.joining("; "));
    return "batch " + operation + ": " + left.size() + " item(s) not processed, " + processed + " processed"
        + (cause == null ? "" : " (a request failed: " + cause.getMessage() + ")") + ": " + shown
        + (left.size() > SHOWN ? "; and " + (left.size() - SHOWN) + " more" : "");
  }

  /**
   * The items not processed, in the order they were given to the batch.
   *
   * @return an unmodifiable list, never empty
   */
  public List<NotProcessed> notProcessed() {
    return notProcessed;
  }

  /**
   * How many items the batch did process before it ended.
   *
   * @return the number of items written (or read)
   */
  public int processed() {
    return processed;
  }
}
