/**
 * Typed writes: partial updates that never leave a table or index key inconsistent with the
 * components it is computed from, and typed conditions on updates, puts and deletes, all over the
 * component handles of a generated {@code <Record>Keys} ({@code TaskKeys.TITLE}) and built at run
 * time from the record's descriptor: nothing here is generated.
 *
 * <ul>
 *   <li>{@link io.dynakeys.runtime.write.Update}: set, remove, add/subtract, set elements, list
 *       append/prepend, set-if-absent; index keys rewritten with their components; versions;
 *       conditions; returned values; a low-level {@code UpdateItemRequest} sent through the
 *       table's client;
 *   <li>{@link io.dynakeys.runtime.condition.Condition}: comparisons, between, begins_with, contains,
 *       size, attribute_exists/not_exists, attribute_type, and/or/not (the type filters will take);
 *   <li>{@link io.dynakeys.runtime.write.Writes}: puts and deletes under a condition;
 *   <li>{@link io.dynakeys.runtime.write.ShardedAggregate}: a write-sharded aggregate
 *       ({@code @Sharded(random = true)}): adds to one random shard item, reads of every shard
 *       combined (sums and unions);
 *   <li>{@link io.dynakeys.runtime.write.ConditionFailedException}: a failed condition, with the
 *       stored item as a record; {@link io.dynakeys.runtime.write.UpdateResult}: what came back.
 * </ul>
 *
 * <h2>The rules, and what enforces each</h2>
 *
 * <ol>
 *   <li><b>A table-key component is never updated</b> (compile time): no method of {@code Update}
 *       takes a {@code PrimaryKeyComponent}; {@code set(RunKeys.SCORE, 5)} is "no suitable method
 *       found for set(PrimaryKeyComponent&lt;Run,Integer&gt;,int)". Moving an item to another key
 *       is {@code TransactWrite.move}. So the shard of a sharded record and a path's index
 *       attributes (all computed from table-key components) never change either.
 *   <li><b>Only {@code set} and, for an {@code Optional}, {@code remove} touch an index-key
 *       component</b> (compile time): {@code add}, {@code subtract}, {@code setIfAbsent}, set
 *       elements and list appends take only a {@code ValueAttribute}, since the new value (and so
 *       the index key) would be known only to the server; {@code remove} of an
 *       {@code IndexKeyComponent} takes only one whose type is {@code Optional}.
 *   <li><b>Setting an index-key component rewrites that index's key attributes in the same
 *       request</b>, encoded by the layout's codecs from the new value, the index's other
 *       components the update sets, and the table-key components decoded from the item's key.
 *   <li><b>No update writes half an index key</b> (compile time): a component whose index needs
 *       other components outside the table's key is a
 *       {@link io.dynakeys.runtime.entity.GroupedIndexComponent}, which no {@code set} takes; it is
 *       set with all of them through the index's {@link io.dynakeys.runtime.entity.IndexGroup}
 *       ({@code set(TaskKeys.BY_OWNER, "ann", 3, Optional.of("red"))}), typed and counted by the compiler. A component
 *       in two indexes brings both indexes' components into the group, transitively. A component
 *       whose index needs nothing else, or that keys only native indexes (stored as itself), is an
 *       {@code IndexKeyComponent} and is set alone. As a second line, for handles made by hand,
 *       {@code toRequest} (so every {@code run}) refuses an index whose other components the update
 *       does not set with an {@code IllegalStateException} naming the index and the components,
 *       before any request. A value that cannot be written in a key ({@code null}, out of its domain,
 *       holding a delimiter) is a {@code KeyFormatException} from {@code set} itself.
 *   <li><b>Emptying a sparse index's {@code Optional} component removes the index's key
 *       attributes</b> (its partition and sort key) in the same request, so the item leaves the
 *       index. An {@code Optional} member of a group can be removed alone: no other value is
 *       needed to take an item out of an index.
 *   <li><b>An update never creates an item</b>: its condition always starts with
 *       {@code attribute_exists(<partition key>)}, so an update of a missing item is a
 *       {@code ConditionFailedException}, never a half item without components.
 *   <li><b>The key is this record's</b>: {@code Update.of} refuses a key without the record's
 *       prefixes (another entity's) with a {@code KeyFormatException}; when an index key needs the
 *       table-key components, the key is parsed by the record's codecs and a key its parser refuses
 *       is a {@code KeyFormatException} too. Any other key no item has can only fail rule 5's
 *       condition.
  <li><b>Versions</b>: for a record with {@code @DynamoDbVersionAttribute} every update stores
 *       the next version; {@code expectVersion(n)} makes it conditional on version {@code n},
 *       {@code anyVersion()} updates whatever is stored; saying neither is an
 *       {@code IllegalStateException} from {@code toRequest}; setting, adding to or removing the
 *       version attribute is an {@code IllegalArgumentException}.
 *   <li><b>What DynamoDB would refuse is refused first</b>: two actions on one attribute, a
 *       primitive component removed, an empty set or list of elements
 *       ({@code IllegalArgumentException}); an update or condition expression over 4 KB
 *       ({@code IllegalArgumentException} naming the limit).
 *   <li><b>Fields of nested records</b> ({@link io.dynakeys.runtime.entity.NestedField}:
 *       {@code OrderKeys.SHIP_TO_CITY}) are value attributes: written at their document path, each
 *       key a placeholder; the update's condition requires the innermost map it writes into, so
 *       an update inside an absent nested record is a {@code ConditionFailedException} that says
 *       so; a field and its record in one update is an {@code IllegalArgumentException}.
 *   <li><b>Values are stored as the schema stores them</b>
 *       ({@link io.dynakeys.runtime.internal.schema.RecordSchema#storedValue}: renamed attributes,
 *       converters), and every attribute name and value is a placeholder.
 * </ol>
 *
 * <p>Updates are sent with the low-level client (the enhanced client's {@code updateItem} writes
 * whole items), taken from the enhanced client's table or given. So the enhanced client's
 * extensions do not run on them, and an update does what they do on {@code updateItem}: the version
 * is handled as above; every {@code @DynamoDbAtomicCounter} is incremented as
 * {@code AtomicCounterExtension} does ({@code if_not_exists(c, start - delta) + delta}: an absent
 * counter reads its start value after the update); every
 * {@code @DynamoDbAutoGeneratedTimestampAttribute} is set to now through its converter, as
 * {@code AutoGeneratedTimestampRecordExtension} does ({@code if_not_exists} under
 * {@code @DynamoDbUpdateBehavior(WRITE_IF_NOT_EXISTS)}), from {@link
 * io.dynakeys.runtime.write.Update#clock the update's clock}. Which attributes these are is read
 * from the schema's attribute tags
 * ({@link io.dynakeys.runtime.internal.schema.RecordSchema#generatedAttributes()}); an action on one is
 * an {@code IllegalArgumentException}. Puts and deletes go through the enhanced client, extensions
 * included.
 */
package io.dynakeys.runtime.write;

import io.dynakeys.runtime.condition.Condition;

