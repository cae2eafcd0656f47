package io.dynakeys.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.awspring.cloud.dynamodb.DynamoDbTableNameResolver;
import io.awspring.cloud.dynamodb.DynamoDbTableSchemaResolver;
import io.awspring.cloud.dynamodb.DynamoDbTemplate;
import io.dynakeys.spring.fixtures.CustomerItem;
import io.dynakeys.spring.fixtures.CustomerItemKeys;
import io.dynakeys.spring.fixtures.CustomerItem_PurchaseKeys;
import io.dynakeys.spring.fixtures.FixtureApplication;
import io.dynakeys.spring.fixtures.Run;
import io.dynakeys.spring.fixtures.RunKeys;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.ServerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A Spring Boot application as users write one ({@code @SpringBootApplication}, Spring Cloud AWS's
 * DynamoDB starter and dynakeys-spring on the class path, nothing configured but the server), started
 * for real against each server: typed records saved, loaded and queried through
 * {@code DynamoDbTemplate} and through the generated queries, on the same tables.
 */
@OnEachServer
class SpringApplicationTest {
  private static final AtomicInteger RUNS = new AtomicInteger();
  private static ConfigurableApplicationContext context;

  private static final Run ANN = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann");
  private static final Run BO = new Run("2026-SPRING", 240, 1_719_014_400L, "p_3141", "Bo");
  private static final Run CY = new Run("2026-SPRING", 2200, 1_719_187_200L, "p_5150", "Cy");
  private static final Run ANN_LATER = new Run("2026-SUMMER", 900, 1_722_000_000L, "p_8842", "Ann");

  @BeforeEachServer
  static void startTheApplication(DynamoEndpoint endpoint) {
    List<String> properties = new ArrayList<>(List.of(
        "spring.cloud.aws.dynamodb.endpoint=" + endpoint.endpoint(),
        "spring.cloud.aws.region.static=" + endpoint.region().id(),
        // Tables of this run only, on a server other test classes share.
        "spring.cloud.aws.dynamodb.table-prefix=spring" + ProcessHandle.current().pid() + "_"
            + RUNS.incrementAndGet() + "_",
        "spring.main.banner-mode=off",
        "logging.level.root=WARN"));
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      // A local server checks that requests are signed, not by whom.
      properties.add("spring.cloud.aws.credentials.access-key=local");
      properties.add("spring.cloud.aws.credentials.secret-key=local");
    }
    context = new SpringApplicationBuilder(FixtureApplication.class).web(WebApplicationType.NONE)
        .properties(properties.toArray(new String[0])).run();
  }

  @AfterEachServer
  static void stopTheApplication() {
    DynamoDbClient client = context.getBean(DynamoDbClient.class);
    DynamoDbTableNameResolver names = context.getBean(DynamoDbTableNameResolver.class);
    List<String> tables = client.listTables().tableNames();
    for (String table : List.of(names.resolve(Run.class), names.resolve(CustomerItem.class))) {
      if (tables.contains(table)) {
        client.deleteTable(r -> r.tableName(table));
      }
    }
    context.close();
  }

  @Test
  void theTemplateSavesLoadsAndQueriesRecordsThroughTheirGeneratedSchema() {
    assertInstanceOf(DynakeysTableSchemaResolver.class, context.getBean(DynamoDbTableSchemaResolver.class));
    DynamoDbTemplate template = context.getBean(DynamoDbTemplate.class);
    DynamoDbEnhancedClient enhanced = context.getBean(DynamoDbEnhancedClient.class);
    String table = context.getBean(DynamoDbTableNameResolver.class).resolve(Run.class);
    DynamoDbTable<Run> runs = RunKeys.createTable(enhanced, table);   // with the byPlayer index

    for (Run run : List.of(ANN, BO, CY, ANN_LATER)) {
      template.save(run);
    }

    // The template wrote the keys the generated schema computes, and every component.
    Map<String, AttributeValue> stored = context.getBean(DynamoDbClient.class).getItem(r -> r.tableName(table)
        .key(Map.of("pk", AttributeValue.fromS("SEASON#2026-SPRING"),
            "sk", AttributeValue.fromS("9999998499#0000001719100800#p_8842")))).item();
    assertEquals("Ann", stored.get("name").s());
    assertEquals("1500", stored.get("score").n());

    assertEquals(ANN, template.load(RunKeys.key(ANN), Run.class));

    QueryEnhancedRequest best = QueryEnhancedRequest.builder()
        .queryConditional(RunKeys.query("2026-SPRING").score().atLeast(1000).toQueryConditional()).build();
    assertEquals(List.of(CY, ANN), template.query(best, Run.class).items().stream().toList());
    QueryEnhancedRequest annsRuns = QueryEnhancedRequest.builder()
        .queryConditional(RunKeys.queryByPlayer("p_8842").toQueryConditional()).build();
    assertEquals(List.of(ANN, ANN_LATER), template.query(annsRuns, Run.class, "byPlayer").items().stream().toList());

    // The generated queries on the table the template writes to.
    assertEquals(List.of(CY, ANN, BO), RunKeys.query("2026-SPRING").items(runs).toList());
    assertEquals(List.of(ANN_LATER), RunKeys.queryByPlayer("p_8842").season().atLeast("2026-SUMMER").items(runs)
        .toList());

    Run renamed = new Run(BO.season(), BO.score(), BO.at(), BO.playerId(), "Bo B.");
    template.update(renamed);
    template.delete(RunKeys.key(CY), Run.class);
    assertEquals(List.of(ANN, renamed), RunKeys.query("2026-SPRING").items(runs).toList());
    assertNull(template.load(RunKeys.key(CY), Run.class));
  }

  @Test
  void anItemCollectionsMembersShareOneTableAndReadBackTyped() {
    DynamoDbTemplate template = context.getBean(DynamoDbTemplate.class);
    DynamoDbEnhancedClient enhanced = context.getBean(DynamoDbEnhancedClient.class);
    DynamoDbTableNameResolver names = context.getBean(DynamoDbTableNameResolver.class);
    String table = names.resolve(CustomerItem.class);
    assertEquals(table, names.resolve(CustomerItem.Profile.class));
    DynamoDbTable<CustomerItem> customers = CustomerItemKeys.createTable(enhanced, table);

    CustomerItem.Profile ann = new CustomerItem.Profile("c1", "Ann");
    CustomerItem.Purchase first = new CustomerItem.Purchase("c1", 7, 1_250);
    CustomerItem.Purchase second = new CustomerItem.Purchase("c1", 12, 990);
    CustomerItem.Purchase otherCustomers = new CustomerItem.Purchase("c2", 1, 100);
    for (CustomerItem item : List.of(second, ann, otherCustomers, first)) {
      template.save(item);                                   // each through its member's schema
    }

    QueryEnhancedRequest partition = QueryEnhancedRequest.builder()
        .queryConditional(CustomerItemKeys.query("c1").toQueryConditional()).build();
    assertEquals(List.of(ann, first, second), template.query(partition, CustomerItem.class).items().stream().toList());
    assertEquals(List.of(ann, first, second), CustomerItemKeys.query("c1").items(customers).toList());
    assertEquals(List.of(second), CustomerItemKeys.query("c1").purchases().number().atLeast(10)
        .items(CustomerItem_PurchaseKeys.tableSchema().table(enhanced, table)).toList());
    assertEquals(first, template.load(CustomerItem_PurchaseKeys.key(first), CustomerItem.Purchase.class));
    assertEquals(4, template.scanAll(CustomerItem.class).items().stream().count());
  }
}
