package io.dynakeys.benchmarks;

import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primaryPartitionKey;
import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primarySortKey;

import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The enhanced-client schemas a developer writes by hand for {@link Run}, the baselines of the
 * table-schema benchmarks. Each is built anew by every call (the benchmarks keep one, the
 * first-use benchmark measures the build).
 *
 * <ul>
 *   <li>{@link #immutable()}: the fairest hand-written schema for a Java record, a
 *       {@code StaticImmutableTableSchema} with a hand-written builder; {@code pk} and {@code sk}
 *       are computed on write by the hand-written encoders ({@link HandWritten#partitionKey},
 *       {@link HandWritten#bytes}, the fastest sort key encoder we have), and ignored on read, as
 *       derived attributes usually are;
 *   <li>{@link #immutableVerified()}: the same, but the builder keeps the stored {@code pk} and
 *       {@code sk} and its {@code build()} recomputes them and refuses a mismatch: the hand-written
 *       equivalent of what the generated schema does on read;
 *   <li>{@link #staticBean()}: a {@code StaticTableSchema} for the mutable {@link RunBean}, whose
 *       {@code pk} and {@code sk} getters call the same hand-written encoders; read with
 *       {@link #mapToItemVerified}, it compares the stored keys with the ones the bean's fields
 *       give, as {@link #immutableVerified()} does in its builder;
 *   <li>{@link #fromBean()}: {@code TableSchema.fromBean(RunBean.class)}, the SDK's reflective
 *       {@code BeanTableSchema}.
 * </ul>
 *
 * The unit test checks that each writes exactly the generated schema's attribute maps and reads
 * them back to the same item.
 */
public final class HandWrittenSchemas {
  private HandWrittenSchemas() {}

  /** The builder a developer writes for the record; {@code pk} and {@code sk} are derived. */
  public static final class RunBuilder {
    private String season;
    private int score;
    private long at;
    private String playerId;
    private String name;
    private String pk;
    private String sk;

    public RunBuilder season(String season) {
      this.season = season;
      return this;
    }

    public RunBuilder score(Integer score) {
      this.score = score;
      return this;
    }

    public RunBuilder at(Long at) {
      this.at = at;
      return this;
    }

    public RunBuilder playerId(String playerId) {
      this.playerId = playerId;
      return this;
    }

    public RunBuilder name(String name) {
      this.name = name;
      return this;
    }

    public RunBuilder pk(String pk) {
      this.pk = pk;
      return this;
    }

    public RunBuilder sk(String sk) {
      this.sk = sk;
      return this;
    }

    public Run build() {
      return new Run(season, score, at, playerId, name);
    }

    /** Builds the record and checks the stored keys against the ones its components give. */
    public Run buildVerified() {
      Run run = build();
      if (pk != null && !pk.equals(HandWritten.partitionKey(run.season()))) {
        throw new IllegalStateException("stored pk " + pk + " is not the key of " + run);
      }
      if (sk != null && !sk.equals(HandWritten.bytes(run.score(), run.at(), run.playerId()))) {
        throw new IllegalStateException("stored sk " + sk + " is not the key of " + run);
      }
      return run;
    }
  }

  /** The hand-written record schema; stored keys are not read back. */
  public static StaticImmutableTableSchema<Run, RunBuilder> immutable() {
    return immutable(false);
  }

  /** The hand-written record schema that checks the stored keys on read. */
  public static StaticImmutableTableSchema<Run, RunBuilder> immutableVerified() {
    return immutable(true);
  }

  private static StaticImmutableTableSchema<Run, RunBuilder> immutable(boolean verify) {
    return StaticImmutableTableSchema.builder(Run.class, RunBuilder.class)
        .newItemBuilder(RunBuilder::new, verify ? RunBuilder::buildVerified : RunBuilder::build)
        .addAttribute(String.class, a -> a.name("season").getter(Run::season).setter(RunBuilder::season))
        .addAttribute(Integer.class, a -> a.name("score").getter(Run::score).setter(RunBuilder::score))
        .addAttribute(Long.class, a -> a.name("at").getter(Run::at).setter(RunBuilder::at))
        .addAttribute(String.class, a -> a.name("playerId").getter(Run::playerId).setter(RunBuilder::playerId))
        .addAttribute(String.class, a -> a.name("name").getter(Run::name).setter(RunBuilder::name))
        .addAttribute(String.class, a -> a.name("pk")
            .getter(r -> HandWritten.partitionKey(r.season()))
            .setter(verify ? RunBuilder::pk : (b, ignored) -> { })
            .tags(primaryPartitionKey()))
        .addAttribute(String.class, a -> a.name("sk")
            .getter(r -> HandWritten.bytes(r.score(), r.at(), r.playerId()))
            .setter(verify ? RunBuilder::sk : (b, ignored) -> { })
            .tags(primarySortKey()))
        .build();
  }

  /** A hand-written {@code StaticTableSchema} for the mutable bean. */
  public static StaticTableSchema<RunBean> staticBean() {
    return StaticTableSchema.builder(RunBean.class)
        .newItemSupplier(RunBean::new)
        .addAttribute(String.class, a -> a.name("season").getter(RunBean::getSeason).setter(RunBean::setSeason))
        .addAttribute(Integer.class, a -> a.name("score").getter(RunBean::getScore).setter(RunBean::setScore))
        .addAttribute(Long.class, a -> a.name("at").getter(RunBean::getAt).setter(RunBean::setAt))
        .addAttribute(String.class, a -> a.name("playerId").getter(RunBean::getPlayerId).setter(RunBean::setPlayerId))
        .addAttribute(String.class, a -> a.name("name").getter(RunBean::getName).setter(RunBean::setName))
        .addAttribute(String.class, a -> a.name("pk").getter(RunBean::getPk).setter(RunBean::setPk)
            .tags(primaryPartitionKey()))
        .addAttribute(String.class, a -> a.name("sk").getter(RunBean::getSk).setter(RunBean::setSk)
            .tags(primarySortKey()))
        .build();
  }

  /**
   * Reads {@code item} with the bean schema {@code schema}, then compares the stored {@code pk} and
   * {@code sk} with the keys the bean's fields give (the hand-written encoders) and refuses a
   * mismatch: the bean counterpart of {@link RunBuilder#buildVerified()}. A missing key is not
   * checked, as there.
   */
  public static RunBean mapToItemVerified(StaticTableSchema<RunBean> schema, Map<String, AttributeValue> item) {
    RunBean bean = schema.mapToItem(item);
    AttributeValue pk = item.get("pk");
    if (pk != null && !HandWritten.partitionKey(bean.getSeason()).equals(pk.s())) {
      throw new IllegalStateException("stored pk " + pk.s() + " is not the key of " + bean.toRun());
    }
    AttributeValue sk = item.get("sk");
    if (sk != null && !HandWritten.bytes(bean.getScore(), bean.getAt(), bean.getPlayerId()).equals(sk.s())) {
      throw new IllegalStateException("stored sk " + sk.s() + " is not the key of " + bean.toRun());
    }
    return bean;
  }

  /** The SDK's reflective bean schema. */
  public static TableSchema<RunBean> fromBean() {
    return TableSchema.fromBean(RunBean.class);
  }
}
