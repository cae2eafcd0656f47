package io.dynakeys.runtime.batch;

/**
 * What a {@link BatchWrite} did when every item was written.
 *
 * @param written the puts and deletes DynamoDB processed: all of the batch's
 * @param requests the BatchWriteItem requests sent, retries included
 * @param retried how many times an item DynamoDB left unprocessed was sent again
 */
public record BatchWriteReport(int written, int requests, int retried) {}
