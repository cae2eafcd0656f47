package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checks of {@code @ItemCollection}: a sealed interface whose permitted subtypes are
 * {@code @KeySchema} records sharing one partition layout, told apart by sort prefixes of which none
 * starts another; and the generated collection class, against a golden file.
 */
class CollectionDiagnosticsTest {
  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.ItemCollection;",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "");

  private static JavaFileObject source(String name, String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return AcmeSources.verbatim(name, all.toArray(String[]::new));
  }

  private static final JavaFileObject CUSTOMER_ITEM = source("CustomerItem",
      "@ItemCollection",
      "public sealed interface CustomerItem permits Profile, Order {}");

  private static final JavaFileObject PROFILE = source("Profile",
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE\")",
      "public record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}");

  private static JavaFileObject order(String keySchema, String partitionComponent) {
    return source("Order",
        keySchema,
        "public record Order(",
        "    " + partitionComponent + ",",
        "    @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId) implements CustomerItem {}");
  }

  private static final JavaFileObject ORDER = order(
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")", "@PartitionKey String customerId");

  /**
   * A query is typed by the items it reads: the collection's runs on a table of the collection,
   * a member's on a table of that member, and each other pairing is a compile error on the line
   * that makes it (before, each compiled and failed at run time with a ForeignItemException).
   */
  @Test
  void aQueryRunsOnlyOnATableOfItsItems() {
    JavaFileObject right = AcmeSources.verbatim("Reads",
        "package com.acme;",
        "",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class Reads {",
        "  static void read(DynamoDbTable<CustomerItem> all, DynamoDbTable<Order> orders) {",
        "    for (CustomerItem item : CustomerItemKeys.query(\"c1\").items(all)) {}",
        "    for (Order order : CustomerItemKeys.query(\"c1\").orders().orderId().atLeast(10).items(orders)) {}",
        "  }",
        "}");
    assertThat(compileWithoutCrash(CUSTOMER_ITEM, PROFILE, ORDER, right)).succeededWithoutWarnings();

    JavaFileObject wrong = AcmeSources.verbatim("Reads",
        "package com.acme;",
        "",
        "import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;",
        "",
        "class Reads {",
        "  static void read(DynamoDbTable<Profile> profiles, DynamoDbTable<CustomerItem> all) {",
        "    CustomerItemKeys.query(\"c1\").items(profiles);",
        "    OrderKeys.query(\"c1\").items(all);",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, PROFILE, ORDER, wrong);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("no suitable method found for items(software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable<com.acme.Profile>)")
        .inFile(wrong).onLine(7);
    assertThat(compilation).hadErrorContaining("no suitable method found for items(software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable<com.acme.CustomerItem>)")
        .inFile(wrong).onLine(8);
  }

  @Test
  void aCollectionCompilesAndMatchesTheGoldenFile() throws IOException {
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, PROFILE, ORDER);

    assertThat(compilation).succeededWithoutWarnings();
    String generated = compilation.generatedSourceFile("com.acme.CustomerItemKeys").orElseThrow()
        .getCharContent(false).toString();
    Path golden = Path.of("src/test/resources/golden/com/acme/CustomerItemKeys.java");
    if (Boolean.getBoolean("dynakeys.updateGolden")) {
      Files.writeString(golden, generated, StandardCharsets.UTF_8);
    }
    org.junit.jupiter.api.Assertions.assertEquals(Files.readString(golden, StandardCharsets.UTF_8), generated,
        "CustomerItemKeys differs from the golden file; rerun with -Ddynakeys.updateGolden=true and review");
  }

  @Test
  void anItemCollectionOnAClassIsAnError() {
    JavaFileObject file = source("CustomerItem",
        "@ItemCollection",
        "public abstract class CustomerItem {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@ItemCollection belongs on a sealed interface whose"
            + " permitted subtypes are the collection's @KeySchema records, but CustomerItem is not one:"
            + " declare sealed interface CustomerItem permits ...")
        .inFile(file).onLineContaining("@ItemCollection");
  }

  @Test
  void aPermittedTypeThatIsNoKeySchemaRecordIsAnError() {
    JavaFileObject collection = source("CustomerItem",
        "@ItemCollection",
        "public sealed interface CustomerItem permits Profile, Note, Order {}");
    JavaFileObject note = source("Note", "public record Note(String text) implements CustomerItem {}");
    Compilation compilation = compileWithoutCrash(collection, PROFILE, note, ORDER);

    assertThat(compilation).hadErrorContaining("CustomerItem permits Note, which has no @KeySchema:"
            + " annotate it, so that its items have keys in the collection's partitions")
        .inFile(collection).onLineContaining("@ItemCollection");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{2}")
  @CsvSource(delimiter = '|', value = {
      "@KeySchema(partitionPrefix = \"CLIENT\", sortPrefix = \"ORDER\") | @PartitionKey String customerId | partitionPrefix is \"CLIENT\" where Profile's is \"CUSTOMER\"",
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\", partitionKeyAttribute = \"PK\") | @PartitionKey String customerId | partitionKeyAttribute is \"PK\" where Profile's is \"pk\"",
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\", delimiter = '/') | @PartitionKey String customerId | delimiter is '/' where Profile's is '#'",
      "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\") | @PartitionKey long customerId | partition key is long where Profile's is java.lang.String",
  })
  void aMemberOfAnotherPartitionLayoutIsAnError(String keySchema, String partition, String what) {
    JavaFileObject order = order(keySchema, partition);
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, PROFILE, order);

    assertThat(compilation).hadErrorContaining("Order does not share CustomerItem's partition layout: its "
            + what + ". The members of an item collection live in the same partitions, so their"
            + " partition keys must be written alike")
        .inFile(order).onLineContaining("@KeySchema(");
  }

