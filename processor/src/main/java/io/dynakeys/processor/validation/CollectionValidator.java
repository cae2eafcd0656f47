package io.dynakeys.processor.validation;

import io.dynakeys.processor.model.CollectionModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.Mirrors;
import io.dynakeys.processor.model.IndexModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * The checks of an {@code @ItemCollection}: every member shares the first member's partition
 * layout (attributes, prefix, delimiter, components' types and encodings, shard count), has a sort
 * prefix, and no member's sort prefix followed by the delimiter starts another's (a member's keys
 * are its bare prefix or start with the prefix and the delimiter, so {@code PROFILE} and
 * {@code PROFILE_PHOTO} may be members together, {@code PROFILE} twice may not); members whose keys could
 * interleave encode their shared components alike (check 10, complete here because the interface
 * names every member even when records are compiled separately); members that declare an index
 * of the same name declare it alike.
 */
public final class CollectionValidator {
  private static final Set<String> STAGE_METHODS = Set.of("toKeyQuery", "toQueryConditional",
      "toKeyCondition", "items", "page", "query");

  private final ValidationReport report;

  /** @param report where findings go */
  public CollectionValidator(ValidationReport report) {
    this.report = report;
  }

  /** Checks {@code collection}; findings go on the members' annotations. */
  public void validate(CollectionModel collection) {
    List<KeySchemaModel> members = collection.members();
    KeySchemaModel first = members.get(0);
    Set<String> methods = new HashSet<>();
    for (KeySchemaModel member : members) {
      if (member != first) {
        checkPartition(collection, first, member);
      }
      if (member.sort().prefix().isEmpty()) {
        report.error(Messages.collectionMemberWithoutSortPrefix(collection.name(), member.recordName()),
            member.element(), member.annotation(), null);
      }
      String method = CollectionModel.memberMethod(member);
      if (!methods.add(method) || STAGE_METHODS.contains(method) || SourceVersion.isKeyword(method)) {
        report.error(Messages.collectionMethodClash(collection.keysClass().simpleName(), member.recordName(), method),
            collection.element(), collection.annotation(), null);
      }
    }
    checkIndexes(collection);
    List<KeySchemaModel> earlier = new ArrayList<>();
    for (KeySchemaModel member : members) {
      for (KeySchemaModel other : earlier) {
        String mine = head(member.sort());
        String theirs = head(other.sort());
        if (!member.sort().prefix().isEmpty() && !other.sort().prefix().isEmpty()
            && (mine.startsWith(theirs) || theirs.startsWith(mine))) {
          report.error(Messages.collectionSortPrefixOverlap(collection.name(), member.recordName(), mine,
              other.recordName(), theirs), member.element(), member.annotation(), member.sort().prefixValue());
          SharedPartitionValidator.checkComponents(member, other, report);
        }
      }
      earlier.add(member);
    }
  }

  private void checkPartition(CollectionModel collection, KeySchemaModel first, KeySchemaModel member) {
    KeyPart a = member.partition();
    KeyPart b = first.partition();
    String mismatch = null;
    String mine = null;
    String theirs = null;
    if (!a.attribute().equals(b.attribute())) {
      mismatch = "partitionKeyAttribute";
      mine = quote(a.attribute());
      theirs = quote(b.attribute());
    } else if (!member.sort().attribute().equals(first.sort().attribute())) {
      mismatch = "sortKeyAttribute";
      mine = quote(member.sort().attribute());
      theirs = quote(first.sort().attribute());
    } else if (!a.prefix().equals(b.prefix())) {
      mismatch = "partitionPrefix";
      mine = quote(a.prefix());
      theirs = quote(b.prefix());
    } else if (a.delimiter() != b.delimiter()) {
      mismatch = "delimiter";
      mine = Messages.show(a.delimiter());
      theirs = Messages.show(b.delimiter());
    } else if (!encodings(a).equals(encodings(b))) {
      mismatch = "partition key";
      mine = String.join(", ", encodings(a));
      theirs = String.join(", ", encodings(b));
    } else if (shards(member) != shards(first)) {
      mismatch = "shard count";
      mine = Integer.toString(shards(member));
      theirs = Integer.toString(shards(first));
    }
    if (mismatch != null) {
      report.error(Messages.collectionPartitionMismatch(collection.name(), member.recordName(),
              first.recordName(), mismatch, mine, theirs),
          member.element(), member.annotation(), Mirrors.explicit(member.annotation(), mismatch));
    }
  }

  /**
   * Members may declare an index of the same name (the collection's table has one index of that
   * name, read by each member's own stages), but then they must declare it alike: local or
   * global, on the same key attributes. Otherwise the table made for the collection would carry
   * only the first member's index, and the other member's index queries would read nothing.
   */
  private void checkIndexes(CollectionModel collection) {
    Map<String, IndexModel> byName = new HashMap<>();
    Map<String, KeySchemaModel> owner = new HashMap<>();
    for (KeySchemaModel member : collection.members()) {
      for (IndexModel index : member.indexes()) {
        IndexModel first = byName.putIfAbsent(index.name(), index);
        if (first == null) {
          owner.put(index.name(), member);
          continue;
        }
        String mine = describe(index);
        String theirs = describe(first);
        if (!mine.equals(theirs)) {
          report.error(Messages.collectionIndexMismatch(collection.name(), member.recordName(),
                  owner.get(index.name()).recordName(), index.name(), mine, theirs),
              member.element(), index.position(), null);
        }
      }
    }
  }

  private static String describe(IndexModel index) {
    List<String> attributes = new ArrayList<>();
    if (!index.local()) {
      attributes.add(index.layout().partition().attribute());
    }
    if (index.layout().hasSortKey()) {
      attributes.add(index.layout().sort().attribute());
    }
    return (index.local() ? "local" : "global") + " on " + String.join(", ", attributes);
  }

  private static List<String> encodings(KeyPart part) {
    List<String> out = new ArrayList<>();
    for (KeyComponent c : part.components()) {
      String padding = c.padded()
          ? " @Padded(" + c.padding().width() + ", " + c.padding().min() + ".." + c.padding().max(c.keyType())
              + (c.inverted() ? ", inverted" : "") + ")"
          : "";
      out.add(c.type().withoutAnnotations() + padding);
    }
    return out;
  }

  private static int shards(KeySchemaModel model) {
    return model.sharded() ? model.sharding().count() : 0;
  }

  /**
   * The prefix with its delimiter, whether or not components follow: a member's keys are its bare
   * prefix or start with this head (the rule the runtime owns items by), so two members' keys can
   * meet only when one head starts the other. {@code PROFILE} (a key without components) and
   * {@code PROFILE_PHOTO#...} never meet.
   */
  private static String head(KeyPart sort) {
    return sort.prefix() + sort.delimiter();
  }

  private static String quote(String s) {
    return "\"" + Objects.toString(s) + "\"";
  }
}
