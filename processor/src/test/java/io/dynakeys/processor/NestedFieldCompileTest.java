package io.dynakeys.processor;

import io.dynakeys.codecs.internal.entity.Handles;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The handles of nested records' fields: one {@code NestedField} per field of a component stored
 * as a nested record's map, at every depth, named after the path ({@code SHIP_TO_GEO_LAT}, with a
 * suffix where a component's handle took the name), none for a record-typed key component; updates
 * and conditions take them with the field's type, and an update of a nested field with a value of
 * another type, or an arithmetic update of a non-number field, is a compile error on its line.
 */
class NestedFieldCompileTest {
  private static final JavaFileObject ORDER = AcmeSources.verbatim("Order",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import java.util.Optional;",
      "import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;",
      "",
      "@KeySchema(partitionPrefix = \"ORDER\")",
      "public record Order(@PartitionKey String id, @DynamoDbAttribute(\"ship\") Address shipTo, String shipToCity) {",
      "  public record Address(@DynamoDbAttribute(\"town\") String city, Optional<String> floor, Long fee, Geo geo) {}",
      "  public record Geo(double lat, double lon) {}",
      "}");

  @Test
  void everyFieldOfANestedRecordHasAHandleThatUpdatesAndConditionsTake() {
    JavaFileObject safe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.entity.NestedField;",
        "import io.dynakeys.runtime.condition.Condition;",
        "import io.dynakeys.runtime.write.Update;",
        "import java.util.Optional;",
        "",
        "class Writes {",
        "  static final NestedField<Order, Double> LAT = OrderKeys.SHIP_TO_GEO_LAT;",
        "  static void write() {",
        "    Update.of(OrderKeys.tableSchema(), OrderKeys.key(\"o\")).set(OrderKeys.SHIP_TO_CITY_, \"Oslo\")",
        "        .set(OrderKeys.SHIP_TO_FLOOR, Optional.of(\"2\")).add(OrderKeys.SHIP_TO_FEE, 3L)",
        "        .set(OrderKeys.SHIP_TO_GEO_LAT, 59.9).set(OrderKeys.SHIP_TO_CITY, \"a component\")",
        "        .when(Condition.gt(OrderKeys.SHIP_TO_GEO_LON, 10.0));",
        "  }",
        "}");
    Compilation compiled = compileWithoutCrash(ORDER, safe);
    assertThat(compiled).succeededWithoutWarnings();
    String keys;
    try {
      keys = compiled.generatedSourceFile("com.acme.OrderKeys").orElseThrow().getCharContent(true).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    for (String line : List.of(
        "ValueAttribute<Order, Order.Address> SHIP_TO = Handles.<Order, Order.Address>value(\"shipTo\", \"ship\", Order::shipTo);",
        "ValueAttribute<Order, String> SHIP_TO_CITY = Handles.<Order, String>value(\"shipToCity\", \"shipToCity\", Order::shipToCity);",
        "NestedField<Order, String> SHIP_TO_CITY_ = Handles.field(SHIP_TO, \"city\", \"town\", Order.Address::city);",
        "NestedField<Order, Optional<String>> SHIP_TO_FLOOR = Handles.field(SHIP_TO, \"floor\", \"floor\", Order.Address::floor);",
        "NestedField<Order, Order.Geo> SHIP_TO_GEO = Handles.field(SHIP_TO, \"geo\", \"geo\", Order.Address::geo);",
        "NestedField<Order, Double> SHIP_TO_GEO_LAT = Handles.field(SHIP_TO_GEO, \"lat\", \"lat\", Order.Geo::lat);")) {
      assertTrue(keys.contains(line), () -> line + " not in\n" + keys);
    }
    assertFalse(keys.contains("SHIP_TO_CITY_,"), "nested fields are not in the descriptor");
  }

  @Test
  void aNestedFieldTakesOnlyValuesOfItsType() {
    JavaFileObject unsafe = AcmeSources.verbatim("Writes",
        "package com.acme;",
        "",
        "import io.dynakeys.runtime.write.Update;",
        "",
        "class Writes {",
        "  static void write(Update<Order> u) {",
        "    u.set(OrderKeys.SHIP_TO_CITY_, 5);",
        "    u.add(OrderKeys.SHIP_TO_CITY_, \"x\");",
        "  }",
        "}");
    Compilation compilation = compileWithoutCrash(ORDER, unsafe);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(2);
    assertThat(compilation).hadErrorContaining("no suitable method found for set(io.dynakeys.runtime.entity.NestedField<com.acme.Order,java.lang.String>,int)")
        .inFile(unsafe).onLine(7);
    assertThat(compilation).hadErrorContaining("method add in class io.dynakeys.runtime.write.Update<R> cannot be applied"
        + " to given types;\n  required: io.dynakeys.runtime.entity.ValueAttribute<com.acme.Order,N>,N\n  found:    "
        + "io.dynakeys.runtime.entity.NestedField<com.acme.Order,java.lang.String>,java.lang.String")
        .inFile(unsafe).onLine(8);
  }

  @Test
  void aRecordTypedKeyComponentHasNoFieldHandles() {
    JavaFileObject node = AcmeSources.verbatim("Node",
        "package com.acme;",
        "",
        "import io.dynakeys.annotations.KeySchema;",
        "import io.dynakeys.annotations.PartitionKey;",
        "import io.dynakeys.annotations.PathSegment;",
        "import io.dynakeys.annotations.SortKey;",
        "import io.dynakeys.runtime.TreePath;",
        "",
        "@KeySchema(partitionPrefix = \"TREE\")",
        "public record Node(@PartitionKey String account, @SortKey @PathSegment TreePath path) {}");
    Compilation compiled = compileWithoutCrash(node);
    assertThat(compiled).succeeded();
    String keys;
    try {
      keys = compiled.generatedSourceFile("com.acme.NodeKeys").orElseThrow().getCharContent(true).toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertFalse(keys.contains("NestedField"), keys);
  }
}
