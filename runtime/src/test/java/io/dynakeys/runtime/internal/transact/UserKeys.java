package io.dynakeys.runtime.internal.transact;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.PrimaryKey;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * Hand-written as the processor writes {@code UserKeys} for {@code @Unique String email} and
 * {@code @Unique(prefix = "HANDLE") Optional<String> handle}: a partition key only, and a guard
 * layout per unique component in the descriptor.
 */
public final class UserKeys {
  private static final TextCodec<String> ID_CODEC = TextCodec.of(String.class, "User", "id", '#');
  private static final TextCodec<String> EMAIL_CODEC = TextCodec.of(String.class, "User", "email", '#');
  private static final TextCodec<String> HANDLE_CODEC = TextCodec.of(String.class, "User", "handle", '#');

  public static final PrimaryKeyComponent<User, String> ID = Handles.primaryKey("id", "id", User::id, ID_CODEC);
  public static final IndexKeyComponent<User, String> EMAIL = Handles.indexKey("email", "email", User::email, EMAIL_CODEC);
  public static final IndexKeyComponent<User, Optional<String>> HANDLE =
      Handles.indexKey("handle", "handle", User::handle, HANDLE_CODEC);
  public static final ValueAttribute<User, String> NAME = Handles.value("name", "name", User::name);

  public static final EntityDescriptor<User> LAYOUT = EntityDescriptor.of(User.class,
          "io.dynakeys.runtime.internal.transact.UserKeys",
          EntityLayout.of("User", EntityLayout.key("pk", "USER", '#', ID_CODEC), null, 0), UserKeys::construct,
          ID, EMAIL, HANDLE, NAME)
      .withUnique("email", EntityLayout.key("pk", "USER_EMAIL", '#', EMAIL_CODEC), null)
      .withUnique("handle", EntityLayout.key("pk", "HANDLE", '#', HANDLE_CODEC), null);

  private static final RecordSchema<User> SCHEMA = RecordSchema.builder(LAYOUT)
      .attribute(ID, StoredType.of(String.class))
      .attribute(EMAIL, StoredType.of(String.class))
      .attribute(HANDLE, StoredType.optionalOf(StoredType.of(String.class)))
      .attribute(NAME, StoredType.of(String.class))
      .partitionKey("pk", u -> partitionKey(u.id()))
      .keyPrefixes("USER", "", '#')
      .build();

  private UserKeys() {}

  public static RecordSchema<User> tableSchema() {
    return SCHEMA;
  }

  public static String partitionKey(String id) {
    return "USER#" + ID_CODEC.encode(id);
  }

  public static Key key(String id) {
    return PrimaryKey.of(partitionKey(id));
  }

  @SuppressWarnings("unchecked")
  private static User construct(Object[] values) {
    return new User((String) values[0], (String) values[1], (Optional<String>) values[2], (String) values[3]);
  }
}
