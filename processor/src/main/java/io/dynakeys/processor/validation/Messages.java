package io.dynakeys.processor.validation;

import io.dynakeys.codecs.internal.Digits;
import java.math.BigInteger;
import java.util.Collection;
import javax.lang.model.element.ElementKind;

/**
 * Every diagnostic the processor prints, in one place so the wording stays stable and tested.
 * Each message says what breaks and how to fix it.
 */
public final class Messages {
  private Messages() {}

  // Check 1: width too small for the domain.
  public static String paddedTooNarrow(int width, String what, BigInteger largest, int needed, String suggestedMax) {
    return "width " + width + " cannot hold " + what + " up to " + largest + " (" + Digits.count(needed)
        + "): use @Padded(" + needed + "), or bound the domain with max = " + suggestedMax;
  }

  // Check 2: a number in a sort key without @Padded.
  public static String unpaddedNumberInSortKey(String component, String type, int digits, String index) {
    return component + " is " + article(type) + " " + type + " in the sort key"
        + (index == null ? "" : " of the index " + index) + " without @Padded: as text \"10\" sorts"
        + " before \"2\". Add @Padded(" + digits + "), or a narrower width with a declared max";
  }

  // Check 3: @Padded on a type it cannot encode.
  public static String paddedUnsupportedType(String type, java.util.List<String> paddable) {
    return "@Padded cannot encode " + type + ": it pads " + list(paddable) + " (and the boxes of the"
        + " primitives)";
  }

  public static String paddedFloatingPoint(String type) {
    return "@Padded cannot encode " + type + ": it has no exact fixed-width decimal form, so keys"
        + " would round or sort wrongly. Store a scaled long (cents, micros) with @Padded, or keep"
        + " the exact value in a BigDecimal attribute outside the key";
  }

  public static String paddedWidthNotPositive(int width) {
    return "width " + width + " is not a width: @Padded needs at least 1 digit";
  }

  public static String paddedMinAboveMax(long min, BigInteger max) {
    return "min " + min + " is greater than max " + max + ": the domain is empty; swap them or fix"
        + " the bound";
  }

  public static String paddedBoundOutsideType(String bound, long value, String type, BigInteger limit) {
    return bound + " " + value + " is outside what " + type + " can hold ("
        + (bound.equals("max") ? "largest " : "smallest ") + limit + "): bound the domain within the"
        + " type, or use a wider type";
  }

  public static String bigIntegerNeedsMax() {
    return "a padded BigInteger has no largest value: declare max so the width can be checked"
        + " (e.g. @Padded(value = 19, max = Long.MAX_VALUE))";
  }

  public static String unsupportedKeyType(String component, String type, java.util.List<String> keyTypes) {
    return component + " cannot be a key component: " + type + " has no key encoding. Key"
        + " components are " + list(keyTypes) + " (and the boxes of the primitives), and"
        + " io.dynakeys.runtime.TreePath with @PathSegment";
  }

