package io.dynakeys.benchmarks;

import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * {@link Run} as the mutable bean the enhanced client's own mappers need ({@code TableSchema.fromBean},
 * a hand-written {@code StaticTableSchema}): the same five attributes, and {@code pk} and {@code sk}
 * computed by the hand-written encoders on every write (their setters ignore the stored value, as a
 * hand-written bean with derived keys does).
 */
@DynamoDbBean
public class RunBean {
  private String season;
  private int score;
  private long at;
  private String playerId;
  private String name;

  public RunBean() {}

  /** The bean of {@code run}. */
  public static RunBean of(Run run) {
    RunBean bean = new RunBean();
    bean.season = run.season();
    bean.score = run.score();
    bean.at = run.at();
    bean.playerId = run.playerId();
    bean.name = run.name();
    return bean;
  }

  /** The record of this bean. */
  public Run toRun() {
    return new Run(season, score, at, playerId, name);
  }

  @DynamoDbPartitionKey
  @DynamoDbAttribute("pk")
  public String getPk() {
    return HandWritten.partitionKey(season);
  }

  /** Derived: the stored value is not read back. */
  public void setPk(String ignored) {}

  @DynamoDbSortKey
  @DynamoDbAttribute("sk")
  public String getSk() {
    return HandWritten.bytes(score, at, playerId);
  }

  /** Derived: the stored value is not read back. */
  public void setSk(String ignored) {}

  public String getSeason() {
    return season;
  }

  public void setSeason(String season) {
    this.season = season;
  }

  public int getScore() {
    return score;
  }

  public void setScore(int score) {
    this.score = score;
  }

  public long getAt() {
    return at;
  }

  public void setAt(long at) {
    this.at = at;
  }

  public String getPlayerId() {
    return playerId;
  }

  public void setPlayerId(String playerId) {
    this.playerId = playerId;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RunBean b && score == b.score && at == b.at && Objects.equals(season, b.season)
        && Objects.equals(playerId, b.playerId) && Objects.equals(name, b.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(season, score, at, playerId, name);
  }
}
