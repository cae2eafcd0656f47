package io.dynakeys.runtime.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.EntityLayout;
import io.dynakeys.codecs.PaddedCodec;
import io.dynakeys.codecs.PathCodec;
import io.dynakeys.codecs.TextCodec;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A descriptor as generated code declares one, built by hand, and what it refuses. */
class EntityDescriptorTest {
  record Entry(String account, TreePath path, Optional<String> tag, long size) {}

  static final TextCodec<String> ACCOUNT_CODEC = TextCodec.of(String.class, "Entry", "account", '#');
  static final PathCodec PATH_CODEC = new PathCodec("Entry", "path", '#', '/');
  static final TextCodec<String> TAG_CODEC = TextCodec.of(String.class, "Entry", "tag", '#');
  static final PrimaryKeyComponent<Entry, String> ACCOUNT = Attribute.primaryKey("account", "account", Entry::account, ACCOUNT_CODEC);
  static final PrimaryKeyComponent<Entry, TreePath> PATH = Attribute.primaryKey("path", "path", Entry::path, PATH_CODEC);
  static final IndexKeyComponent<Entry, Optional<String>> TAG = Attribute.indexKey("tag", "t", Entry::tag, TAG_CODEC);
  static final ValueAttribute<Entry, Long> SIZE = Attribute.value("size", "size", Entry::size);

  @SuppressWarnings("unchecked")
  static EntityDescriptor<Entry> descriptor() {
    return EntityDescriptor.of(Entry.class, "x.EntryKeys",
        EntityLayout.of("Entry", EntityLayout.key("pk", "DRIVE", '#', ACCOUNT_CODEC), EntityLayout.key("sk", "", '#', PATH_CODEC), 0,
            EntityLayout.index("byTag", false, EntityLayout.key("byTag_pk", "", '#', TAG_CODEC), null)),
        v -> new Entry((String) v[0], (TreePath) v[1], (Optional<String>) v[2], (Long) v[3]), ACCOUNT, PATH, TAG, SIZE);
  }

  @Test
  void theDescriptorHoldsItsHandlesInOrderAndRoundTripsARecord() {
    EntityDescriptor<Entry> d = descriptor().withPathIndexes("path");
    assertEquals(List.of(ACCOUNT, PATH, TAG, SIZE), d.attributes());
    assertEquals(List.of(ACCOUNT, PATH, TAG), d.keyComponents());
    assertSame(TAG, d.attribute("tag").orElseThrow());
    assertTrue(d.attribute("nope").isEmpty());
    assertEquals("t", TAG.attributeName());
    Entry e = new Entry("a91", TreePath.folder("root", "photos"), Optional.empty(), 7L);
    assertEquals(e, d.construct(d.values(e)));
    assertEquals(new EntityDescriptor.PathIndexes("path", "pathChildren", "pathParent", "pathDepth", "pathDepth"),
        d.pathIndexes().orElseThrow());
    assertTrue(descriptor().pathIndexes().isEmpty());
  }

  @Test
  void aKeyHandleEncodesThroughItsCodecAndAnEmptyOptionalHasNoKey() {
    Entry e = new Entry("a91", TreePath.file("root", "a.txt"), Optional.of("red"), 1L);
    assertEquals("a91", ACCOUNT.encode(e));
    assertEquals("root/a.txt", PATH.encode(e));
    assertEquals("red", TAG.encode(e));
    assertNull(TAG.encode(new Entry("a", TreePath.root(), Optional.empty(), 1L)));
    assertThrows(KeyFormatException.class, () -> ACCOUNT.encode(new Entry("a#9", TreePath.root(), Optional.empty(), 1L)));
    assertThrows(KeyFormatException.class, () -> ACCOUNT.encode(new Entry(null, TreePath.root(), Optional.empty(), 1L)));
  }

  @Test
  void malformedDescriptorsAndHandlesAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> Attribute.primaryKey("size", "size", Entry::size, PaddedCodec.of(Long.class, "Entry", "other", 4, 0, 9999, false)),
        "a handle whose codec is another component's");
    assertThrows(NullPointerException.class, () -> Attribute.value(null, "x", Entry::size));
    assertThrows(NullPointerException.class, () -> Attribute.value("x", "x", null));
    assertThrows(IllegalArgumentException.class, () -> EntityDescriptor.of(Entry.class, "x.EntryKeys", descriptor().layout(),
        v -> null, ACCOUNT, ACCOUNT), "a component twice");
    assertThrows(IllegalArgumentException.class, () -> descriptor().construct("a91"), "too few values");
    assertThrows(IllegalArgumentException.class, () -> descriptor().withPathIndexes("account"), "no path");
    assertThrows(IllegalArgumentException.class, () -> descriptor().withPathIndexes("nope"));
    assertThrows(NullPointerException.class, () -> descriptor().values(null));
  }

  @Test
  void anIndexGroupHoldsItsMembersInOrderAndRefusesOneTwice() {
    GroupedIndexComponent<Entry, Optional<String>> tag = Attribute.groupedIndexKey("tag", "t", Entry::tag, TAG_CODEC);
    GroupedIndexComponent<Entry, String> owner = Attribute.groupedIndexKey("owner", "owner", Entry::account,
        TextCodec.of(String.class, "Entry", "owner", '#'));
    IndexGroup.Of2<Entry, Optional<String>, String> group = IndexGroup.of("byTag", tag, owner);
    assertEquals(List.of(tag, owner), group.members());
    assertEquals("byTag", group.index());
    assertEquals("IndexGroup[byTag: tag, owner]", group.toString());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> IndexGroup.of("byTag", tag, tag))
        .getMessage().contains("names tag twice"));
    assertThrows(NullPointerException.class, () -> Attribute.groupedIndexKey("tag", "t", Entry::tag, null));
  }
}
