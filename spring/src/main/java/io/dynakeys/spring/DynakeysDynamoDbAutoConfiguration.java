package io.dynakeys.spring;

import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbProperties;
import io.awspring.cloud.dynamodb.DefaultDynamoDbTableNameResolver;
import io.awspring.cloud.dynamodb.DynamoDbTableNameResolver;
import io.awspring.cloud.dynamodb.DynamoDbTableSchemaResolver;
import io.awspring.cloud.dynamodb.DynamoDbTemplate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * Installs dynakeys' resolvers beside Spring Cloud AWS's DynamoDB starter. It runs before
 * {@link DynamoDbAutoConfiguration}, whose own resolvers back off when a bean of their type exists,
 * so the {@code DynamoDbTemplate} it makes reads and writes records through their generated schemas
 * ({@link DynakeysTableSchemaResolver}) and stores an item collection's members in one table
 * ({@link DynakeysTableNameResolver}). An application's own {@code DynamoDbTableSchemaResolver} or
 * {@code DynamoDbTableNameResolver} bean makes the matching one here back off in turn; with
 * {@code spring.cloud.aws.dynamodb.enabled=false} neither is made.
 */
@AutoConfiguration(before = DynamoDbAutoConfiguration.class)
@ConditionalOnClass({DynamoDbTemplate.class, DynamoDbAutoConfiguration.class})
@ConditionalOnProperty(name = "spring.cloud.aws.dynamodb.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(DynamoDbProperties.class)
public class DynakeysDynamoDbAutoConfiguration {

  /** Made by Spring Boot's auto-configuration. */
  public DynakeysDynamoDbAutoConfiguration() {}

  /**
   * The generated schemas, after the application's {@code TableSchema} beans.
   *
   * @param tableSchemas the application's {@code TableSchema} beans
   * @return the resolver the template uses
   */
  @Bean
  @ConditionalOnMissingBean(DynamoDbTableSchemaResolver.class)
  public DynakeysTableSchemaResolver dynakeysTableSchemaResolver(ObjectProvider<TableSchema<?>> tableSchemas) {
    return new DynakeysTableSchemaResolver(tableSchemas.orderedStream().toList());
  }

  /**
   * Spring Cloud AWS's table names, with an item collection's members in their collection's table.
   *
   * @param properties {@code spring.cloud.aws.dynamodb.*}: the table prefix, suffix and separator
   * @return the resolver the template uses
   */
  @Bean
  @ConditionalOnMissingBean(DynamoDbTableNameResolver.class)
  public DynakeysTableNameResolver dynakeysTableNameResolver(DynamoDbProperties properties) {
    return new DynakeysTableNameResolver(new DefaultDynamoDbTableNameResolver(properties.getTablePrefix(),
        properties.getTableSuffix(), properties.getTableSeparator()));
  }
}
