/**
 * Batches of any size: {@link io.dynakeys.runtime.batch.BatchWrite} (puts and deletes, 25 per
 * request) and {@link io.dynakeys.runtime.batch.BatchGet} (reads by key, 100 per request), on sync
 * and async enhanced clients, across tables. What DynamoDB leaves unprocessed is sent again with
 * exponential backoff and full jitter up to a bound ({@link io.dynakeys.runtime.batch.BatchOptions});
 * what stays unprocessed ends the batch with a
 * {@link io.dynakeys.runtime.batch.BatchIncompleteException} that lists it by table and key.
 * Nothing is dropped silently.
 */
package io.dynakeys.runtime.batch;
