package io.dynakeys.runtime.read;

import io.dynakeys.codecs.internal.entity.Handles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.condition.Condition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The text of filters, alone and after another expression, and the limits named before a request. */
class FilterExpressionTest {
  private static final ValueAttribute<Row, Integer> VALUE = Handles.value("value", "value", Row::value);
  private static final ValueAttribute<Row, String> RANK = Handles.value("rank", "rank", Row::rank);

  private static final Expression OWN_OR = Expression.builder().expression("#x = :x OR #x = :y")
      .expressionNames(Map.of("#x", "pk")).expressionValues(Map.of(":x", AttributeValue.fromS("a"),
          ":y", AttributeValue.fromS("b"))).build();
  private static final Expression OWN_AND = Expression.builder().expression("(#x = :x OR #x = :y) AND #z = :z")
      .expressionNames(Map.of("#x", "pk", "#z", "sk")).expressionValues(Map.of(":x", AttributeValue.fromS("a"),
          ":y", AttributeValue.fromS("b"), ":z", AttributeValue.fromS("c"))).build();

  @Test
  void aFilterAfterAnotherExpressionIsParenthesizedOnlyWherePrecedenceNeedsIt() {
    Condition<Row> or = Condition.ge(VALUE, 3).or(Condition.eq(RANK, "r1"));
    Condition<Row> and = Condition.ge(VALUE, 3).and(Condition.eq(RANK, "r1"));
    assertEquals("#a0 >= :v0 OR #a1 = :v1", or.toFilterExpression(Row.SCHEMA).expression());
    assertEquals("(#x = :x OR #x = :y) AND (#a0 >= :v0 OR #a1 = :v1)", or.toFilterExpression(Row.SCHEMA, OWN_OR).expression());
    assertEquals("(#x = :x OR #x = :y) AND #z = :z AND #a0 >= :v0 AND #a1 = :v1",
        and.toFilterExpression(Row.SCHEMA, OWN_AND).expression());
    assertEquals("(#x = :x OR #x = :y) AND #z = :z AND NOT #a0 >= :v0",
        Condition.not(Condition.ge(VALUE, 3)).toFilterExpression(Row.SCHEMA, OWN_AND).expression());
    Expression both = or.toFilterExpression(Row.SCHEMA, OWN_AND);
    assertEquals(Map.of("#x", "pk", "#z", "sk", "#a0", "value", "#a1", "rank"), both.expressionNames());
    assertEquals(5, both.expressionValues().size());
    assertEquals(List.of(VALUE, RANK), or.attributes());
    assertEquals(List.of(VALUE), Condition.not(Condition.ge(VALUE, 3).and(Condition.lt(VALUE, 9))).attributes());
    // Without values (attribute_exists alone) the filter sends no empty value map, which DynamoDB refuses.
    assertEquals(null, Condition.exists(RANK).toFilterExpression(Row.SCHEMA).expressionValues());
  }

  @Test
  void placeholdersOfBothPartsMayNotClash() {
    Expression clashing = Expression.builder().expression("#a0 = :q").expressionNames(Map.of("#a0", "pk"))
        .expressionValues(Map.of(":q", AttributeValue.fromS("a"))).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Condition.eq(RANK, "r").toFilterExpression(Row.SCHEMA, clashing));
    assertTrue(e.getMessage().contains("#a0"), e.getMessage());
  }

  @Test
  void aFilterOrProjectionOverFourKilobytesIsRefusedWithTheLimitNamed() {
    List<Condition<Row>> terms = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      terms.add(Condition.eq(RANK, "r" + i));
    }
    @SuppressWarnings("unchecked")
    Condition<Row> huge = Condition.anyOf(terms.toArray(Condition[]::new));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> huge.toFilterExpression(Row.SCHEMA));
    assertTrue(e.getMessage().contains("the filter expression of Row is") && e.getMessage().contains("4 KB (4096 bytes)")
        && e.getMessage().contains("simplify the filter"), e.getMessage());
    List<String> attributes = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      attributes.add("attribute" + i);
    }
    Projection.checkLength(attributes.subList(0, 100), "Row"); // about 1.2 KB: fine
    IllegalArgumentException p = assertThrows(IllegalArgumentException.class, () -> Projection.checkLength(attributes, "Row"));
    assertTrue(p.getMessage().contains("the projection expression of Row is") && p.getMessage().contains("4096"), p.getMessage());
    // The expression holds placeholders, not names: a name of 4 KB fits.
    // 300 attributes make 4,089 bytes (#dynakeysP0 to #dynakeysP299 and commas), 301 make 4,103.
    Projection.checkLength(List.of("x".repeat(4096)), "Row");
    Projection.checkLength(attributes.subList(0, 300), "Row");
    assertThrows(IllegalArgumentException.class, () -> Projection.checkLength(attributes.subList(0, 301), "Row"));
  }

  @Test
  void aProjectionNamesComponentsOnceInOrder() {
    assertEquals(List.of(RANK, VALUE), Projection.of(RANK, VALUE, RANK).handles());
    assertThrows(NullPointerException.class, () -> Projection.of(RANK, null));
    assertThrows(IllegalArgumentException.class, () -> Projection.<Row>of());
    assertEquals("Projection[rank, value]", Projection.of(RANK, VALUE).toString());
  }
}
