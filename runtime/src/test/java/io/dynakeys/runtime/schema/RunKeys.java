package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.PaddedLong;
import io.dynakeys.runtime.TextComponent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;

/** Hand-written the way the processor writes {@code RunKeys}: codecs, key functions, schema. */
final class RunKeys {
  private static final TextComponent SEASON = new TextComponent("Run", "season", '#');
  private static final PaddedLong SCORE =
      new PaddedLong("Run", "score", 10, 0, Integer.MAX_VALUE, false);
  private static final PaddedLong AT =
      new PaddedLong("Run", "at", 16, 0, 9_999_999_999_999_999L, false);
  private static final TextComponent PLAYER_ID = new TextComponent("Run", "playerId", '#');
  private static final TextComponent NAME = new TextComponent("Run", "name", '#');

  @SuppressWarnings("unchecked")
  static final RecordTableSchema<Run> TABLE_SCHEMA = RecordTableSchema.builder(Run.class)
      .attribute("season", EnhancedType.of(String.class), Run::season)
      .attribute("score", EnhancedType.of(Integer.class), Run::score)
      .attribute("at", EnhancedType.of(Long.class), Run::at)
      .attribute("playerId", EnhancedType.of(String.class), Run::playerId)
      .attribute("name", EnhancedType.of(String.class), Run::name)
      .attribute("tags", EnhancedType.listOf(String.class), Run::tags)
      .attribute("finishedAt", EnhancedType.optionalOf(Instant.class), Run::finishedAt)
      .partitionKey("pk", RunKeys::partitionKey)
      .sortKey("sk", RunKeys::sortKey)
      .indexPartitionKey("byPlayer", "gsi1pk", RunKeys::byPlayerPartitionKey)
      .indexSortKey("byPlayer", "gsi1sk", RunKeys::byPlayerSortKey)
      .localIndexSortKey("byName", "lsi1sk", RunKeys::byNameSortKey)
      .constructor(values -> new Run((String) values[0], (Integer) values[1], (Long) values[2],
          (String) values[3], (String) values[4], (List<String>) values[5],
          (Optional<Instant>) values[6]))
      .build();

  private RunKeys() {}

  static String partitionKey(Run item) {
    return "SEASON#" + SEASON.encode(item.season());
  }

  static String sortKey(Run item) {
    return SCORE.encode(item.score()) + "#" + AT.encode(item.at()) + "#"
        + PLAYER_ID.encode(item.playerId());
  }

  static String byPlayerPartitionKey(Run item) {
    return "PLAYER#" + PLAYER_ID.encode(item.playerId());
  }

  static String byPlayerSortKey(Run item) {
    return SCORE.encode(item.score()) + "#" + AT.encode(item.at());
  }

  /** Sparse: runs without a name stay out of the index. */
  static String byNameSortKey(Run item) {
    return item.name() == null ? null : "NAME#" + NAME.encode(item.name());
  }
}
