package io.dynakeys.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A table dynakeys makes passes every method of the SDK's table interfaces on, and knows its client;
 * a table the enhanced client made alone is refused with the way out.
 */
class TablesTest {

  /** Every method of {@code api} (and what it extends) that {@code implementation} does not declare itself. */
  private static List<String> notPassedOn(Class<?> api, Class<?> implementation) {
    List<String> missing = new ArrayList<>();
    for (Method m : api.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        Method own = implementation.getMethod(m.getName(), m.getParameterTypes());
        if (own.getDeclaringClass() != implementation) {
          missing.add(m.toString());
        }
      } catch (NoSuchMethodException e) {
        missing.add(m.toString());
      }
    }
    return missing;
  }

  @Test
  void aBoundTablePassesOnEveryMethodOfTheSdksTableInterfaces() {
    // A method the SDK adds to its interfaces as a default that throws would otherwise throw on a
    // table dynakeys made: this fails on the upgrade that adds one, naming it.
    assertEquals(List.of(), notPassedOn(DynamoDbTable.class, BoundTable.class));
    assertEquals(List.of(), notPassedOn(DynamoDbAsyncTable.class, BoundAsyncTable.class));
  }

  @Test
  void aBoundTableKnowsItsClientAndTheLowLevelOne() {
    try (DynamoDbClient low = DynamoDbClient.builder().region(software.amazon.awssdk.regions.Region.US_EAST_1)
        .credentialsProvider(software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider.create()).build()) {
      DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(low).build();
      TableSchema<EnhancedDocument> schema = TableSchema.documentSchemaBuilder()
          .addIndexPartitionKey(software.amazon.awssdk.enhanced.dynamodb.TableMetadata.primaryIndexName(), "pk",
              software.amazon.awssdk.enhanced.dynamodb.AttributeValueType.S)
          .attributeConverterProviders(software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider.defaultProvider())
          .build();
      DynamoDbTable<EnhancedDocument> bound = Tables.bind(client, "t", schema);
      assertSame(client, Tables.enhancedClient(bound, "a read"));
      assertSame(low, Tables.lowLevel(bound, "a read"));
      assertEquals("t", bound.tableName());
      assertSame(schema, bound.tableSchema());
      assertEquals("BoundTable[t]", bound.toString());

      DynamoDbTable<EnhancedDocument> sdkOnly = client.table("t", schema);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tables.lowLevel(sdkOnly, "a typed update"));
      assertEquals("a typed update needs the client the table t was made with, which only a table dynakeys made"
          + " knows (the enhanced client's table(name, schema) does not give it): make the table with"
          + " EnhancedDocumentKeys.tableSchema().table(client, \"t\") or EnhancedDocumentKeys.createTable(client, \"t\")",
          e.getMessage());
    }
  }

  @Test
  void anEnhancedClientThatDoesNotGiveItsLowLevelClientIsRefusedWithTheWayOut() {
    DynamoDbEnhancedClient custom = new DynamoDbEnhancedClient() {
      @Override
      public <T> DynamoDbTable<T> table(String tableName, TableSchema<T> tableSchema) {
        throw new UnsupportedOperationException();
      }
    };
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tables.lowLevel(custom, "a transaction"));
    assertEquals("a transaction needs the low-level client of the enhanced client, and " + custom.getClass().getName()
        + " does not give it (dynamoDbClient()): build the enhanced client with the SDK's builder,"
        + " DynamoDbEnhancedClient.builder().dynamoDbClient(...)", e.getMessage());
    DynamoDbEnhancedAsyncClient asyncCustom = new DynamoDbEnhancedAsyncClient() {
      @Override
      public <T> DynamoDbAsyncTable<T> table(String tableName, TableSchema<T> tableSchema) {
        throw new UnsupportedOperationException();
      }
    };
    assertThrows(IllegalArgumentException.class, () -> Tables.lowLevel(asyncCustom, "a transaction"));
  }
}
