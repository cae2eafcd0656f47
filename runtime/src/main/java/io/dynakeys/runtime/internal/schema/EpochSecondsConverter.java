package io.dynakeys.runtime.internal.schema;

import java.time.Instant;
import java.util.regex.Pattern;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A time to live as DynamoDB expires items by it: a number ({@code N}) of whole seconds since the
 * epoch, from an {@code Instant} or from a {@code long} that holds epoch seconds already. Strict both
 * ways: an {@code Instant} with a fraction of a second is refused on write (it would read back as
 * another instant), and on read only an integral number without exponent, fraction or leading zeros
 * in the type's range is taken ({@code "1.5"}, {@code "1e9"}, a string or an instant past
 * {@link Instant#MAX} are errors, never rounded).
 */
final class EpochSecondsConverter<T> implements AttributeConverter<T> {
  private static final Pattern INTEGRAL = Pattern.compile("-?(0|[1-9][0-9]*)");

  private final EnhancedType<T> type;
  private final boolean instant;

  private EpochSecondsConverter(EnhancedType<T> type, boolean instant) {
    this.type = type;
    this.instant = instant;
  }

  static EpochSecondsConverter<Instant> instants() {
    return new EpochSecondsConverter<>(EnhancedType.of(Instant.class), true);
  }

  static EpochSecondsConverter<Long> seconds() {
    return new EpochSecondsConverter<>(EnhancedType.of(Long.class), false);
  }

  @Override
  public AttributeValue transformFrom(T input) {
    if (input instanceof Instant i) {
      if (i.getNano() != 0) {
        throw new IllegalArgumentException("the time to live " + i + " has a fraction of a second, which epoch"
            + " seconds cannot hold: it would read back as " + Instant.ofEpochSecond(i.getEpochSecond())
            + "; truncate it (instant.truncatedTo(ChronoUnit.SECONDS))");
      }
      return AttributeValue.fromN(Long.toString(i.getEpochSecond()));
    }
    return AttributeValue.fromN(Long.toString((Long) input));
  }

  @Override
  public T transformTo(AttributeValue input) {
    String found = StrictConverter.typeOf(input);
    if (!found.equals("N")) {
      throw new IllegalArgumentException("expected a time to live, a number (N) of epoch seconds, found " + found
          + " " + AttributeValues.describe(input));
    }
    String text = input.n();
    if (!INTEGRAL.matcher(text).matches()) {
      throw new IllegalArgumentException("expected a time to live in whole epoch seconds, found the number " + text);
    }
    long seconds;
    try {
      seconds = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the time to live " + text + " is outside the range of a long");
    }
    if (!instant) {
      return type.rawClass().cast(seconds);
    }
    if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()) {
      throw new IllegalArgumentException("the time to live " + text + " is outside the range of an Instant");
    }
    return type.rawClass().cast(Instant.ofEpochSecond(seconds));
  }

  @Override
  public EnhancedType<T> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return AttributeValueType.N;
  }
}
