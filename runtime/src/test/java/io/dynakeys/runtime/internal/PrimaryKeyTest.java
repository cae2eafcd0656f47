package io.dynakeys.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link PrimaryKey}: enhanced-client keys from encoded key strings. */
class PrimaryKeyTest {

  @Test
  void aKeyWithAndWithoutASortKey() {
    Key both = PrimaryKey.of("SEASON#2026", "0000001500#p_1");
    assertEquals(AttributeValue.fromS("SEASON#2026"), both.partitionKeyValue());
    assertEquals(Optional.of(AttributeValue.fromS("0000001500#p_1")), both.sortKeyValue());
    Key only = PrimaryKey.of("NOTE#1");
    assertEquals(AttributeValue.fromS("NOTE#1"), only.partitionKeyValue());
    assertEquals(Optional.empty(), only.sortKeyValue());
  }

  @Test
  void allKeysOfOnePartitionInOrder() {
    List<Key> keys = PrimaryKey.all("DRIVE#a91", List.of("DOC#root/", "DOC#root/photos/"));
    assertEquals(List.of(PrimaryKey.of("DRIVE#a91", "DOC#root/"), PrimaryKey.of("DRIVE#a91", "DOC#root/photos/")), keys);
    assertTrue(PrimaryKey.all("DRIVE#a91", List.of()).isEmpty());
    List<Key> mutable = PrimaryKey.all("P", List.of("a"));
    mutable.add(PrimaryKey.of("P", "b")); // a fresh list the caller may extend
    assertEquals(2, mutable.size());
    assertThrows(NullPointerException.class, () -> PrimaryKey.all("P", null));
  }
}
