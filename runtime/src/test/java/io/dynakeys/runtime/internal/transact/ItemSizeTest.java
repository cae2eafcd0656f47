package io.dynakeys.runtime.internal.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The size estimate: DynamoDB's documented rules, rounded up. */
class ItemSizeTest {
  @Test
  void scalarsCountTheirBytes() {
    assertEquals(5, ItemSize.of(AttributeValue.fromS("héllo".substring(0, 4))), "UTF-8 bytes: é is two");
    assertEquals(4, ItemSize.of(AttributeValue.fromN("123")), "a number: its digits and one");
    assertEquals(3, ItemSize.of(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[3]))));
    assertEquals(1, ItemSize.of(AttributeValue.fromBool(true)));
    assertEquals(1, ItemSize.of(AttributeValue.fromNul(true)));
    assertEquals(1, ItemSize.of((AttributeValue) null));
    assertEquals(0, ItemSize.utf8(null));
  }

  @Test
  void setsListsAndMapsCountTheirElements() {
    assertEquals(3, ItemSize.of(AttributeValue.fromSs(List.of("a", "bb"))));
    assertEquals(5, ItemSize.of(AttributeValue.fromNs(List.of("1", "22"))));
    assertEquals(3 + (1 + 1) + (1 + 2), ItemSize.of(AttributeValue.fromL(List.of(AttributeValue.fromS("a"),
        AttributeValue.fromN("7")))), "a list: three bytes, and one per element with its size");
    assertEquals(3 + (1 + 1 + 2), ItemSize.of(AttributeValue.fromM(Map.of("k", AttributeValue.fromS("vv")))),
        "a map: three bytes, and per element one, its name and its size");
    assertEquals(2 + 1 + 1 + 3, ItemSize.of(Map.of("pk", AttributeValue.fromS("x"), "n", AttributeValue.fromN("12"))));
  }

  @Test
  void aConditionCountsItsTextNamesAndValues() {
    Expression condition = Expression.builder().expression("#a = :v").putExpressionName("#a", "pk")
        .putExpressionValue(":v", AttributeValue.fromS("abc")).build();
    assertEquals(7 + (2 + 2) + (2 + 3), ItemSize.of(condition));
    assertEquals(0, ItemSize.of((Expression) null));
  }
}
