package io.dynakeys.runtime.internal.schema;

import java.time.Instant;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A time to live as DynamoDB expires items by it: a number ({@code N}) of whole seconds since the
 * epoch, from an {@code Instant} or from a {@code long} that holds epoch seconds already. Strict both
 * ways: an {@code Instant} with a fraction of a second is refused on write (it would read back as
 * another instant), and on read only an integral number without exponent, fraction, plus sign or
 * leading zeros in the type's range is taken ({@code "1.5"}, {@code "1e9"}, a string or an instant
 * past {@link Instant#MAX} are errors, never rounded).
 */
final class EpochSecondsCodec implements ValueCodec {
  private final boolean instant;

  /** @param instant whether values are {@code Instant}s, else {@code Long}s of epoch seconds */
  EpochSecondsCodec(boolean instant) {
    this.instant = instant;
  }

  @Override
  public AttributeValue write(Object input) {
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
  public Object read(AttributeValue stored) {
    if (stored.type() != AttributeValue.Type.N) {
      throw new IllegalArgumentException("expected a time to live, a number (N) of epoch seconds, found "
          + AttributeValues.typeOf(stored) + " " + AttributeValues.describe(stored));
    }
    String text = stored.n();
    if (!integral(text)) {
      throw new IllegalArgumentException("expected a time to live in whole epoch seconds, found the number " + text);
    }
    long seconds;
    try {
      seconds = Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("the time to live " + text + " is outside the range of a long");
    }
    if (!instant) {
      return seconds;
    }
    if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()) {
      throw new IllegalArgumentException("the time to live " + text + " is outside the range of an Instant");
    }
    return Instant.ofEpochSecond(seconds);
  }

  /** {@code -?(0|[1-9][0-9]*)}: an integer as {@code Long.toString} writes one. */
  private static boolean integral(String text) {
    int start = text.startsWith("-") ? 1 : 0;
    int length = text.length() - start;
    if (length == 0 || length > 1 && text.charAt(start) == '0') {
      return false;
    }
    for (int i = start; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  @Override
  public AttributeValue.Type stored() {
    return AttributeValue.Type.N;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return EnhancedType.of(instant ? Instant.class : Long.class);
  }
}