  @Test
  void aMemberWithoutSortPrefixIsAnError() {
    JavaFileObject order = order("@KeySchema(partitionPrefix = \"CUSTOMER\")", "@PartitionKey String customerId");
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, PROFILE, order);

    assertThat(compilation).hadErrorContaining("Order has no sortPrefix, but the members of CustomerItem"
            + " are told apart by their sort prefixes: give it one, such as sortPrefix = \"ORDER\"")
        .inFile(order).onLineContaining("@KeySchema(");
  }

  @Test
  void aSortPrefixThatStartsAnotherMembersIsAnErrorOnTheLaterMember() {
    // Profile's sort key is the constant PROFILE; Order's keys would be PROFILE#000000000001...
    JavaFileObject order = order("@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE\")",
        "@PartitionKey String customerId");
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, PROFILE, order);

    assertThat(compilation).hadErrorContaining("Order's sort prefix with its delimiter, \"PROFILE#\", and"
            + " Profile's, \"PROFILE#\", overlap: in CustomerItem a member's sort keys are its prefix alone"
            + " or start with the prefix and the delimiter, so none of these may start another, or a query of"
            + " one member would return the other's items. Give each member a distinct sortPrefix")
        .inFile(order).onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aSortPrefixThatStartsAnotherOnlyBeforeItsDelimiterIsNoConflict() {
    // Profile's sort key is the constant PROFILE; ProfilePhoto's are PROFILE_PHOTO#<photo>: the
    // runtime gives PROFILE only to the key PROFILE and keys starting with PROFILE#, so they never meet.
    JavaFileObject collection = source("CustomerItem",
        "@ItemCollection",
        "public sealed interface CustomerItem permits Profile, ProfilePhoto {}");
    JavaFileObject photo = source("ProfilePhoto",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE_PHOTO\")",
        "public record ProfilePhoto(@PartitionKey String customerId, @SortKey String photoId)"
            + " implements CustomerItem {}");
    Compilation compilation = compileWithoutCrash(collection, PROFILE, photo);

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aMemberWhoseQueryMethodClashesIsAnError() {
    JavaFileObject collection = source("CustomerItem",
        "@ItemCollection",
        "public sealed interface CustomerItem permits Profile, Item {}");
    JavaFileObject item = source("Item",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ITEM\")",
        "public record Item(@PartitionKey String customerId, @SortKey String sku) implements CustomerItem {}");
    Compilation compilation = compileWithoutCrash(collection, PROFILE, item);

    assertThat(compilation).hadErrorContaining("Item would be read through CustomerItemKeys.query(...).items(),"
            + " which clashes with another member's or the stage's own method: rename the record")
        .inFile(collection).onLineContaining("@ItemCollection");
  }

  @Test
  void membersThatDeclareOneIndexDifferentlyAreAnErrorOnTheLaterIndex() {
    JavaFileObject profile = source("Profile",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE\")",
        "@io.dynakeys.annotations.SecondaryIndex(name = \"byName\", partitionKey = \"name\")",
        "public record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}");
    JavaFileObject order = source("Order",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
        "@io.dynakeys.annotations.SecondaryIndex(name = \"byName\", local = true, sortKey = \"name\")",
        "public record Order(@PartitionKey String customerId,",
        "    @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId, String name) implements CustomerItem {}");
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, profile, order);

    assertThat(compilation).hadErrorContaining("Order declares index byName as local on byName_sk, but"
            + " Profile declares it as global on byName_pk: the members of CustomerItem share one table,"
            + " which has one index of each name. Declare it alike in both, or give one of them another name")
        .inFile(order).onLineContaining("@io.dynakeys.annotations.SecondaryIndex(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void membersThatDeclareOneIndexAlikeShareIt() {
    JavaFileObject profile = source("Profile",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE\")",
        "@io.dynakeys.annotations.SecondaryIndex(name = \"byName\", partitionKey = \"name\")",
        "public record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}");
    JavaFileObject order = source("Order",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
        "@io.dynakeys.annotations.SecondaryIndex(name = \"byName\", partitionKey = \"name\", partitionPrefix = \"N\")",
        "public record Order(@PartitionKey String customerId,",
        "    @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId, String name) implements CustomerItem {}");
    Compilation compilation = compileWithoutCrash(CUSTOMER_ITEM, profile, order);

    assertThat(compilation).succeededWithoutWarnings();
  }
}
