package io.dynakeys.tableschema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.TestTables;
import java.net.URI;
import java.net.URL;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkNumber;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every scalar the enhanced client's default converters store, beyond those of {@link Parcel},
 * written and read back through the generated schema against a real server: nothing the SDK
 * stores is refused or misdescribed by dynakeys. Mutable types (atomics, builders, arrays) are
 * compared by content.
 */
@ExtendWith(DynaliteExtension.class)
class GadgetTableTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private String tableName;
  private DynamoDbTable<Gadget> table;

  GadgetTableTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @BeforeEach
  void createTable() {
    tableName = TestTables.NAME_PREFIX + "gadgets-" + UUID.randomUUID();
    table = GadgetKeys.createTable(enhanced, tableName);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, tableName);
  }

  static Gadget gadget() throws Exception {
    return new Gadget(
        LocalDateTime.of(2026, 6, 23, 10, 15, 30, 123_456_789),
        OffsetDateTime.of(2026, 7, 1, 9, 0, 0, 0, ZoneOffset.ofHours(2)),
        ZonedDateTime.of(2026, 7, 2, 12, 0, 0, 0, ZoneId.of("Europe/Belgrade")),
        URI.create("https://example.com/manual?x=1"),
        new URL("https://example.com/"),
        Duration.ofDays(730).plusNanos(5),
        LocalTime.of(9, 30),
        MonthDay.of(2, 29),
        Period.ofDays(14),
        ZoneId.of("Asia/Tokyo"),
        ZoneOffset.ofHoursMinutes(5, 30),
        Locale.forLanguageTag("sr-Latn-RS"),
        new AtomicInteger(42),
        new AtomicLong(9_000_000_000L),
        new AtomicBoolean(true),
        "label",
        new StringBuilder("notes"),
        new char[] {'a', 'b'},
        ByteBuffer.wrap(new byte[] {1, 2, 3}),
        SdkNumber.fromString("12.50"),
        OptionalInt.of(5),
        Optional.of(List.of("new", "sale")),
        Map.of(2025, "old", 2026, "new"),
        Map.of(ParcelStatus.DELIVERED, 3L),
        new TreeSet<>(List.of("red", "blue")),
        new TreeMap<>(Map.of("S", 1, "M", 2)));
  }

  @Test
  void everyDefaultScalarIsStoredAndReadBack() throws Exception {
    Gadget written = gadget();
    table.putItem(written);
    Gadget read = table.getItem(GadgetKeys.key(written));

    assertEquals(written.madeAt(), read.madeAt());
    assertEquals(written.soldAt(), read.soldAt(), "the attribute keeps the offset (the key does not)");
    assertEquals(written.shippedAt(), read.shippedAt());
    assertEquals(written.manual(), read.manual());
    assertEquals(written.site().toString(), read.site().toString());
    assertEquals(written.warranty(), read.warranty());
    assertEquals(written.opens(), read.opens());
    assertEquals(written.birthday(), read.birthday());
    assertEquals(written.refundPeriod(), read.refundPeriod());
    assertEquals(written.zone(), read.zone());
    assertEquals(written.offset(), read.offset());
    assertEquals(written.locale(), read.locale());
    assertEquals(42, read.stock().get());
    assertEquals(9_000_000_000L, read.views().get());
    assertEquals(true, read.active().get());
    assertEquals("label", read.label().toString());
    assertEquals("notes", read.notes().toString());
    assertArrayEquals(new char[] {'a', 'b'}, read.code());
    assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3}), read.blob());
    assertEquals(0, written.price().bigDecimalValue().compareTo(read.price().bigDecimalValue()));
    assertEquals(written.rating(), read.rating());
    assertEquals(written.tags(), read.tags());
    assertEquals(written.byYear(), read.byYear());
    assertEquals(written.counts(), read.counts());
    assertEquals(written.colours(), read.colours());
    assertEquals(written.sizes(), read.sizes());
  }

  @Test
  void theKeysUseTheNewKeyTypesAndTheStoredAttributesTheSdkForms() throws Exception {
    Gadget written = gadget();
    Map<String, AttributeValue> item = GadgetKeys.tableSchema().itemToMap(written, true);
    assertEquals("GADGET#2026-06-23T10:15:30.123456789", item.get("pk").s());
    assertEquals("2026-07-01T07:00:00.000000000Z", item.get("sk").s());
    assertEquals("N", item.get("stock").type().name());
    assertEquals("N", item.get("views").type().name());
    assertEquals(AttributeValue.Type.M, item.get("byYear").type());
    assertEquals(AttributeValue.Type.SS, item.get("colours").type());
  }

  @Test
  void absentOptionalShapesReadBackEmpty() throws Exception {
    Gadget g = gadget();
    Gadget sparse = new Gadget(g.madeAt(), g.soldAt(), null, null, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null, null, OptionalInt.empty(), Optional.empty(),
        null, null, null, null);
    table.putItem(sparse);
    Gadget read = table.getItem(GadgetKeys.key(sparse));
    assertEquals(OptionalInt.empty(), read.rating());
    assertEquals(Optional.empty(), read.tags());
    assertNull(read.manual());
    assertNull(read.colours());
  }
}
