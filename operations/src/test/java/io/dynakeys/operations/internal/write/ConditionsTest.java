package io.dynakeys.operations.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The conditions of safe writes as values: a condition past DynamoDB's expression limits is refused,
 * never shortened, and items compare as DynamoDB compares them. That a server holds them (an item
 * exactly as read passes, any nested change fails) is the tools' {@code ConditionsTest}, against a
 * real server.
 */
class ConditionsTest {
  private static Map<String, AttributeValue> item() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("p"));
    item.put("sk", AttributeValue.fromS("s"));
    item.put("path", AttributeValue.fromM(Map.of("segments", AttributeValue.fromL(List.of(AttributeValue.fromS("root"),
        AttributeValue.fromS("photos"))), "folder", AttributeValue.fromBool(true))));
    item.put("empty", AttributeValue.fromL(List.of()));
    item.put("tags", AttributeValue.fromSs(List.of("b", "a")));
    item.put("counts", AttributeValue.fromNs(List.of("3", "1")));
    item.put("gone", AttributeValue.fromNul(true));
    item.put("flag", AttributeValue.fromBool(false));
    item.put("bytes", AttributeValue.fromB(SdkBytes.fromUtf8String("xy")));
    item.put("n", AttributeValue.fromN("1.5"));
    item.put("key with spaces.and dots", AttributeValue.fromS("v"));
    return item;
  }

  @Test
  void aConditionOverDynamoDbsLimitsIsRefusedNotShortened() {
    // Over 4 KB of text.
    Map<String, AttributeValue> wide = new LinkedHashMap<>(item());
    for (int i = 0; i < 400; i++) {
      wide.put("attribute" + i, AttributeValue.fromS("v"));
    }
    assertNull(Conditions.equalTo(wide));
    assertNull(Conditions.absentOrEqualTo("pk", wide));
    // Short enough, but over 300 operators: 160 comparisons and 159 ANDs.
    Map<String, AttributeValue> many = new LinkedHashMap<>();
    for (int i = 0; i < 160; i++) {
      many.put("a" + i, AttributeValue.fromN("1"));
    }
    assertTrue(Conditions.build(many, null).expression().length() < Conditions.MAX_EXPRESSION);
    assertNull(Conditions.equalTo(many));
    many.remove("a0");
    many.remove("a1");
    many.remove("a2"); // 157 + 156 = 313, still over
    assertNull(Conditions.equalTo(many));
    for (int i = 3; i < 20; i++) {
      many.remove("a" + i);
    }
    assertEquals(140 + 139, Conditions.equalTo(many).operators());
    // A nested document too large to spell out is refused too: comparing it only to depth one would
    // let a nested change through.
    Map<String, AttributeValue> doc = new LinkedHashMap<>();
    for (int i = 0; i < 200; i++) {
      doc.put("field" + i, AttributeValue.fromS("x"));
    }
    Map<String, AttributeValue> nested = new LinkedHashMap<>(item());
    nested.put("doc", AttributeValue.fromM(doc));
    assertNull(Conditions.equalTo(nested)); // each nested field is compared: no depth-one shortcut
    assertEquals("#v = :v", Conditions.versionIs("version", AttributeValue.fromN("3")).expression());
    assertEquals("attribute_not_exists(#v)", Conditions.versionIs("version", null).expression());
  }

  @Test
  void sameComparesAsDynamoDbDoes() {
    Map<String, AttributeValue> a = item();
    Map<String, AttributeValue> b = new LinkedHashMap<>(a);
    b.put("tags", AttributeValue.fromSs(List.of("a", "b")));
    b.put("counts", AttributeValue.fromNs(List.of("1.0", "3")));
    b.put("n", AttributeValue.fromN("1.50"));
    assertTrue(Conditions.same(a, b));
    b.put("extra", AttributeValue.fromS("x"));
    assertFalse(Conditions.same(a, b));
    b.remove("extra");
    b.put("empty", AttributeValue.fromL(List.of(AttributeValue.fromNul(true))));
    assertFalse(Conditions.same(a, b));
  }
}
