/**
 * Running queries: every generated query stage and every {@link io.dynakeys.runtime.internal.read.KeyQuery}
 * reads its items through the enhanced client with {@code items(table)} or
 * {@code page(table, limit, cursor)}, on the table or, for an index query, on its index; a query of
 * several partitions (the shards of a sharded record) reads them concurrently and merges their items
 * back into sort key order.
 *
 * <pre>{@code
 * MergedItems<InvoiceLine> found = InvoiceLineKeys.query(125656).line().atLeast(10).items(lines);
 * for (InvoiceLine line : found) { process(line); }          // lazily, in key order
 *
 * ReadPage<InvoiceLine> page = InvoiceLineKeys.query(125656).page(lines, 50, cursor);
 * respond(page.items(), page.nextCursor());                   // null when there is nothing more
 *
 * InvoiceLineKeys.query(125656).page(asyncLines, ReadOptions.defaults().descending().limit(50))
 *     .thenAccept(p -> respond(p.items(), p.nextCursor()));
 * }</pre>
 *
 * <h2>How a read works</h2>
 *
 * A read of N partitions keeps, per partition ("shard"), at most one page of items: the first
 * pages of all shards are requested concurrently (through the asynchronous client's futures, or,
 * for the synchronous client, on
 * {@link io.dynakeys.runtime.read.ReadOptions#executor(java.util.concurrent.Executor) an executor}
 * while the calling thread waits for them or the first failure), and afterwards a shard's next
 * page is requested only when its page is used up and the merge needs its next item to decide
 * what comes next. Items come out in the order of their sort key attribute (UTF-8 bytes for strings, as
 * DynamoDB orders them), ties between shards by shard number, and a descending read gives the exact
 * reverse. A read of one partition is the same code with N = 1 and uses no thread of its own.
 *
 * <h2>Cursors</h2>
 *
 * A {@link io.dynakeys.runtime.read.ReadCursor} is the position of a read after the items returned
 * so far: per shard, the key of the last item returned from it (not the last one fetched), or the
 * {@code LastEvaluatedKey} of its used-up page, "not started" or "done". Its string form is opaque and URL-safe, carries a digest of the query it
 * belongs to and a checksum, and resumes exactly: a cursor that is malformed, altered or made by
 * another query (table, index, partitions, sort key condition or direction) is rejected with an
 * {@link java.lang.IllegalArgumentException} before any request.
 *
 * <h2>Filters, projections, scans</h2>
 *
 * {@code stage.filter(condition)}, {@code stage.project(projection)} and
 * {@link io.dynakeys.runtime.read.Select#scan()} give a {@link io.dynakeys.runtime.read.Select},
 * read by the same engine: a typed {@link io.dynakeys.runtime.condition.Condition} as the server-side
 * filter, limits that count the items returned, and a cursor that resumes after the last item
 * returned (moved to a page's {@code LastEvaluatedKey} once the page is used up, so items the
 * filter dropped are not evaluated again); a {@link io.dynakeys.runtime.read.Projection} returns
 * {@link io.dynakeys.runtime.read.Projected} items, which hold only the components asked for. See
 * {@link io.dynakeys.runtime.read.Select} for the rules.
 *
 * <h2>Failures</h2>
 *
 * A failed request fails the read with a {@link io.dynakeys.runtime.read.ShardReadException}. A
 * stored item the table schema cannot map fails it with the schema's own
 * {@link io.dynakeys.runtime.schema.ItemMappingException} (or {@code KeyMismatchException}), which
 * names the item by its stored keys; with
 * {@link io.dynakeys.runtime.read.ReadOptions#skippingBadItems()} the read goes on past such items
 * and reports each ({@link io.dynakeys.runtime.read.SkippedItem}: key and reason) in
 * {@code skipped()} of the page, the iteration or the publisher.
 */
package io.dynakeys.runtime.read;
