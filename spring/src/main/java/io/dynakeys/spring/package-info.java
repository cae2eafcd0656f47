/**
 * Spring Boot support: {@link io.dynakeys.spring.DynakeysDynamoDbAutoConfiguration} makes Spring Cloud
 * AWS's {@code DynamoDbTemplate} read and write dynakeys records through their generated table schemas
 * ({@link io.dynakeys.spring.DynakeysTableSchemaResolver}) and keep an item collection's members in one
 * table ({@link io.dynakeys.spring.DynakeysTableNameResolver}).
 */
package io.dynakeys.spring;
