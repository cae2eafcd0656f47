package io.dynakeys.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.lang.reflect.AnnotatedParameterizedType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Contract 6: {@code pathAncestors} never returns a key over DynamoDB's 1024-byte sort key limit
 * (an ancestor with a 1,100-byte segment is a {@link KeyFormatException}, exactly as
 * {@code key(...)} of that folder is; an ancestor of exactly 1024 bytes is returned and read back
 * from the server), and a type-use annotation on a component's type arguments
 * ({@code Map<@NonNull String, List<Integer>>}) compiles, is stored and read back.
 *
 * <p>The class runs on dynalite and on moto. The server itself refuses the 1025-byte key that
 * {@code pathAncestors} refuses: on moto, which counts key sizes in UTF-8 bytes as DynamoDB does,
 * for every tail; on dynalite only when the key is also over 1024 UTF-16 units (an ASCII tail),
 * since dynalite counts UTF-16 units and stores a 1025-byte key that ends in a 2- to 4-byte
 * character.
 */
@OnEachServer
class PathLimitsTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;

  PathLimitsTest(DynamoEndpoint endpoint, DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.endpoint = endpoint;
    this.enhanced = enhanced;
    this.client = client;
  }

  private static int utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void anAncestorOverTheSortKeyLimitIsRefusedLikeItsOwnKey() {
    for (String unit : List.of("s", "\u00e9", "\u20ac", Hostile.EMOJI)) {
      String segment = unit.repeat((1100 + utf8(unit) - 1) / utf8(unit)); // at least 1,100 bytes
      TreePath path = TreePath.file("root", segment, "leaf.txt");
      String ancestorKey = "D#vol#root/" + segment + "/";

      KeyFormatException ancestors = assertThrows(KeyFormatException.class,
          () -> DocKeys.query("owner").volume("vol").pathAncestors(path), unit);
      KeyFormatException own = assertThrows(KeyFormatException.class,
          () -> DocKeys.key("owner", "vol", TreePath.folder("root", segment)), unit);
      assertEquals("Doc", ancestors.record());
      assertEquals("sort key", ancestors.component());
      assertEquals(ancestorKey, ancestors.value());
      assertEquals(own.record(), ancestors.record());
      assertEquals(own.component(), ancestors.component());
      assertEquals(own.value(), ancestors.value());
      assertEquals(own.getMessage(), ancestors.getMessage());
      assertEquals(("Doc.sort key: the key is " + utf8(ancestorKey) + " UTF-8 bytes, over DynamoDB's limit of"
          + " 1024 bytes: shorten the variable-length components (value: \"" + ancestorKey.substring(0, 200)
          + "…(" + ancestorKey.length() + " chars)\")"), ancestors.getMessage());
    }
  }

  @Test
  void ancestorsAtExactlyTheLimitAreReturnedAndReadBackOneByteMoreIsRefused() {
    String table = TestTables.NAME_PREFIX + "ancestors-" + UUID.randomUUID();
    DynamoDbTable<Doc> docs = DocKeys.createTable(enhanced, table);
    try {
      String prefix = "D#vol#root/";
      for (String tail : List.of("x", "\u00e9", "\u20ac", Hostile.EMOJI)) {
        // The ancestor's key is prefix + segment + "/": exactly 1024 bytes, ending in a 1- to 4-byte char.
        String segment = "a".repeat(1024 - utf8(prefix) - 1 - utf8(tail)) + tail;
        TreePath folder = TreePath.folder("root", segment);
        assertEquals(1024, utf8(prefix + segment + "/"));
        docs.putItem(new Doc("owner", "vol", TreePath.folder("root"), 1));
        docs.putItem(new Doc("owner", "vol", folder, 2));

        List<Key> ancestors = DocKeys.query("owner").volume("vol").pathAncestors(folder.childFile("y"));
        assertEquals(List.of(DocKeys.key("owner", "vol", TreePath.folder("root")), DocKeys.key("owner", "vol", folder)),
            ancestors, Fixtures.escape(tail));
        assertEquals(prefix + segment + "/", ancestors.get(1).sortKeyValue().get().s());
        List<Long> sizes = new ArrayList<>();
        for (Key key : ancestors) {
          sizes.add(docs.getItem(key).size());
        }
        assertEquals(List.of(1L, 2L), sizes, "the ancestors, read back from the server by the keys returned");

        // One level deeper, the folder "d/" below it has a 1026-byte key: refused, not returned.
        KeyFormatException deeper = assertThrows(KeyFormatException.class,
            () -> DocKeys.query("owner").volume("vol").pathAncestors(folder.childFolder("d").childFile("x")));
        assertEquals("sort key", deeper.component());
        assertEquals(prefix + segment + "/d/", deeper.value());

        // One byte more in the segment: 1025 bytes.
        String over = segment + "a";
        KeyFormatException refused = assertThrows(KeyFormatException.class,
            () -> DocKeys.query("owner").volume("vol").pathAncestors(TreePath.file("root", over, "y")));
        assertEquals("Doc", refused.record());
        assertEquals("sort key", refused.component());
        assertEquals(prefix + over + "/", refused.value());
        assertEquals(1025, utf8(refused.value()));
        // The server refuses that key too, sent raw; dynalite counts UTF-16 units, so there only
        // an ASCII tail (1025 units) shows it.
        if (!endpoint.isDynalite() || refused.value().length() > 1024) {
          Map<String, AttributeValue> raw = Map.of("pk", AttributeValue.fromS("RDOC#owner"),
              "sk", AttributeValue.fromS(refused.value()));
          DynamoDbException server = assertThrows(DynamoDbException.class,
              () -> client.putItem(r -> r.tableName(table).item(raw)),
              () -> "the server stored a 1025-byte key ending in " + Fixtures.escape(tail));
          assertEquals(400, server.statusCode(), server.getMessage());
        }
      }
    } finally {
      TestTables.deleteTable(client, table);
    }
  }

  @Test
  void typeUseAnnotationsOnTypeArgumentsCompileAndAreStoredAndReadBack() {
    // The record is annotated as a null checker would (see Catalog), and its generated class compiled.
    AnnotatedParameterizedType sizes = (AnnotatedParameterizedType) Catalog.class.getRecordComponents()[2]
        .getAnnotatedType();
    assertNotNull(sizes.getAnnotatedActualTypeArguments()[0].getAnnotation(NonNull.class));
    AnnotatedParameterizedType weights = (AnnotatedParameterizedType) Catalog.class.getRecordComponents()[3]
        .getAnnotatedType();
    assertNotNull(weights.getAnnotatedActualTypeArguments()[1].getAnnotation(NonNull.class));

    String table = TestTables.NAME_PREFIX + "catalog-" + UUID.randomUUID();
    DynamoDbTable<Catalog> catalogs = CatalogKeys.createTable(enhanced, table);
    try {
      Catalog written = new Catalog("owner", "shoes",
          Map.of("EU", List.of(38, 39, 40), "US", List.of()),
          Map.of("left", List.of(310, 320)),
          List.of("a", "b"), Optional.of("kicks"), Set.of(1L, Long.MAX_VALUE), new Inner("Main St", 2));
      catalogs.putItem(written);
      assertEquals(written, catalogs.getItem(CatalogKeys.key(written)));

      Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(table).key(Map.of(
          "pk", AttributeValue.fromS("RCAT#owner"), "sk", AttributeValue.fromS("shoes")))).item();
      assertEquals(AttributeValue.fromL(List.of(AttributeValue.fromN("38"), AttributeValue.fromN("39"),
          AttributeValue.fromN("40"))), stored.get("sizes").m().get("EU"));
      assertEquals(AttributeValue.fromL(List.of()), stored.get("sizes").m().get("US"));
      assertEquals(AttributeValue.Type.NS, stored.get("codes").type());
      assertEquals(AttributeValue.fromS("kicks"), stored.get("nick"));

      Catalog sparse = new Catalog("owner", "socks", null, Map.of(), List.of(), Optional.empty(), null, null);
      catalogs.putItem(sparse);
      assertEquals(sparse, catalogs.getItem(CatalogKeys.key(sparse)));
    } finally {
      TestTables.deleteTable(client, table);
    }
  }
}
