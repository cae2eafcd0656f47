package io.dynakeys.codecs.internal.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.PathCodec;
import io.dynakeys.codecs.internal.TextCodec;
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
  static final PrimaryKeyComponent<Entry, String> ACCOUNT = Handles.primaryKey("account", "account", Entry::account, ACCOUNT_CODEC);
  static final PrimaryKeyComponent<Entry, TreePath> PATH = Handles.primaryKey("path", "path", Entry::path, PATH_CODEC);
  static final IndexKeyComponent<Entry, Optional<String>> TAG = Handles.indexKey("tag", "t", Entry::tag, TAG_CODEC);
  static final ValueAttribute<Entry, Long> SIZE = Handles.value("size", "size", Entry::size);

  static final EntityLayout LAYOUT = EntityLayout.of("Entry", EntityLayout.key("pk", "DRIVE", '#', ACCOUNT_CODEC),
      EntityLayout.key("sk", "", '#', PATH_CODEC), 0,
      EntityLayout.index("byTag", false, EntityLayout.key("byTag_pk", "", '#', TAG_CODEC), null));
  /** As a keys class declares it, once: its handles are then this record's and no other's. */
  @SuppressWarnings("unchecked")
  static final EntityDescriptor<Entry> DESCRIPTOR = EntityDescriptor.of(Entry.class, "x.EntryKeys", LAYOUT,
      v -> new Entry((String) v[0], (TreePath) v[1], (Optional<String>) v[2], (Long) v[3]), ACCOUNT, PATH, TAG, SIZE);

  static EntityDescriptor<Entry> descriptor() {
    return DESCRIPTOR;
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
  @SuppressWarnings("unchecked")
  void aKeyHandleCarriesTheCodecItsKeysAreWrittenWith() {
    Entry e = new Entry("a91", TreePath.file("root", "a.txt"), Optional.of("red"), 1L);
    assertEquals("a91", ((KeyCodec<Object>) Handles.codec(ACCOUNT)).encode(ACCOUNT.get(e)));
    assertEquals("root/a.txt", ((KeyCodec<Object>) Handles.codec(PATH)).encode(PATH.get(e)));
    assertThrows(KeyFormatException.class, () -> ((KeyCodec<Object>) Handles.codec(ACCOUNT)).encode("a#9"));
    assertThrows(KeyFormatException.class, () -> ((KeyCodec<Object>) Handles.codec(ACCOUNT)).encode(null));
  }

  @Test
  void malformedDescriptorsAndHandlesAreRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> Handles.primaryKey("size", "size", Entry::size, PaddedCodec.of(Long.class, "Entry", "other", 4, 0, 9999, false)),
        "a handle whose codec is another component's");
    assertThrows(NullPointerException.class, () -> Handles.value(null, "x", Entry::size));
    assertThrows(NullPointerException.class, () -> Handles.value("x", "x", null));
    ValueAttribute<Entry, Long> twice = Handles.value("size", "size", Entry::size);
    assertThrows(IllegalArgumentException.class, () -> EntityDescriptor.of(Entry.class, "x.EntryKeys", LAYOUT,
        v -> null, twice, twice), "a component twice");
    assertThrows(IllegalArgumentException.class, () -> descriptor().construct("a91"), "too few values");
    assertThrows(IllegalArgumentException.class, () -> descriptor().withPathIndexes("account"), "no path");
    assertThrows(IllegalArgumentException.class, () -> descriptor().withPathIndexes("nope"));
    assertThrows(NullPointerException.class, () -> descriptor().values(null));
  }

  @Test
  void aHandleBelongsToTheRecordWhoseDescriptorClaimedItAndToNoOther() {
    EntityDescriptor<Entry> copy = descriptor().withPathIndexes("path");
    assertTrue(copy.owns(ACCOUNT), "a copy is the same record");
    assertSame(SIZE, copy.requireOwn(SIZE, "an update of Entry"));
    NestedHolder holder = new NestedHolder();
    assertTrue(holder.descriptor.owns(holder.field), "a nested field belongs to the record of the component that holds it");
    assertTrue(!descriptor().owns(holder.field) && !holder.descriptor.owns(SIZE));
    assertEquals("an update of Entry takes the handles of Entry (EntryKeys), and NestedField[other.city stored as other]"
        + " is a handle of Other (OtherKeys)",
        assertThrows(IllegalArgumentException.class, () -> descriptor().requireOwn(holder.field, "an update of Entry"))
            .getMessage());
    ValueAttribute<Entry, Long> handMade = Handles.value("size", "size", Entry::size);
    assertTrue(!descriptor().owns(handMade));
    assertEquals("a filter of Entry takes the handles EntryKeys declares, and ValueAttribute[size] is none: no keys"
        + " class made it (handles are not made by hand)",
        assertThrows(IllegalArgumentException.class, () -> descriptor().requireOwn(handMade, "a filter of Entry"))
            .getMessage());
    // A handle another descriptor claimed cannot be claimed again: a keys class's handles are its own.
    assertEquals("PrimaryKeyComponent[account] belongs to Entry already, so Entry cannot claim it",
        assertThrows(IllegalStateException.class, () -> EntityDescriptor.of(Entry.class, "y.EntryKeys", LAYOUT,
            v -> null, ACCOUNT, PATH, TAG, SIZE)).getMessage());
  }

  /** Another record, with a component that holds a nested record and a handle of one of its fields. */
  static final class NestedHolder {
    record Address(String city) {}
    record Other(String id, Address other) {}
    final ValueAttribute<Other, Address> other = Handles.value("other", "other", Other::other);
    final io.dynakeys.runtime.entity.NestedField<Other, String> field = Handles.field(other, "city", "city", Address::city);
    final TextCodec<String> idCodec = TextCodec.of(String.class, "Other", "id", '#');
    final EntityDescriptor<Other> descriptor = EntityDescriptor.of(Other.class, "x.OtherKeys",
        EntityLayout.of("Other", EntityLayout.key("pk", "O", '#', idCodec), null, 0),
        v -> new Other((String) v[0], (Address) v[1]),
        Handles.primaryKey("id", "id", Other::id, idCodec), other);
  }

  @Test
  void anIndexGroupHoldsItsMembersInOrderAndRefusesOneTwice() {
    GroupedIndexComponent<Entry, Optional<String>> tag = Handles.groupedIndexKey("tag", "t", Entry::tag, TAG_CODEC);
    GroupedIndexComponent<Entry, String> owner = Handles.groupedIndexKey("owner", "owner", Entry::account,
        TextCodec.of(String.class, "Entry", "owner", '#'));
    IndexGroup.Of2<Entry, Optional<String>, String> group = Handles.group("byTag", tag, owner);
    assertEquals(List.of(tag, owner), group.members());
    assertEquals("byTag", group.index());
    assertEquals("IndexGroup[byTag: tag, owner]", group.toString());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Handles.group("byTag", tag, tag))
        .getMessage().contains("names tag twice"));
    assertThrows(NullPointerException.class, () -> Handles.groupedIndexKey("tag", "t", Entry::tag, null));
  }
}