  /** {@code a, b and c}. */
  static String list(java.util.List<String> items) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
  }

  public static String floatingKeyComponent(String component, String type) {
    return component + " cannot be a key component: " + type + " has no exact fixed-width"
        + " decimal form. Use a scaled long (cents, micros) with @Padded";
  }

  // Check 4.
  public static String invertedWithoutPadded() {
    return "@Inverted needs @Padded: only fixed-width digits can be stored as their nines'"
        + " complement. Add @Padded(width)";
  }

  // Check 5.
  public static String tiebreakerNotLast(String tiebreaker, String after) {
    return "@Tiebreaker must be the last sort component, but " + after + " follows "
        + tiebreaker + ": move " + tiebreaker + " to the end of the sort key";
  }

  public static String tiebreakerTwice(String first) {
    return "a sort key has at most one @Tiebreaker, and " + first + " is already it: remove one";
  }

  public static String tiebreakerNotInSortKey() {
    return "@Tiebreaker belongs on the last @SortKey component: it separates items whose other"
        + " sort components are equal, and a partition key is never a tie";
  }

  // Check 6.
  public static String delimiterNotAllowed(char delimiter, String reason) {
    return "delimiter " + show(delimiter) + " is " + reason + ", which can occur inside values and"
        + " make keys ambiguous: use a punctuation character such as '#'";
  }

  public static String delimiterInPrefix(String attribute, String prefix, char delimiter) {
    return attribute + " \"" + prefix + "\" contains the delimiter " + show(delimiter)
        + ": a parser could not tell where the prefix ends. Remove it from the prefix or choose"
        + " another delimiter";
  }

  public static String delimiterSortsAboveZero(char delimiter, String component) {
    return "delimiter " + show(delimiter) + " sorts above '0' and follows the variable-length"
        + " component " + component + ": a shorter value then sorts after a longer one that"
        + " extends it (with '|', \"ab|x\" sorts after \"abc|x\"). Use a delimiter below '0' such as"
        + " '#'";
  }

  public static String delimiterInEncoding(char delimiter, String component, String type, String example) {
    return "delimiter " + show(delimiter) + " occurs in the encoding of " + component + " (" + type
        + ", e.g. \"" + example + "\"): keys could not be split. Choose another delimiter";
  }

  // Check 7.
  public static String enumConstantContainsDelimiter(String enumType, String constant, char delimiter) {
    return "constant " + enumType + "." + constant + " contains the delimiter " + show(delimiter)
        + ", so its keys could not be split: rename the constant or choose another delimiter";
  }

  // Check 8.
  public static String keyTooLong(String key, int bytes, int limit) {
    return "every " + key + " of this record is at least " + bytes + " UTF-8 bytes, over"
        + " DynamoDB's limit of " + limit + ": narrow the widths or shorten the prefix";
  }

  // Check 9.
  public static String notARecord(String kind, String name) {
    return "@KeySchema applies to records, but " + name + " is " + kind + ": declare it as"
        + " record " + name + "(...)";
  }

  // Kotlin classes, as kapt stubs them (reading/ItemShape).
  public static String kotlinNotAClass(String kind, String name) {
    return "@KeySchema applies to Kotlin data classes (and Java records), but " + name + " is " + kind
        + ": declare it as data class " + name + "(...)";
  }

  public static String kotlinNotAnItem(String reason) {
    return "@KeySchema reads a Kotlin class as kapt stubs it, a final class whose primary constructor"
        + " declares every property (a data class), and " + reason;
  }

  public static String kotlinClassNotFinal(String name) {
    return name + " is open or abstract: declare it as data class " + name + "(...)";
  }

  public static String kotlinInnerClass(String name) {
    return name + " is an inner class, which only an instance of its outer class can make: remove inner";
  }

  public static String kotlinPrivateConstructor(String name) {
    return name + "'s primary constructor is private, so the generated code cannot make a " + name
        + " from a stored item: make it public (a property of a value class type makes it private in Java"
        + " too: store the value's underlying type)";
  }

  public static String kotlinParameterNotProperty(String parameter, String name) {
    return "the parameter " + parameter + " of " + name + "'s primary constructor is no property, so nothing"
        + " reads it back: declare it as val " + parameter;
  }

  public static String kotlinPropertyWithoutGetter(String property, String getter) {
    return "the property " + property + " has no getter Java can call (" + getter + "): a private property"
        + " has none, and one of a value class type has a mangled name. Make it public, of a type that is"
        + " not a value class";
  }

  public static String nullableInTableKey(String component, String key, String type) {
    return component + " is nullable (" + type + "?) in the table's " + key + " key, but every item needs"
        + " its primary key: declare it as " + type + ", or key only a @SecondaryIndex with it, where a"
        + " null leaves the item out of that index";
  }

  public static String nullableOptional(String component) {
    return component + " is a nullable Optional: both a null and an empty Optional would be absent."
        + " Declare it as one or the other";
  }

  public static String kotlinNestedNotStorable(String reason) {
    return "a Kotlin class is stored as a map when it is a data class, and " + reason;
  }

  public static String parameterAnnotation(String annotation, String parameter, String owner) {
    return "@" + annotation + " on the parameter " + parameter + " of " + owner + " has no effect: dynakeys"
        + " reads it on a record component, or on a property of a Kotlin class's primary constructor."
        + " Move it to the component, or remove it";
  }

  public static String kotlinLayoutsNotRecorded(String name) {
    return "the layout of " + name + " is not recorded, so check 30 cannot compare it with the stored"
        + " one: kapt hands the processor a stub, not the .kt file, so the processor cannot find"
        + " src/main/dynakeys. Set the processor option dynakeys.layouts to the directory (kapt's"
        + " annotationProcessorArgs: dynakeys.layouts=${project.basedir}/src/main/dynakeys)";
  }

  public static String noPartition(String name) {
    return name + " has no partition key: mark a component @PartitionKey or set partitionPrefix";
  }

  public static String orphanKeyAnnotation(String annotation, String record) {
    return "@" + annotation + " has no effect: " + record + " is not annotated @KeySchema. Add"
        + " @KeySchema to the record";
  }

  public static String kotlinOrphanKeyAnnotation(String annotation, String type) {
    return "@" + annotation + " has no effect: " + type + " is not annotated @KeySchema. Add @KeySchema to"
        + " the class";
  }

  public static String modifierWithoutKey(String annotation, String component) {
    return "@" + annotation + " on " + component + " has no effect: the component is not part of a"
        + " key. Add @SortKey or @PartitionKey, or remove @" + annotation;
  }

  public static String bothKeys(String component) {
    return component + " is marked both @PartitionKey and @SortKey: a component belongs to one"
        + " key. Remove one of them";
  }

  public static String privateRecord(String name, String privateEnclosing, String keysName) {
    String where = privateEnclosing == null ? name + " is private" : name + " is inside the private class " + privateEnclosing;
    return where + ", so the generated " + keysName + " cannot read it: make it at least"
        + " package-private";
  }

  public static String inaccessibleComponentType(String component, String type, String offending,
      boolean isPrivate, String keysName) {
    String what = type.equals(offending) ? type : type + ", inside " + offending + ",";
    return isPrivate
        ? component + " uses " + what + " which is private, so the generated " + keysName
            + " cannot use it: make " + offending + " at least package-private"
        : component + " uses " + what + " which is not public in its package, so the generated "
            + keysName + " cannot use it: make " + offending + " public";
  }

  public static String generatedClassExists(String keysName) {
    return "a type named " + keysName + " already exists, and dynakeys generates the key class of"
        + " this record under that name: rename or remove " + keysName;
  }

  public static String refersToOwnKeys(String component, String keysName) {
    return component + " refers to " + keysName + ", which is generated from this very record and"
        + " so cannot be one of its components: use another type";
  }

  static String article(String word) {
    if (word.length() > 1 && word.charAt(0) == 'U' && Character.isUpperCase(word.charAt(1))) {
      return "a"; // a UUID: said "you-you-eye-dee"
    }
    return !word.isEmpty() && "AEIOUaeiou".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
  }

  public static String genericRecord(String name) {
    return name + " has type parameters: key classes are generated for concrete records only."
        + " Remove the type parameters";
  }

  public static String unresolvedType(String component) {
    return "the type of " + component + " could not be resolved, so no key class was generated:"
        + " fix the type";
  }

  // Check 10.
  public static String sortPrefixOverlap(String partitionPrefix, String other, String mine, String theirs) {
    return "this record shares the partition layout \"" + partitionPrefix + "\" with " + other
        + ", and its sort prefix \"" + mine + "\" overlaps " + other + "'s \"" + theirs + "\": a"
        + " query for one would return the other's items. Give each record a distinct sortPrefix";
  }

  public static String sharedComponentMismatch(String component, String other, String mine, String theirs) {
    return component + " is " + mine + " here but " + theirs + " in " + other + ", which shares"
        + " this partition layout: mixed widths in one item collection interleave wrongly. Use one"
        + " layout for both";
  }

  // Secondary indexes.
  public static String unknownIndexComponent(String index, String component, String record,
      Collection<String> components) {
    return "index " + index + " names the component \"" + component + "\", which " + record
        + " does not have: use one of its component names (" + String.join(", ", components) + ")";
  }

  public static String optionalInTableKey(String component, String key, String valueType) {
    return component + " is an Optional in the table's " + key + " key, but every item needs its"
        + " primary key: declare it as " + valueType + ", or key only a @SecondaryIndex with it, where an"
        + " empty Optional leaves the item out of that index";
  }

  public static String duplicateIndexComponent(String index, String component) {
    return "index " + index + " names " + component + " twice: a component takes one place in a key";
  }

  public static String invalidIndexName(String index) {
    return "index name \"" + index + "\" is not a Java identifier: it names the generated class"
        + " and methods, so use letters and digits such as \"byPlayer\"";
  }

  public static String duplicateIndexName(String index, String other) {
    return !other.equals(index)
        ? "index name \"" + index + "\" differs from \"" + other + "\" only in the case of letters:"
            + " their generated classes would share a name (a file system may not tell them apart)."
            + " Give each index a distinct name"
        : "index name \"" + index + "\" is declared twice: give each index its own name";
  }

  public static String indexClassClash(String index, String generated, String other) {
    return "index name \"" + index + "\" would generate the class " + generated + ", which clashes"
        + " with the generated " + other + ": choose another index name";
  }

  public static String localIndexWithPartition(String index) {
    return "local index " + index + " declares a partition key, but a local index shares the"
        + " table's partition key: remove partitionKey, or make the index global";
  }

  public static String localIndexWithoutSort(String index) {
    return "local index " + index + " has no sort key: a local index exists to sort the table's"
        + " partition another way, so name its sortKey components or set sortPrefix";
  }

  public static String indexWithoutPartition(String index) {
    return "global index " + index + " has no partition key: name its partitionKey components or"
        + " set partitionPrefix";
  }

  public static String nativeIndexWithoutPartition(String index) {
    return "the native index " + index + " has no partition key: name the components DynamoDB keys it by"
        + " in partitionKey (one to four; a native index has no prefix), or remove nativeKey = true to"
        + " compose a key from a partitionPrefix";
  }

  public static String indexAttributeClash(String index, String attribute) {
    return "index " + index + " stores its key in \"" + attribute + "\", which another key or a"
        + " component of the record already uses: choose another attribute name";
  }

  // Paths.
  public static String pathWithoutAnnotation(String component) {
    return component + " is a TreePath in a key without @PathSegment: add @PathSegment so its"
        + " segments are joined by a path delimiter and its subtree can be queried";
  }

  public static String pathSegmentWrongType(String type) {
    return "@PathSegment holds an io.dynakeys.runtime.TreePath (segments plus whether it is a"
        + " folder), not " + type + ": declare the component as TreePath";
  }

  public static String pathNotInSortKey() {
    return "@PathSegment belongs in the table's sort key: a path is queried by subtree, and only"
        + " a sort key can be read by prefix";
  }

  public static String pathTwice(String first) {
    return "a record has at most one @PathSegment component, and " + first + " is already it";
  }

  public static String pathDelimiterEqualsKeyDelimiter(char delimiter) {
    return "path delimiter " + show(delimiter) + " is also the key delimiter: a parser could not"
        + " tell a segment boundary from a component boundary. Use '/' for paths and '#' for keys";
  }

  public static String pathIndexClash(String name) {
    return "the generated path index or attribute \"" + name + "\" clashes with a declared index,"
        + " attribute or component: rename one, or set @PathSegment(indexes = false)";
  }

  // Table schema.
  public static String emptyKeyAttribute(String attribute) {
    return attribute + " is empty: DynamoDB attributes need a name, such as \"pk\" or \"sk\"";
  }

  public static String equalKeyAttributes(String attribute) {
    return "partitionKeyAttribute and sortKeyAttribute are both \"" + attribute + "\": the"
        + " partition and sort keys need attributes of their own";
  }

  public static String componentNamedLikeKeyAttribute(String component, String keyAttribute) {
    return "component " + component + " would be stored in the attribute \"" + component
        + "\", which " + keyAttribute + " names for the encoded key: rename the component or set "
        + keyAttribute + " in @KeySchema";
  }

  public static String unsupportedAttributeType(String component, String type, String reason,
      String supported) {
    return component + " of type " + type + " cannot be stored by the generated table schema ("
        + reason + "). Supported: " + supported;
  }

  // @Sharded.
  public static String shardCount(int count, int max) {
    return count < 2
        ? "@Sharded(count = " + count + ") spreads nothing: a sharded record needs at least 2 shards"
        : "@Sharded(count = " + count + ") is more than " + max + " shards: every read queries every"
            + " shard, and " + max + " shards already take a million writes per second for one key."
            + " Use " + max + " or fewer";
  }

  public static String partitionComponentNamedShard() {
    return "the partition component shard has the name of the shard number that a sharded record's"
        + " PartitionParts holds: rename the component";
  }

  public static String shardedPathIndexes(String path) {
    return "@Sharded and the generated indexes of the path " + path + " do not combine: they are"
        + " keyed by the item's partition key, so a folder's children would be spread over every"
        + " shard. Set @PathSegment(indexes = false)";
  }

  public static String shardedWithoutSortKey(String record) {
    return "@Sharded has nothing to spread items by: " + record + " has no sort key component, so"
        + " every item of a partition would land in one shard. Give the record a sort key, or name"
        + " the components in by";
  }

  public static String randomShardsWithSortKey(String record) {
    return "@Sharded(random = true) spreads one aggregate item over random shards, and " + record
        + " has a sort key: its items would be scattered with no way to find one. Remove the sort key"
        + " (an aggregate is one item per partition), or shard by a hash of the sort key (remove random)";
  }

  public static String randomShardsWithBy() {
    return "@Sharded(random = true) chooses each write's shard at random, so by (the components a"
        + " shard is hashed from) has no meaning. Remove by, or remove random";
  }

  public static String randomShardsWithIndex(String record, String index) {
    return "@Sharded(random = true) stores " + record + " as one part of the total in each shard,"
        + " so the index " + index + " would list every shard's part as an item. Remove the index:"
        + " an aggregate is read by ShardedAggregate, which combines the shards";
  }

  public static String randomShardsNotCombinable(String record, String component, String type) {
    return component + " is a " + type + ", which cannot be combined across the shards of the"
        + " aggregate " + record + " (@Sharded(random = true)): a read sums numbers and unites sets."
        + " Make it a number or a set, or keep it in another record";
  }

  public static String randomShardsVersioned(String component) {
    return "@DynamoDbVersionAttribute on " + component + " cannot version an aggregate spread over"
        + " random shards (@Sharded(random = true)): each shard item would have its own version, and"
        + " adds need none. Remove it";
  }

  public static String shardByTwice(String name) {
    return "@Sharded names " + name + " twice in by: name each component once";
  }

  public static String shardByUnknown(String name, String record) {
    return "@Sharded names \"" + name + "\" in by, which " + record + " does not have: name its key"
        + " components";
  }

  public static String shardByNotKey(String name) {
    return "@Sharded names " + name + " in by, which is not a key component: the shard must follow"
        + " from the item's key, so that key(...) finds the item with one GetItem. Name key components";
  }

  public static String shardByPath(String name) {
    return "@Sharded names the path " + name + " in by: a path changes when an item moves in the"
        + " tree, which would move the item to another shard. Name other components";
  }

  public static String shardByOnlyPartition() {
    return "@Sharded names only partition key components in by: every item of a partition would"
        + " land in one shard, spreading nothing. Add a sort key component";
  }

  public static String orphanSharded(String record) {
    return "@Sharded has no effect: " + record + " is not annotated @KeySchema. Add @KeySchema to the"
        + " record";
  }

  // @ItemCollection.
  public static String kotlinCollection(String name) {
    return "@ItemCollection is not supported on a Kotlin interface: kapt stubs " + name + " as an interface"
        + " that is not sealed, so its members cannot be found. Query each member through its own keys"
        + " class, or declare the collection in Java";
  }

  public static String collectionNotSealedInterface(String name) {
    return "@ItemCollection belongs on a sealed interface whose permitted subtypes are the"
        + " collection's @KeySchema records, but " + name + " is not one: declare sealed interface "
        + name + " permits ...";
  }

  public static String collectionMemberNotARecord(String collection, String member) {
    return collection + " permits " + member + ", which is not a record: the members of an item"
        + " collection are @KeySchema records";
  }

  public static String collectionMemberWithoutKeySchema(String collection, String member) {
    return collection + " permits " + member + ", which has no @KeySchema: annotate it, so that its"
        + " items have keys in the collection's partitions";
  }

  public static String collectionWithoutMembers(String collection) {
    return collection + " permits no record: an item collection needs at least one @KeySchema member";
  }

  public static String collectionPartitionMismatch(String collection, String member, String first,
      String what, String mine, String theirs) {
    return member + " does not share " + collection + "'s partition layout: its " + what + " is "
        + mine + " where " + first + "'s is " + theirs + ". The members of an item collection live in"
        + " the same partitions, so their partition keys must be written alike";
  }

  public static String collectionMemberWithoutSortPrefix(String collection, String member) {
    return member + " has no sortPrefix, but the members of " + collection + " are told apart by"
        + " their sort prefixes: give it one, such as sortPrefix = \"" + member.toUpperCase(java.util.Locale.ROOT) + "\"";
  }

  public static String collectionSortPrefixOverlap(String collection, String member, String mine,
      String other, String theirs) {
    return member + "'s sort prefix with its delimiter, \"" + mine + "\", and " + other + "'s, \"" + theirs
        + "\", overlap: in " + collection + " a member's sort keys are its prefix alone or start with the"
        + " prefix and the delimiter, so none of these may start another, or a query of one member would"
        + " return the other's items. Give each member a distinct sortPrefix";
  }

  public static String collectionIndexMismatch(String collection, String member, String first,
      String index, String mine, String theirs) {
    return member + " declares index " + index + " as " + mine + ", but " + first + " declares it as "
        + theirs + ": the members of " + collection + " share one table, which has one index of each"
        + " name. Declare it alike in both, or give one of them another name";
  }

  public static String collectionMethodClash(String keysClass, String member, String method) {
    return member + " would be read through " + keysClass + ".query(...)." + method + "(), which"
        + " clashes with another member's or the stage's own method: rename the record";
  }

  // The enhanced client's annotations on components.
  public static String unsupportedClientAnnotation(String annotation, String component) {
    String advice = switch (annotation) {
      case "DynamoDbPartitionKey", "DynamoDbSortKey" ->
          "dynakeys computes the keys: mark the component @PartitionKey or @SortKey of"
              + " io.dynakeys.annotations instead";
      case "DynamoDbSecondaryPartitionKey", "DynamoDbSecondarySortKey", "DynamoDbSecondaryPartitionKeys",
          "DynamoDbSecondarySortKeys" -> "declare the index with @SecondaryIndex on the record instead";
      case "DynamoDbIgnore" -> "a record is rebuilt from all its components, so each is stored;"
          + " move what should not be stored out of the record";
      default -> "dynakeys does not support it on records; remove it";
    };
    return "@" + annotation + " on " + component + " has no meaning for a dynakeys record and would"
        + " be ignored: " + advice;
  }

  public static String clientAnnotationInNestedRecord(String annotation, String component) {
    return "@" + annotation + " on " + component + " works only on a component of the @KeySchema"
        + " record itself, where the enhanced client's extensions see it; it would be ignored in a"
        + " nested record: move it, or remove it";
  }

  public static String clientAnnotationOnKeyComponent(String annotation, String component) {
    return "@" + annotation + " on " + component + " would let the enhanced client change a value"
        + " the item's key is computed from, so the stored key would no longer match: use it on a"
        + " component outside the keys";
  }

  public static String emptyAttributeName(String component) {
    return "@DynamoDbAttribute on " + component + " names no attribute: give a name, or remove it to"
        + " store the component under its own name";
  }

  public static String badConverter(String component, String problem) {
    return "@DynamoDbConvertedBy on " + component + " cannot be used: " + problem
        + ". Name a public class with a public constructor without arguments that implements"
        + " AttributeConverter of the component's type";
  }

  public static String clientAnnotationWrongType(String annotation, String component, String type,
      String expected) {
    return "@" + annotation + " on " + component + " needs " + expected + ", not " + type;
  }

  public static String badVersionArguments(long startAt, long incrementBy) {
    return "@DynamoDbVersionAttribute(startAt = " + startAt + ", incrementBy = " + incrementBy
        + ") is refused by the enhanced client: startAt must be -1 or more and incrementBy 1 or more";
  }

  public static String versionAndCounter(String component) {
    return component + " is both a version attribute and an atomic counter: the client would"
        + " increment it twice. Keep one";
  }

  // @Unique.
  public static String uniqueInTableKey(String component) {
    return "@Unique on " + component + ", which is in the table's primary key: no two items share a primary key"
        + " already. Remove @Unique";
  }

  public static String uniqueType(String component, String type) {
    return "@Unique on " + component + " of type " + type + ": its value is written in the key of the item that"
        + " guards it, so it must be of a key type (String, a number, an enum, a UUID, ...)";
  }

  public static String uniquePrefixIsTheRecords(String component, String prefix) {
    return "the guards of " + component + " would have the prefix \"" + prefix + "\", the record's own partition"
        + " prefix, so a guard's key could be an item's: give @Unique another prefix";
  }

  public static String uniquePrefixTwice(String component, String prefix) {
    return "the guards of " + component + " would have the prefix \"" + prefix + "\" of another unique"
        + " component's guards, so their values would guard each other: give @Unique another prefix";
  }

  // @TimeToLive.
  public static String twoTimeToLiveComponents(String first) {
    return "a record has at most one @TimeToLive component (a table has one time-to-live attribute), and "
        + first + " is already it";
  }

  public static String timeToLiveType(String component, String type) {
    return "@TimeToLive on " + component + " of type " + type + ": DynamoDB expires an item by a number of"
        + " epoch seconds, so the component must be an Instant, a long or Long of epoch seconds, or an"
        + " Optional<Instant>";
  }

  public static String timeToLiveInKey(String component) {
    return "@TimeToLive on " + component + ", which is in a key: extending an item's expiry would change its"
        + " key and move it. Keep the expiry in a component of its own, outside every key";
  }

  public static String timeToLiveWith(String component, String annotation) {
    return "@TimeToLive on " + component + " with @" + annotation + ": the time to live is stored as epoch"
        + " seconds by dynakeys itself. Remove @" + annotation;
  }

  public static String timeToLiveWithUnique(String component, Collection<String> uniques) {
    return "@TimeToLive on " + component + " in a record with @Unique " + String.join(", ", uniques) + ": when"
        + " DynamoDB's time to live deletes an expired item it deletes that item alone, so its guard items stay"
        + " and its unique values stay taken by a record that no longer exists. Remove @TimeToLive and expire"
        + " the record by a delete in a transaction (TransactWrite.delete(table, item)), which removes its"
        + " guards with it";
  }

  public static String timeToLiveInNestedRecord() {
    return "@TimeToLive in a nested record: " + TOP_LEVEL_TIME_TO_LIVE;
  }

  /** On the nested record's annotation: which record stores it, and where. */
  public static String timeToLiveInNestedRecord(String component, String nested, String record, String through) {
    return "@TimeToLive on " + component + " in " + nested + ", which " + record + " stores inside its component "
        + through + ": " + TOP_LEVEL_TIME_TO_LIVE;
  }

  private static final String TOP_LEVEL_TIME_TO_LIVE = "DynamoDB reads the time to live from a top-level"
      + " attribute only. Move it to the @KeySchema record";

  public static String twoVersionAttributes(String first) {
    return "a record has at most one @DynamoDbVersionAttribute, and " + first + " is already it";
  }

  public static String ignoreNullsProblem(String component, String problem) {
    return "@DynamoDbIgnoreNulls on " + component + " has no effect: " + problem + " (nested records"
        + " always leave their empty components out). Remove it";
  }

  public static String attributeNameClash(String component, String attribute, String other) {
    return component + " would be stored in the attribute \"" + attribute + "\", which " + other
        + " already uses: choose another name with @DynamoDbAttribute";
  }

  // The reasons the readers give, each completing one of the messages above: why a type has no
  // attribute form (unsupportedAttributeType), why a converter cannot convert (badConverter), why
  // @DynamoDbIgnoreNulls means nothing (ignoreNullsProblem), what a client annotation needs
  // (clientAnnotationWrongType), and what a type that is not a record is (notARecord).

  public static String arrayNotStorable() {
    return "arrays other than byte[] and char[] have no attribute form; use a List";
  }

  public static String notConcreteType() {
    return "it is not a concrete type";
  }

  public static String setElementNotStorableInSet(String elementType) {
    return "DynamoDB sets hold strings, numbers or binary, so use a List for " + elementType;
  }

  public static String rawOptional() {
    return "a raw Optional has no element type";
  }

  public static String optionalOfOptional() {
    return "an Optional of an Optional cannot be stored: both empties would be absent";
  }

  public static String rawMap() {
    return "a raw Map has no key and value types";
  }

  public static String mapKeyNotString(String keyType) {
    return "DynamoDB map keys are strings, so the key type must be stored as a"
        + " string or a number (String, an enum, UUID, a number, ...), not " + keyType;
  }

  public static String optionalInsideCollection() {
    return "an Optional inside a collection cannot be stored:"
        + " an empty one would be read back as null, so use the element type and leave empties out";
  }

  public static String noClientConverter() {
    return "the enhanced client has no converter for it";
  }

  public static String recursiveNestedRecord() {
    return "records that contain themselves cannot be stored as nested maps";
  }

  public static String genericNestedRecord() {
    return "generic nested records are not supported";
  }

  public static String rawCollection() {
    return "a raw collection has no element type";
  }

  /** A nested record's component's problem, as its record's. */
  public static String inNestedComponent(String component, String problem) {
    return "its component " + component + ": " + problem;
  }

  public static String ignoreNullsNotNested() {
    return "it applies to nested records, and this component is not one";
  }

  public static String converterNamesNoClass() {
    return "it names no class";
  }

  public static String converterNotConcrete(String converter) {
    return converter + " is not a concrete class";
  }

  public static String converterNotPublic(String converter) {
    return converter + " is not public, so the generated schema cannot create it";
  }

  public static String converterWithoutNoArgConstructor(String converter) {
    return converter + " has no public constructor without arguments, which the generated schema calls";
  }

  public static String converterNotAttributeConverter(String converter) {
    return converter + " does not implement AttributeConverter";
  }

  public static String converterConvertsOther(String converter, String converted, String component) {
    return converter + " converts " + converted + ", not " + component;
  }

  public static String versionTypes() {
    return "int, long, Integer or Long (a number it increments)";
  }

  public static String counterTypes() {
    return "int, long, Integer or Long (a number it counts)";
  }

  public static String timestampTypes() {
    return "Instant (the client writes the time of each write)";
  }

  /** What a type that {@code @KeySchema} is on is, when it is not a record. */
  public static String kindName(ElementKind kind) {
    switch (kind) {
      case INTERFACE:
        return "an interface";
      case ENUM:
        return "an enum";
      case ANNOTATION_TYPE:
        return "an annotation type";
      default:
        return "a class";
    }
  }

  public static String internalError(String record, Throwable e) {
    java.io.StringWriter trace = new java.io.StringWriter();
    e.printStackTrace(new java.io.PrintWriter(trace));
    return "dynakeys could not process " + record + " because of an internal error (" + e
        + "); please report it with this record's source and this trace:\n" + trace;
  }

  public static String show(char c) {
    if (c < 0x20 || c == 0x7f || c > 0x7e) {
      return String.format("'\\u%04x'", (int) c);
    }
    return "'" + c + "'";
  }

  // Native index keys (@SecondaryIndex(nativeKey = true)).

  public static String nativeIndexLocal(String index) {
    return "index " + index + " is local, but native (multi-attribute) keys are for global indexes"
        + " only: remove local = true, or remove nativeKey = true to compose the local index's sort key";
  }

  public static String nativeIndexComposedAttribute(String index, String attribute) {
    return attribute + " has no meaning for the native index " + index + ": its keys are the"
        + " components' own attributes, with no prefix and no key attribute of their own. Remove "
        + attribute + ", or remove nativeKey = true to compose the keys";
  }

  public static String nativeIndexTooManyAttributes(String index, String side, int count) {
    return "the native index " + index + " has " + count + " " + side + " attributes; DynamoDB keys an"
        + " index by at most 4 partition and 4 sort attributes. Drop " + (count - 4) + " of them, or remove"
        + " nativeKey = true to compose them into one key";
  }

  public static String nativeKeyNotScalar(String index, String component, String type) {
    return component + " (" + type + ") cannot key the native index " + index + ": DynamoDB key"
        + " attributes are strings, numbers or binary, and " + type + " is stored as neither. Key the"
        + " index by another component, or remove nativeKey = true to compose it into a string key";
  }

  public static String nativeSortUnordered(String index, String component, String type, String why, String fix) {
    return component + " (" + type + ") cannot be a sort attribute of the native index " + index
        + ": " + why + ", so a range or the order of the items would not follow its values. " + fix;
  }

  /** With a counter-example: the stored texts of two values, the greater one's sorting first. */
  public static String nativeSortUnordered(String index, String component, String type, String why,
      String lower, String higher, String fix) {
    return nativeSortUnordered(index, component, type, why + " (" + higher + " sorts before " + lower + ")", fix);
  }

  public static String nativeKeyNullable(String index, String component, String type, String fix) {
    return component + " (" + type + ") cannot key the native index " + index + ": an empty " + type
        + " is stored as NULL, and DynamoDB refuses a write whose index key attribute is not of the"
        + " index's type. " + fix;
  }

  public static String nativeInverted(String index, String component) {
    return "@Inverted on " + component + " cannot apply in the native index " + index + ": a native"
        + " key attribute is the stored value, and DynamoDB has no per-attribute direction. Read the"
        + " index descending (ReadOptions descending()), or remove nativeKey = true to compose an inverted key";
  }

  public static String nativePath(String index, String component) {
    return "the path " + component + " cannot key the native index " + index + ": its subtree and"
        + " children queries need a composed key. Key the index by other components, or remove nativeKey ="
        + " true";
  }

  public static String nativePaddedIgnored(String index, String component) {
    return "@Padded on " + component + " has no effect in the native index " + index + ": the"
        + " attribute holds the value as the SDK stores it (a number sorts as a number, without"
        + " padding), and " + component + " is in no composed key. Remove @Padded";
  }

  // Typed updates.
  public static String indexGroupTooLarge(String index, java.util.List<String> members, int most) {
    return "the index " + index + " needs " + members.size() + " components outside the table's key to be"
        + " set together (" + String.join(", ", members) + "), more than the " + most + " a typed update"
        + " takes in one group: an update of any of them would have to rewrite every index they key. Key"
        + " the index (or the indexes sharing these components) by fewer components, or by table-key ones";
  }

  // Layouts that evolve: the committed layout of each version.
  public static String layoutChanged(String record, int version, String file, String change,
      String consequence) {
    return record + "'s stored layout differs from version " + version + " (" + file + "): " + change + ", so "
        + consequence + ". Declare @LayoutVersion(value = " + (version + 1) + ", live = " + version
        + ") and migrate, or undo the change";
  }

  /** What a change of stored form does to the items of {@code version}, by {@code LayoutDiff.Effect}. */
  public static String layoutConsequence(String effect, String record, int version) {
    switch (effect) {
      case "KEYS":
        return "every " + record + " item stored in version " + version + " would no longer be found by its key";
      case "DOMAIN":
        return "a " + record + " item stored in version " + version + " with a value outside the new domain"
            + " would no longer be read";
      case "INDEX":
        return record + " items stored in version " + version + " would be missing from the index, or found"
            + " there under keys they no longer have";
      case "NEW_SYNTHETIC_INDEX":
        return record + " items stored in version " + version + " carry no key of it and would be missing"
            + " from it until dynakeys backfill-index writes their keys";
      case "NEW_INDEX":
        return record + " items stored in version " + version + " carry no key of it and would be missing"
            + " from it";
      case "UNIQUE":
        return "the values " + record + " items of version " + version + " hold would have no guard, and a new"
            + " item could take one";
      case "EXPIRY":
        return record + " items stored in version " + version + " would keep their expiry in an attribute"
            + " the table no longer reads";
      default:
        throw new IllegalArgumentException(effect);
    }
  }

  public static String layoutFileUnreadable(String file, String why) {
    return "the layout file " + file + " cannot be read: " + why + ". Restore it from version control";
  }

  public static String layoutFileOfOtherEntity(String file, String entity, String record) {
    return "the layout file " + file + " is " + entity + "'s, not " + record + "'s. Restore it from version"
        + " control";
  }

  public static String layoutFileNotWritten(String file, String why) {
    return "the layout file " + file + " cannot be written (" + why + "): set the processor option"
        + " dynakeys.layouts to a directory the build can write, and commit what it holds";
  }

  public static String layoutVersionNotPositive(int version) {
    return "version " + version + " is not a layout version: versions count from 1";
  }

  public static String layoutVersionBehind(String record, int version, int highest, String directory) {
    return record + " is version " + version + ", but its layouts go to version " + highest + " (" + directory
        + "): a layout never goes back. Declare @LayoutVersion(" + highest + ") or later";
  }

  public static String layoutVersionSkipped(String record, int version, int highest) {
    return "version " + version + " of " + record + " follows version " + highest + ": the next version is "
        + (highest + 1);
  }

  public static String layoutSameAsPrevious(String record, int version, int previous) {
    return "version " + version + " of " + record + " stores what version " + previous + " stores: no item"
        + " needs migrating. Keep version " + previous + " unless a change is coming";
  }

  public static String layoutLiveNotOlder(int live, int version) {
    return "live = " + live + " is not an older version than " + version + ": name the version the table"
        + " still holds items of, or 0";
  }

  public static String layoutLiveUnknown(String record, int live, String file) {
    return "version " + live + " of " + record + " is not recorded (" + file + " does not exist): name a"
        + " version whose layout file is committed";
  }

  public static String layoutsNotRecorded(String record) {
    return record + "'s layouts are not recorded, so live versions cannot be read: set the processor option"
        + " dynakeys.layouts (or keep the record in src/main/java, whose layouts go to src/main/dynakeys)";
  }

  public static String layoutMigrationNeeded(String record, int live, String component, String why) {
    return "items of version " + live + " cannot become " + record + "s by themselves: " + component + " " + why
        + ". Name a migration (@LayoutVersion(..., migration = ...)) that makes a " + record + " of a version "
        + live + " item";
  }

  public static String layoutWindowUnreadable(String record, int live, String where, java.util.List<String> before,
      java.util.List<String> after) {
    return "during the window, " + where + " of version " + live + " is keyed by (" + String.join(", ", before)
        + "), which " + record + "'s (" + String.join(", ", after) + ") does not hold: a read by " + record + "'s keys"
        + " could not find the version " + live + " items. Keep the older key's components in the key";
  }

  public static String layoutLiveComponent(String record, int live, String component, String was, String is) {
    return "version " + live + " of " + record + " keys items by " + component + " (" + was + "), which " + record
        + (is == null ? " no longer has" : " has as " + article(is) + " " + is) + ": during the window an item's"
        + " version " + live + " keys are computed from its components, to read its older copy and remove it. Keep "
        + component + " in " + record + " as " + article(was) + " " + was + " until verify finds no version " + live
        + " item";
  }

  public static String layoutLiveTypeGone(String record, int live, String component, String type) {
    return "version " + live + " of " + record + " keys items by " + component + " of type " + type + ", which"
        + " does not exist: keep the type until verify finds no version " + live + " item";
  }

  public static String layoutWindowTableKeys(String record, int live, String before, String after) {
    return "version " + live + " of " + record + " is keyed by the attributes " + before + ", and " + record + " by "
        + after + ": a table's key attributes are fixed when it is created, so both versions cannot share a table."
        + " Keep the key attributes, or copy the items into a new table";
  }

  public static String layoutWindowIndexKeys(String record, int live, String index) {
    return "the index " + index + " is keyed by other attributes in version " + live + " of " + record + ": an index's"
        + " key attributes are fixed when it is created, so both versions cannot share it. Give the new keys a new"
        + " index name";
  }

  public static String layoutMigrationNotAClass(String type) {
    return type + " cannot be a migration: it must be a class with a constructor without parameters,"
        + " implementing io.dynakeys.runtime.schema.LayoutMigration";
  }

  /**
   * An update of a versioned record written whole in one expression that says no version, where it
   * builds its request (the run-time refusal, moved to the compilation).
   */
  public static String updateWithoutVersion(String record, String versionAttribute, String method) {
    return "this update of " + record + " says no version, and " + method + "() would refuse it: " + record
        + " is versioned by \"" + versionAttribute + "\"; say expectVersion(n) to update the item stored at version n,"
        + " or anyVersion() to update whatever is stored (the version increments either way)";
  }

  /** An update's {@code set} of one member of an index group (javac: "no suitable method found"). */
  public static String groupMemberSetAlone(String handle, String component, java.util.List<String> indexes,
      java.util.List<String> members, java.util.List<String> sets) {
    return handle + " cannot be set alone: " + component + " keys the " + (indexes.size() == 1 ? "index " : "indexes ")
        + list(indexes) + ", and an update that sets it rewrites " + (indexes.size() == 1 ? "that key" : "those keys")
        + " whole, so it sets with " + component + " every component outside the table's key that the rewritten"
        + " keys need (" + list(members) + "). Set them through the index's group: " + String.join(" or ", sets);
  }

  /** An update's {@code set} of an index group with another number of values than members. */
  public static String groupValueCount(String group, java.util.List<String> members, int given) {
    return "set(" + group + ", ...) takes " + members.size() + " values after the group, one per member in this"
        + " order: " + String.join(", ", members) + "; this call gives " + given;
  }
}
