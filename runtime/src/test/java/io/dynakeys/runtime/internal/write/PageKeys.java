package io.dynakeys.runtime.internal.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import java.time.Instant;
import software.amazon.awssdk.enhanced.dynamodb.mapper.UpdateBehavior;

/** Hand-written as the processor writes {@code PageKeys}: a partition key only, generated attributes. */
public final class PageKeys {
  private static final TextCodec<String> PATH_CODEC = TextCodec.of(String.class, "Page", "path", '#');

  public static final PrimaryKeyComponent<Page, String> PATH = Handles.primaryKey("path", "path", Page::path, PATH_CODEC);
  public static final ValueAttribute<Page, String> TITLE = Handles.value("title", "title", Page::title);
  public static final ValueAttribute<Page, Long> VIEWS = Handles.value("views", "views", Page::views);
  public static final ValueAttribute<Page, Long> SCORE = Handles.value("score", "sc", Page::score);
  public static final ValueAttribute<Page, Instant> UPDATED_AT = Handles.value("updatedAt", "updatedAt", Page::updatedAt);
  public static final ValueAttribute<Page, Instant> CREATED_AT = Handles.value("createdAt", "createdAt", Page::createdAt);

  public static final EntityDescriptor<Page> LAYOUT = EntityDescriptor.of(Page.class,
      "io.dynakeys.runtime.internal.write.PageKeys",
      EntityLayout.of("Page", EntityLayout.key("pk", "PAGE", '#', PATH_CODEC), null, 0),
      PageKeys::construct, PATH, TITLE, VIEWS, SCORE, UPDATED_AT, CREATED_AT);

  private static final RecordSchema<Page> SCHEMA = RecordSchema.builder(LAYOUT)
      .attribute(PATH, StoredType.of(String.class))
      .attribute(TITLE, StoredType.of(String.class))
      .attribute(VIEWS, StoredType.of(Long.class))
      .attribute(SCORE, StoredType.of(Long.class))
      .attribute(UPDATED_AT, StoredType.of(Instant.class))
      .attribute(CREATED_AT, StoredType.of(Instant.class))
      .atomicCounter("views", 1L, 0L)
      .atomicCounter("sc", 5L, 10L)
      .generatedTimestamp("updatedAt")
      .generatedTimestamp("createdAt")
      .updateBehavior("createdAt", UpdateBehavior.WRITE_IF_NOT_EXISTS)
      .partitionKey("pk", p -> partitionKey(p.path()))
      .keyPrefixes("PAGE", "", '#')
      .build();

  private PageKeys() {}

  public static RecordSchema<Page> tableSchema() {
    return SCHEMA;
  }

  public static String partitionKey(String path) {
    return "PAGE#" + PATH_CODEC.encode(path);
  }

  private static Page construct(Object[] values) {
    return new Page((String) values[0], (String) values[1], (Long) values[2], (Long) values[3], (Instant) values[4],
        (Instant) values[5]);
  }
}
