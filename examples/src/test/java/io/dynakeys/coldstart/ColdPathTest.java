package io.dynakeys.coldstart;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cold path, as a new process sees it: building the generated schema, mapping a run to its item
 * and a stored item back, and building a typed update's and a query's request load none of the
 * enhanced client's converter framework or table metadata; asking the schema for what only the
 * enhanced client asks (its table metadata, a component's converter) does.
 */
class ColdPathTest {
  /** What the enhanced client loads to convert values and describe tables. */
  private static final List<String> FRAMEWORK = List.of(
      "software.amazon.awssdk.enhanced.dynamodb.DefaultAttributeConverterProvider",
      "software.amazon.awssdk.enhanced.dynamodb.internal.converter.attribute.StringAttributeConverter",
      "software.amazon.awssdk.enhanced.dynamodb.internal.converter.attribute.IntegerAttributeConverter",
      "software.amazon.awssdk.enhanced.dynamodb.EnhancedType",
      "software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata");

  @Test
  void mappingAndTypedRequestsLoadNoneOfTheEnhancedClientsConverters() throws Exception {
    try (IsolatedClasses process = new IsolatedClasses()) {
      process.call(LeaderboardCalls.class, "firstMapping");
      process.call(LeaderboardCalls.class, "typedRequests");
      assertTrue(process.loaded("io.dynakeys.runtime.internal.schema.RecordSchema"), "the schema was built here");
      for (String name : FRAMEWORK) {
        assertFalse(process.loaded(name), name + " was loaded");
      }
    }
  }

  @Test
  void whatOnlyTheEnhancedClientAsksForLoadsItsClasses() throws Exception {
    try (IsolatedClasses process = new IsolatedClasses()) {
      process.call(LeaderboardCalls.class, "firstMapping");
      process.call(SchemaQuestions.class, "metadataAndConverter");
      assertTrue(process.loaded("software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata"));
      assertTrue(process.loaded("software.amazon.awssdk.enhanced.dynamodb.EnhancedType"));
    }
  }

  /** The questions the enhanced client asks a schema. */
  static final class SchemaQuestions {
    static String metadataAndConverter() {
      var runs = io.dynakeys.examples.leaderboard.RunKeys.tableSchema();
      return runs.tableMetadata().primaryPartitionKey() + " " + runs.converterForAttribute("name").type();
    }
  }
}
