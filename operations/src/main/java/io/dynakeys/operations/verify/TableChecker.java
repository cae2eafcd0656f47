package io.dynakeys.operations.verify;

import io.dynakeys.operations.schema.EntitySchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The live table's key schema and indexes ({@code DescribeTable}) against what each entity's
 * generated table schema declares: the table's partition and sort key attributes and their types,
 * and every declared index with its keys and an {@code ALL} projection (a record read through an
 * index that projects less fails: its components are missing).
 */
public final class TableChecker {
  private TableChecker() {}

  /**
   * One difference between the live table and a layout.
   *
   * @param entity the entity whose layout the table differs from
   * @param index the index at fault, or {@code null} for the table's own keys
   * @param problem what differs, in words
   */
  public record TableFinding(String entity, String index, String problem) {}

  /**
   * Compares the table with every schema.
   *
   * @param table the table, as {@code DescribeTable} returns it
   * @param schemas the entities that share it
   * @return the differences; empty when the table has every key and index the layouts declare
   */
  public static List<TableFinding> check(TableDescription table, List<EntitySchema> schemas) {
    List<TableFinding> out = new ArrayList<>();
    Map<String, String> types = new HashMap<>();
    for (AttributeDefinition d : table.attributeDefinitions()) {
      types.put(d.attributeName(), d.attributeTypeAsString());
    }
    List<String> names = ItemChecker.entityNames(schemas);
    for (int i = 0; i < schemas.size(); i++) {
      EntitySchema schema = schemas.get(i);
      String entity = names.get(i);
      TableMetadata metadata = schema.tableSchema().tableMetadata();
      keys(out, entity, null, table.keySchema(), types, List.of(metadata.primaryPartitionKey()),
          metadata.primarySortKey().map(List::of).orElse(List.of()), metadata);
      for (IndexMetadata index : metadata.indices()) {
        if (index.name().equals(TableMetadata.primaryIndexName())) {
          continue;
        }
        Optional<GlobalSecondaryIndexDescription> global = table.globalSecondaryIndexes().stream()
            .filter(g -> g.indexName().equals(index.name())).findFirst();
        Optional<LocalSecondaryIndexDescription> local = table.localSecondaryIndexes().stream()
            .filter(l -> l.indexName().equals(index.name())).findFirst();
        if (global.isEmpty() && local.isEmpty()) {
          out.add(new TableFinding(entity, index.name(), "the table has no index " + index.name()
              + "; queries of it fail"));
          continue;
        }
        List<KeySchemaElement> keySchema = global.map(GlobalSecondaryIndexDescription::keySchema)
            .orElseGet(() -> local.get().keySchema());
        Projection projection = global.map(GlobalSecondaryIndexDescription::projection)
            .orElseGet(() -> local.get().projection());
        // A native index has up to four attributes a side, in order; a local index names only its sort key.
        List<String> partition = index.partitionKeys().isEmpty() ? List.of(metadata.primaryPartitionKey())
            : index.partitionKeys().stream().map(k -> k.name()).toList();
        keys(out, entity, index.name(), keySchema, types, partition,
            index.sortKeys().stream().map(k -> k.name()).toList(), metadata);
        if (projection == null || projection.projectionType() != ProjectionType.ALL) {
          out.add(new TableFinding(entity, index.name(), "projects "
              + (projection == null ? "nothing" : projection.projectionTypeAsString())
              + ", not ALL: records read through it miss their components"));
        }
      }
    }
    return out;
  }

  private static void keys(List<TableFinding> out, String entity, String index, List<KeySchemaElement> live,
      Map<String, String> types, List<String> partition, List<String> sort, TableMetadata metadata) {
    String where = index == null ? "the table" : "index " + index;
    List<String> livePartition = new ArrayList<>();
    List<String> liveSort = new ArrayList<>();
    for (KeySchemaElement e : live) {
      if (e.keyType() == KeyType.HASH) {
        livePartition.add(e.attributeName());
      } else if (e.keyType() == KeyType.RANGE) {
        liveSort.add(e.attributeName());
      }
    }
    if (!partition.equals(livePartition)) {
      out.add(new TableFinding(entity, index, where + "'s partition key is " + show(livePartition) + ", the layout's "
          + show(partition)));
    }
    if (!sort.equals(liveSort)) {
      out.add(new TableFinding(entity, index, where + "'s sort key is " + show(liveSort) + ", the layout's " + show(sort)));
    }
    List<String> attributes = new ArrayList<>(partition);
    attributes.addAll(sort);
    for (String attribute : attributes) {
      String expected = metadata.scalarAttributeType(attribute).map(t -> t.toString()).orElse("S");
      String found = types.get(attribute);
      if (found != null && !found.equals(expected)) {
        out.add(new TableFinding(entity, index, where + " declares " + attribute + " as " + found
            + ", the layout writes " + expected));
      }
    }
  }

  /** {@code none}, {@code sk}, or the attributes of a multi-attribute key in order: {@code team, region}. */
  private static String show(List<String> attributes) {
    return attributes.isEmpty() ? "none" : String.join(", ", attributes);
  }
}
