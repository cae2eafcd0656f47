package io.dynakeys.tableschema;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
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
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.SdkNumber;

/**
 * A record of the types the enhanced client's default converters store beyond the common ones,
 * and the shapes built on them, with the two newest key types in its keys.
 */
@KeySchema(partitionPrefix = "GADGET")
public record Gadget(
    @PartitionKey LocalDateTime madeAt,
    @SortKey OffsetDateTime soldAt,
    ZonedDateTime shippedAt,
    URI manual,
    URL site,
    Duration warranty,
    LocalTime opens,
    MonthDay birthday,
    Period refundPeriod,
    ZoneId zone,
    ZoneOffset offset,
    Locale locale,
    AtomicInteger stock,
    AtomicLong views,
    AtomicBoolean active,
    CharSequence label,
    StringBuilder notes,
    char[] code,
    ByteBuffer blob,
    SdkNumber price,
    OptionalInt rating,
    Optional<List<String>> tags,
    Map<Integer, String> byYear,
    Map<ParcelStatus, Long> counts,
    SortedSet<String> colours,
    SortedMap<String, Integer> sizes) {}
