package io.dynakeys.tableschema;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;

/**
 * A parcel in a depot: a record with a component of every type the generated table schema
 * supports, composite table keys, a global index (a customer's parcels by status and time) and a
 * local index (a depot zone's parcels by weight).
 *
 * <pre>
 * pk             = DEPOT#&lt;depot&gt;#&lt;zone&gt;                         DEPOT#north#7
 * sk             = PARCEL#&lt;shippedOn&gt;#&lt;status&gt;#&lt;trackingId&gt;  PARCEL#2026-06-23#IN_TRANSIT#TRK-1
 * byCustomer_pk  = CUSTOMER#&lt;customer&gt;                         CUSTOMER#c-17
 * byCustomer_sk  = &lt;status&gt;#&lt;shippedAt&gt;                        IN_TRANSIT#2026-06-23T08:15:00.000000000Z
 * byWeight_sk    = &lt;weightGrams:9&gt;#&lt;trackingId&gt;                000001250#TRK-1
 * </pre>
 */
@KeySchema(partitionPrefix = "DEPOT", sortPrefix = "PARCEL")
@SecondaryIndex(name = "byCustomer", partitionPrefix = "CUSTOMER", partitionKey = "customer",
    sortKey = {"status", "shippedAt"})
@SecondaryIndex(name = "byWeight", local = true, sortKey = {"weightGrams", "trackingId"})
public record Parcel(
    // Keys of the table and of the indexes.
    @PartitionKey String depot,
    @PartitionKey int zone,
    @SortKey LocalDate shippedOn,
    @SortKey ParcelStatus status,
    @SortKey @Tiebreaker String trackingId,
    String customer,
    Instant shippedAt,
    @Padded(value = 9, max = 999_999_999) int weightGrams,
    // Every primitive and its box.
    boolean fragile,
    Boolean insured,
    byte priority,
    Byte priorityBox,
    short pieces,
    Short piecesBox,
    long declaredCents,
    Long declaredCentsBox,
    float temperature,
    Float temperatureBox,
    double volume,
    Double volumeBox,
    char grade,
    Character gradeBox,
    Integer attempts,
    // Other scalars.
    String note,
    BigDecimal price,
    BigInteger serial,
    ParcelStatus previousStatus,
    Instant deliveredAt,
    LocalDate expiresOn,
    UUID batchId,
    byte[] label,
    SdkBytes signature,
    // Lists, sets and maps of those.
    List<String> tags,
    List<Integer> scans,
    List<ParcelStatus> history,
    List<Instant> checkpoints,
    List<byte[]> photos,
    List<BigDecimal> fees,
    List<Dimensions> boxes,
    Set<String> handlers,
    Set<Long> barcodes,
    Set<UUID> manifests,
    Set<SdkBytes> seals,
    Map<String, String> attributes,
    Map<String, Integer> counts,
    Map<String, Instant> timeline,
    Map<String, ParcelStatus> legs,
    Map<String, List<String>> aliases,
    Map<String, Dimensions> rooms,
    // Optionals of those.
    Optional<String> instructions,
    Optional<Integer> floor,
    Optional<Long> weightLimit,
    Optional<Double> humidity,
    Optional<Boolean> signedFor,
    Optional<BigDecimal> surcharge,
    Optional<BigInteger> customsCode,
    Optional<ParcelStatus> returnStatus,
    Optional<Instant> pickupAt,
    Optional<LocalDate> holdUntil,
    Optional<UUID> returnId,
    Optional<SdkBytes> stamp,
    Optional<byte[]> receipt,
    // Nested records, stored as maps.
    Dimensions dimensions,
    Address destination) {}
