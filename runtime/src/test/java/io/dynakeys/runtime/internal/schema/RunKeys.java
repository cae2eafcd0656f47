package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder;
import io.dynakeys.runtime.internal.schema.StoredType;
import io.dynakeys.codecs.internal.KeyReader;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.PrimaryKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * Hand-written the way the processor now writes {@code RunKeys}: one codec constant per key
 * component (from {@code io.dynakeys.codecs}), key functions on the fast path, parsers over a
 * {@link KeyReader}, and a table schema built without reflection from a {@code component(item,
 * index)} switch and a {@code construct(values)} method.
 */
public final class RunKeys {
  private static final TextCodec<String> SEASON = TextCodec.of(String.class, "Run", "season", '#');
  private static final PaddedLongCodec SCORE = new PaddedLongCodec("Run", "score", 10, 0L, 2147483647L, false);
  private static final PaddedLongCodec AT = new PaddedLongCodec("Run", "at", 16, 0L, 9999999999999999L, false);
  private static final TextCodec<String> PLAYER_ID = TextCodec.of(String.class, "Run", "playerId", '#');
  private static final TextCodec<String> NAME = TextCodec.of(String.class, "Run", "name", '#');

  private static volatile RecordSchema<Run> tableSchema;

  private RunKeys() {}

  /** The schema of {@link Run}; the key attributes pk, sk, gsi1pk, gsi1sk and lsi1sk are computed. */
  public static RecordSchema<Run> tableSchema() {
    RecordSchema<Run> schema = tableSchema;
    if (schema == null) {
      schema = builder().build();
      tableSchema = schema;
    }
    return schema;
  }

  /** What {@link #tableSchema()} builds, for tests that change an option. */
  public static RecordTableSchemaBuilder<Run> builder() {
    return RecordSchema.builder(Run.class, RunKeys::component, RunKeys::construct)
        .keyAttribute("season", StoredType.of(String.class))
        .keyAttribute("score", StoredType.of(int.class))
        .keyAttribute("at", StoredType.of(long.class))
        .keyAttribute("playerId", StoredType.of(String.class))
        .attribute("name", StoredType.of(String.class))
        .attribute("tags", StoredType.listOf(StoredType.of(String.class)))
        .attribute("finishedAt", StoredType.optionalOf(StoredType.of(Instant.class)))
        .partitionKey("pk", RunKeys::partitionKey)
        .keyPrefixes("SEASON", "", '#')
        .sortKey("sk", RunKeys::sortKey)
        .indexPartitionKey("byPlayer", "gsi1pk", RunKeys::byPlayerPartitionKey)
        .indexSortKey("byPlayer", "gsi1sk", RunKeys::byPlayerSortKey)
        .localIndexSortKey("byName", "lsi1sk", RunKeys::byNameSortKey);
  }

  private static Object component(Run item, int index) {
    switch (index) {
      case 0: return item.season();
      case 1: return item.score();
      case 2: return item.at();
      case 3: return item.playerId();
      case 4: return item.name();
      case 5: return item.tags();
      case 6: return item.finishedAt();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  @SuppressWarnings("unchecked")
  private static Run construct(Object[] values) {
    return new Run((String) values[0], (Integer) values[1], (Long) values[2], (String) values[3],
        (String) values[4], (List<String>) values[5], (Optional<Instant>) values[6]);
  }

  public static String partitionKey(Run item) {
    io.dynakeys.codecs.internal.Items.requireItem(item, "Run");
    return "SEASON#" + SEASON.encode(item.season());
  }

  public static String sortKey(Run item) {
    io.dynakeys.codecs.internal.Items.requireItem(item, "Run");
    long score = SCORE.stored(item.score());
    long at = AT.stored(item.at());
    return SCORE.zeros(score) + score + "#" + AT.zeros(at) + at + "#" + PLAYER_ID.encode(item.playerId());
  }

  public static Key key(Run item) {
    return PrimaryKey.of(partitionKey(item), sortKey(item));
  }

  /** The sort key's components. */
  public record SortParts(int score, long at, String playerId) {}

  public static SortParts parseSortKey(String sortKey) {
    KeyReader reader = KeyReader.sortKey(sortKey, "Run", '#');
    int score = (int) SCORE.decode(reader);
    reader.delimiter("at");
    long at = AT.decode(reader);
    reader.delimiter("playerId");
    String playerId = PLAYER_ID.decode(reader, true);
    reader.end();
    return new SortParts(score, at, playerId);
  }

  public static String byPlayerPartitionKey(Run item) {
    return "PLAYER#" + PLAYER_ID.encode(item.playerId());
  }

  public static String byPlayerSortKey(Run item) {
    long score = SCORE.stored(item.score());
    long at = AT.stored(item.at());
    return SCORE.zeros(score) + score + "#" + AT.zeros(at) + at;
  }

  /** Sparse: runs without a name stay out of the index. */
  public static String byNameSortKey(Run item) {
    return item.name() == null ? null : "NAME#" + NAME.encode(item.name());
  }
}
