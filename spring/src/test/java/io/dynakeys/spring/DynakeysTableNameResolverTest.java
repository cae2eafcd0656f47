package io.dynakeys.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.awspring.cloud.dynamodb.DefaultDynamoDbTableNameResolver;
import io.dynakeys.spring.fixtures.CustomerItem;
import io.dynakeys.spring.fixtures.Note;
import io.dynakeys.spring.fixtures.Run;
import io.dynakeys.spring.fixtures.Season;
import io.dynakeys.spring.fixtures.Shelf;
import org.junit.jupiter.api.Test;

/** Table names: Spring Cloud AWS's, with an item collection's members in their collection's table. */
class DynakeysTableNameResolverTest {
  private final DynakeysTableNameResolver names =
      new DynakeysTableNameResolver(new DefaultDynamoDbTableNameResolver("dev-", "-v1", "-"));

  @Test
  void aRecordIsNamedAsSpringCloudAwsNamesIt() {
    assertEquals("dev-run-v1", names.resolve(Run.class));
    assertEquals("dev-lap-v1", names.resolve(Season.Lap.class));
    assertEquals("dev-note-v1", names.resolve(Note.class));
  }

  @Test
  void theMembersOfAnItemCollectionAreStoredInItsTable() {
    assertEquals("dev-customer-item-v1", names.resolve(CustomerItem.class));
    assertEquals("dev-customer-item-v1", names.resolve(CustomerItem.Profile.class));
    assertEquals("dev-customer-item-v1", names.resolve(CustomerItem.Purchase.class));
  }

  @Test
  void aMemberOfTwoCollectionsHasNoOneTable() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> names.resolve(Shelf.Box.class));
    assertEquals("io.dynakeys.spring.fixtures.Shelf$Box is a member of 2 item collections,"
        + " io.dynakeys.spring.fixtures.Shelf and io.dynakeys.spring.fixtures.Crate, and so has no one table:"
        + " declare a DynamoDbTableNameResolver bean that says which table it is stored in", e.getMessage());
  }
}
