package io.dynakeys.writes;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.clientfeatures.Shouted;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbConvertedBy;

/**
 * An order with a nested shipping address, for the typed-update tests of nested record fields: the
 * address is stored as a map (renamed {@code ship}) with a renamed field, a converted one, an
 * optional, a primitive, a number, a set, a list and a nested record of its own; {@code status}
 * keys an index.
 */
@KeySchema(partitionPrefix = "ORDER", sortPrefix = "V")
@SecondaryIndex(name = "byStatus", partitionPrefix = "STATUS", partitionKey = "status", sortKey = "id")
public record Order(
    @PartitionKey String customer,
    @SortKey String id,
    String status,
    @DynamoDbAttribute("ship") Address shipTo,
    Address billTo) {

  /** A postal address, stored as a map. */
  public record Address(
      String city,
      @DynamoDbAttribute("zip") String postcode,
      @DynamoDbConvertedBy(Shouted.class) String street,
      Optional<String> floor,
      int attempts,
      Long fee,
      Set<String> notes,
      List<String> history,
      Geo geo) {}

  /** A point, nested in the address. */
  public record Geo(double lat, double lon) {}
}
