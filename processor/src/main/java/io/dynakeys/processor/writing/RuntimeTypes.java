package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import java.util.List;

/** The codec, runtime and SDK types that generated code refers to, named once. */
final class RuntimeTypes {
  private RuntimeTypes() {}

  // What generated code calls that users do not: the internal packages, no compatibility promise.
  private static final String CODECS = "io.dynakeys.codecs.internal";
  private static final String ENTITY_INTERNAL = "io.dynakeys.codecs.internal.entity";
  private static final String INTERNAL = "io.dynakeys.runtime.internal";
  private static final String READ_INTERNAL = "io.dynakeys.runtime.internal.read";
  private static final String SCHEMA_INTERNAL = "io.dynakeys.runtime.internal.schema";
  // What users see in the generated API.
  private static final String RUNTIME = "io.dynakeys.runtime";
  private static final String READ = "io.dynakeys.runtime.read";
  private static final String SCHEMA = "io.dynakeys.runtime.schema";
  private static final String ENTITY = "io.dynakeys.runtime.entity";
  private static final String ENHANCED = "software.amazon.awssdk.enhanced.dynamodb";

  static final ClassName PADDED_LONG_CODEC = ClassName.get(CODECS, "PaddedLongCodec");
  static final ClassName PADDED_CODEC = ClassName.get(CODECS, "PaddedCodec");
  static final ClassName TEXT_CODEC = ClassName.get(CODECS, "TextCodec");
  static final ClassName PATH_CODEC = ClassName.get(CODECS, "PathCodec");
  static final ClassName SHARD_CODEC = ClassName.get(CODECS, "ShardCodec");
  static final ClassName ENTITY_LAYOUT = ClassName.get(CODECS, "EntityLayout");
  static final ClassName KEY_READER = ClassName.get(CODECS, "KeyReader");
  static final ClassName ITEMS = ClassName.get(CODECS, "Items");
  static final ClassName UTF8 = ClassName.get(CODECS, "Utf8");
  static final ClassName OPTIONAL_COMPONENTS = ClassName.get(CODECS, "OptionalComponents");
  static final ClassName TREE_PATH = ClassName.get(RUNTIME, "TreePath");
  static final ClassName KEY_FORMAT_EXCEPTION = ClassName.get(RUNTIME, "KeyFormatException");
  static final ClassName KEY_QUERY = ClassName.get(READ_INTERNAL, "KeyQuery");
  static final ClassName QUERY_STAGE = ClassName.get(READ, "QueryStage");
  static final ClassName PRIMARY_KEY = ClassName.get(INTERNAL, "PrimaryKey");
  static final ClassName RECORD_TABLE_SCHEMA = ClassName.get(SCHEMA, "RecordTableSchema");
  static final ClassName RECORD_SCHEMA = ClassName.get(SCHEMA_INTERNAL, "RecordSchema");
  static final ClassName COLLECTION_TABLE_SCHEMA = ClassName.get(SCHEMA, "CollectionTableSchema");
  static final ClassName COLLECTION_SCHEMA = ClassName.get(SCHEMA_INTERNAL, "CollectionSchema");
  static final ClassName STORED_TYPE = ClassName.get(SCHEMA_INTERNAL, "StoredType");
  static final ClassName KEY = ClassName.get(ENHANCED, "Key");
  static final ClassName ENHANCED_CLIENT = ClassName.get(ENHANCED, "DynamoDbEnhancedClient");
  static final ClassName DYNAMODB_TABLE = ClassName.get(ENHANCED, "DynamoDbTable");
  static final ClassName ENHANCED_ASYNC_CLIENT = ClassName.get(ENHANCED, "DynamoDbEnhancedAsyncClient");
  static final ClassName DYNAMODB_ASYNC_TABLE = ClassName.get(ENHANCED, "DynamoDbAsyncTable");
  static final ClassName COMPLETABLE_FUTURE = ClassName.get("java.util.concurrent", "CompletableFuture");

  /** Every type above: their simple names are never used for parameters or constants. */
  static final ClassName ENTITY_DESCRIPTOR = ClassName.get(ENTITY_INTERNAL, "EntityDescriptor");
  static final ClassName HANDLES = ClassName.get(ENTITY_INTERNAL, "Handles");
  static final ClassName ATTRIBUTE = ClassName.get(ENTITY, "Attribute");
  static final ClassName VALUE_ATTRIBUTE = ClassName.get(ENTITY, "ValueAttribute");
  static final ClassName NESTED_FIELD = ClassName.get(ENTITY, "NestedField");
  static final ClassName PRIMARY_KEY_COMPONENT = ClassName.get(ENTITY, "PrimaryKeyComponent");
  static final ClassName INDEX_KEY_COMPONENT = ClassName.get(ENTITY, "IndexKeyComponent");
  static final ClassName GROUPED_INDEX_COMPONENT = ClassName.get(ENTITY, "GroupedIndexComponent");
  static final ClassName INDEX_GROUP = ClassName.get(ENTITY, "IndexGroup");
  static final ClassName SHARDED_AGGREGATE = ClassName.get("io.dynakeys.runtime.write", "ShardedAggregate");
  static final ClassName AGGREGATE = ClassName.get(INTERNAL + ".write", "Aggregate");
  static final ClassName RANGE_STEP = ClassName.get(READ, "RangeStep");
  static final ClassName NUMBER_RANGE_STEP = ClassName.get(READ, "NumberRangeStep");
  static final ClassName TEXT_RANGE_STEP = ClassName.get(READ, "TextRangeStep");
  static final ClassName RANGE = ClassName.get(READ_INTERNAL, "Range");
  static final ClassName NUMBER_RANGE = ClassName.get(READ_INTERNAL, "NumberRange");
  static final ClassName TEXT_RANGE = ClassName.get(READ_INTERNAL, "TextRange");
  static final ClassName LAZY = ClassName.get(INTERNAL, "Lazy");
  static final ClassName KEY_STAGE = ClassName.get(READ_INTERNAL, "KeyStage");
  static final List<ClassName> ALL = List.of(ENTITY_DESCRIPTOR, HANDLES, ATTRIBUTE, VALUE_ATTRIBUTE, NESTED_FIELD, PRIMARY_KEY_COMPONENT,
      INDEX_KEY_COMPONENT, GROUPED_INDEX_COMPONENT, INDEX_GROUP, SHARDED_AGGREGATE, AGGREGATE, RANGE_STEP, NUMBER_RANGE_STEP,
      TEXT_RANGE_STEP, RANGE, NUMBER_RANGE, TEXT_RANGE, LAZY, KEY_STAGE, PADDED_LONG_CODEC, PADDED_CODEC, TEXT_CODEC, PATH_CODEC, SHARD_CODEC, ENTITY_LAYOUT,
      KEY_READER, ITEMS, UTF8, OPTIONAL_COMPONENTS, TREE_PATH, KEY_FORMAT_EXCEPTION, KEY_QUERY, QUERY_STAGE, PRIMARY_KEY,
      RECORD_TABLE_SCHEMA, RECORD_SCHEMA, COLLECTION_TABLE_SCHEMA, COLLECTION_SCHEMA, STORED_TYPE, KEY, ENHANCED_CLIENT, DYNAMODB_TABLE, ENHANCED_ASYNC_CLIENT,
      DYNAMODB_ASYNC_TABLE, COMPLETABLE_FUTURE);
}
