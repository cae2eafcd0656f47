package io.dynakeys.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.awspring.cloud.autoconfigure.core.AwsAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.CredentialsProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.RegionProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration;
import io.awspring.cloud.dynamodb.DefaultDynamoDbTableNameResolver;
import io.awspring.cloud.dynamodb.DefaultDynamoDbTableSchemaResolver;
import io.awspring.cloud.dynamodb.DynamoDbTableNameResolver;
import io.awspring.cloud.dynamodb.DynamoDbTableSchemaResolver;
import io.awspring.cloud.dynamodb.DynamoDbTemplate;
import io.dynakeys.spring.fixtures.CustomerItem;
import io.dynakeys.spring.fixtures.Run;
import io.dynakeys.spring.fixtures.RunKeys;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;

/**
 * The auto-configuration among Spring Cloud AWS's own, in real application contexts: which beans it
 * makes, when it backs off, and what the template it leads to is given. No request is sent (the
 * endpoint is never called); {@code SpringApplicationTest} runs the whole application on the servers.
 */
class DynakeysDynamoDbAutoConfigurationTest {
  // DynakeysDynamoDbAutoConfiguration is listed last on purpose: the runner orders auto-configurations
  // by their before/after, as an application's start does.
  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(RegionProviderAutoConfiguration.class,
          CredentialsProviderAutoConfiguration.class, AwsAutoConfiguration.class, DynamoDbAutoConfiguration.class,
          DynakeysDynamoDbAutoConfiguration.class))
      .withPropertyValues("spring.cloud.aws.region.static=us-east-1",
          "spring.cloud.aws.credentials.access-key=local", "spring.cloud.aws.credentials.secret-key=local",
          "spring.cloud.aws.dynamodb.endpoint=http://localhost:1");

  @Test
  void springBootFindsTheAutoConfiguration() {
    List<String> imported = ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader())
        .getCandidates();
    assertTrue(imported.contains(DynakeysDynamoDbAutoConfiguration.class.getName()), imported.toString());
  }

  @Test
  void replacesSpringCloudAwssResolversForTheTemplate() {
    runner.run(context -> {
      assertSame(context.getBean(DynakeysTableSchemaResolver.class), context.getBean(DynamoDbTableSchemaResolver.class));
      assertSame(context.getBean(DynakeysTableNameResolver.class), context.getBean(DynamoDbTableNameResolver.class));
      assertFalse(context.containsBean("dynamoDbTableSchemaResolver"), "Spring Cloud AWS's resolver backs off");
      assertFalse(context.containsBean("dynamoDbTableNameResolver"), "Spring Cloud AWS's resolver backs off");
      assertNotNull(context.getBean(DynamoDbTemplate.class));
      assertSame(RunKeys.tableSchema(), context.getBean(DynamoDbTableSchemaResolver.class).resolve(Run.class));
      assertEquals("run", context.getBean(DynamoDbTableNameResolver.class).resolve(Run.class));
      assertEquals("customer_item", context.getBean(DynamoDbTableNameResolver.class).resolve(CustomerItem.Profile.class));
    });
  }

  @Test
  void theTableNamesTakeSpringCloudAwssPrefixSuffixAndSeparator() {
    runner.withPropertyValues("spring.cloud.aws.dynamodb.table-prefix=dev-",
        "spring.cloud.aws.dynamodb.table-suffix=-v1", "spring.cloud.aws.dynamodb.table-separator=-").run(context -> {
          DynamoDbTableNameResolver names = context.getBean(DynamoDbTableNameResolver.class);
          assertEquals("dev-customer-item-v1", names.resolve(CustomerItem.Purchase.class));
          assertEquals("dev-run-v1", names.resolve(Run.class));
        });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnResolvers {
    @Bean
    DynamoDbTableSchemaResolver mySchemas() {
      return new DefaultDynamoDbTableSchemaResolver();
    }

    @Bean
    DynamoDbTableNameResolver myNames() {
      return new DefaultDynamoDbTableNameResolver("mine_");
    }
  }

  @Test
  void backsOffForTheApplicationsOwnResolvers() {
    runner.withUserConfiguration(OwnResolvers.class).run(context -> {
      assertFalse(context.containsBean("dynakeysTableSchemaResolver"));
      assertFalse(context.containsBean("dynakeysTableNameResolver"));
      assertInstanceOf(DefaultDynamoDbTableSchemaResolver.class, context.getBean(DynamoDbTableSchemaResolver.class));
      assertEquals("mine_run", context.getBean(DynamoDbTableNameResolver.class).resolve(Run.class));
    });
  }

  @Configuration(proxyBeanMethods = false)
  static class RunSchemaBean {
    static final TableSchema<Run> OWN = StaticTableSchema.builder(Run.class).build();

    @Bean
    TableSchema<Run> runSchema() {
      return OWN;
    }
  }

  @Test
  void anApplicationsTableSchemaBeanComesBeforeTheGeneratedSchema() {
    runner.withUserConfiguration(RunSchemaBean.class).run(context ->
        assertSame(RunSchemaBean.OWN, context.getBean(DynamoDbTableSchemaResolver.class).resolve(Run.class)));
  }

  @Test
  void makesNothingWhenSpringCloudAwsDynamoDbIsDisabled() {
    runner.withPropertyValues("spring.cloud.aws.dynamodb.enabled=false").run(context -> {
      assertTrue(context.getBeansOfType(DynamoDbTableSchemaResolver.class).isEmpty());
      assertTrue(context.getBeansOfType(DynamoDbTableNameResolver.class).isEmpty());
      assertTrue(context.getBeansOfType(DynamoDbTemplate.class).isEmpty());
    });
  }

  @Test
  void withoutItSpringCloudAwssResolverRefusesARecord() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(RegionProviderAutoConfiguration.class,
            CredentialsProviderAutoConfiguration.class, AwsAutoConfiguration.class, DynamoDbAutoConfiguration.class))
        .withPropertyValues("spring.cloud.aws.region.static=us-east-1")
        .run(context -> {
          DynamoDbTableSchemaResolver resolver = context.getBean(DynamoDbTableSchemaResolver.class);
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolver.resolve(Run.class));
          assertEquals("A DynamoDb bean class must be annotated with @DynamoDbBean, but"
              + " io.dynakeys.spring.fixtures.Run was not.", e.getMessage());
        });
  }

  @Test
  void theSdkOnTheClassPathIsTheOneDynakeysIsBuiltWith() throws NoSuchMethodException {
    // Spring Cloud AWS 3.4.0's BOM alone would bring the SDK 2.31.54, which lacks this method that the
    // runtime calls for index keys: the module's build imports the SDK's BOM first, as users must.
    assertEquals(List.class, IndexMetadata.class.getMethod("partitionKeys").getReturnType());
  }
}
