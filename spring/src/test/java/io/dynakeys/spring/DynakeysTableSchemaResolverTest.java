package io.dynakeys.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.schema.CollectionTableSchema;
import io.dynakeys.spring.fixtures.CustomerItem;
import io.dynakeys.spring.fixtures.CustomerItemKeys;
import io.dynakeys.spring.fixtures.CustomerItem_ProfileKeys;
import io.dynakeys.spring.fixtures.Note;
import io.dynakeys.spring.fixtures.Run;
import io.dynakeys.spring.fixtures.RunKeys;
import io.dynakeys.spring.fixtures.Season;
import io.dynakeys.spring.fixtures.Season_LapKeys;
import io.dynakeys.spring.fixtures.Visit;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;

/** Which schema the template gets for each kind of class, without a server or a Spring context. */
class DynakeysTableSchemaResolverTest {
  private final DynakeysTableSchemaResolver resolver = new DynakeysTableSchemaResolver();

  @Test
  void aRecordGetsTheSchemaItsKeysClassHolds() {
    assertSame(RunKeys.tableSchema(), resolver.resolve(Run.class));
    assertSame(resolver.resolve(Run.class), resolver.resolve(Run.class));
  }

  @Test
  void aNestedRecordGetsTheSchemaOfItsUnderscoredKeysClass() {
    assertSame(Season_LapKeys.tableSchema(), resolver.resolve(Season.Lap.class));
  }

  @Test
  void anItemCollectionGetsItsCollectionSchemaAndEachMemberItsOwn() {
    TableSchema<CustomerItem> collection = resolver.resolve(CustomerItem.class);
    assertSame(CustomerItemKeys.tableSchema(), collection);
    assertTrue(collection instanceof CollectionTableSchema<?>);
    assertSame(CustomerItem_ProfileKeys.tableSchema(), resolver.resolve(CustomerItem.Profile.class));
  }

  @Test
  void aClassWithoutAGeneratedKeysClassIsRefusedWithWhatToDo() {
    // io.dynakeys.spring.fixtures.NoteKeys exists, but is the application's own class: not taken.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> resolver.resolve(Note.class));
    assertEquals("no table schema for io.dynakeys.spring.fixtures.Note: dynakeys generates one for a @KeySchema"
        + " record or an @ItemCollection interface compiled with its processor, and no generated"
        + " io.dynakeys.spring.fixtures.NoteKeys was found for it; for another class, declare a"
        + " TableSchema<Note> bean or annotate the class @DynamoDbBean or @DynamoDbImmutable", e.getMessage());
    IllegalArgumentException string = assertThrows(IllegalArgumentException.class,
        () -> resolver.resolve(String.class));
    assertTrue(string.getMessage().contains("no generated java.lang.StringKeys was found"), string.getMessage());
  }

  @Test
  void anAnnotatedBeanIsMappedByTheEnhancedClientAsSpringCloudAwsWould() {
    TableSchema<Visit> schema = resolver.resolve(Visit.class);
    assertTrue(schema instanceof BeanTableSchema<?>, schema.getClass().getName());
    assertSame(schema, resolver.resolve(Visit.class));
  }

  @Test
  void anApplicationsSchemaForAnItemTypeComesFirst() {
    TableSchema<Run> own = StaticTableSchema.builder(Run.class).build();
    DynakeysTableSchemaResolver withBean = new DynakeysTableSchemaResolver(List.of(own));
    assertSame(own, withBean.resolve(Run.class));
    assertSame(CustomerItemKeys.tableSchema(), withBean.resolve(CustomerItem.class));
  }
}
