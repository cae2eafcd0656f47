package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import java.util.List;

/** The codec, runtime and SDK types that generated code refers to, named once. */
final class RuntimeTypes {
  private RuntimeTypes() {}

  private static final String CODECS = "io.dynakeys.codecs";
  private static final String RUNTIME = "io.dynakeys.runtime";
  private static final String SCHEMA = "io.dynakeys.runtime.schema";
  private static final String ENHANCED = "software.amazon.awssdk.enhanced.dynamodb";
  private static final String ENTITY = "io.dynakeys.runtime.entity";

  static final ClassName PADDED_LONG_CODEC = ClassName.get(CODECS, "PaddedLongCodec");
  static final ClassName PADDED_CODEC = ClassName.get(CODECS, "PaddedCodec");
  static final ClassName TEXT_CODEC = ClassName.get(CODECS, "TextCodec");
  static final ClassName PATH_CODEC = ClassName.get(CODECS, "PathCodec");
  static final ClassName SHARD_CODEC = ClassName.get(CODECS, "ShardCodec");
  static final ClassName ENTITY_LAYOUT = ClassName.get(CODECS, "EntityLayout");
  static final ClassName KEY_READER = ClassName.get(CODECS, "KeyReader");
  static final ClassName UTF8 = ClassName.get(CODECS, "Utf8");
  static final ClassName OPTIONAL_COMPONENTS = ClassName.get(CODECS, "OptionalComponents");
  static final ClassName TREE_PATH = ClassName.get(RUNTIME, "TreePath");
  static final ClassName KEY_FORMAT_EXCEPTION = ClassName.get(RUNTIME, "KeyFormatException");
  static final ClassName KEY_QUERY = ClassName.get(RUNTIME, "KeyQuery");
  static final ClassName QUERY_STAGE = ClassName.get(RUNTIME, "QueryStage");
  static final ClassName PRIMARY_KEY = ClassName.get(RUNTIME, "PrimaryKey");
  static final ClassName RECORD_TABLE_SCHEMA = ClassName.get(SCHEMA, "RecordTableSchema");
  static final ClassName STORED_TYPE = ClassName.get(SCHEMA, "StoredType");
  static final ClassName KEY = ClassName.get(ENHANCED, "Key");
  static final ClassName ENHANCED_CLIENT = ClassName.get(ENHANCED, "DynamoDbEnhancedClient");
  static final ClassName DYNAMODB_TABLE = ClassName.get(ENHANCED, "DynamoDbTable");
  static final ClassName ENHANCED_ASYNC_CLIENT = ClassName.get(ENHANCED, "DynamoDbEnhancedAsyncClient");
  static final ClassName DYNAMODB_ASYNC_TABLE = ClassName.get(ENHANCED, "DynamoDbAsyncTable");
  static final ClassName COMPLETABLE_FUTURE = ClassName.get("java.util.concurrent", "CompletableFuture");

  /** Every type above: their simple names are never used for parameters or constants. */
  static final ClassName ENTITY_DESCRIPTOR = ClassName.get(ENTITY, "EntityDescriptor");
  static final ClassName ATTRIBUTE = ClassName.get(ENTITY, "Attribute");
  static final ClassName VALUE_ATTRIBUTE = ClassName.get(ENTITY, "ValueAttribute");
  static final ClassName NESTED_FIELD = ClassName.get(ENTITY, "NestedField");
  static final ClassName PRIMARY_KEY_COMPONENT = ClassName.get(ENTITY, "PrimaryKeyComponent");
  static final ClassName INDEX_KEY_COMPONENT = ClassName.get(ENTITY, "IndexKeyComponent");
  static final ClassName GROUPED_INDEX_COMPONENT = ClassName.get(ENTITY, "GroupedIndexComponent");
  static final ClassName INDEX_GROUP = ClassName.get(ENTITY, "IndexGroup");
  static final ClassName SHARDED_AGGREGATE = ClassName.get("io.dynakeys.runtime.write", "ShardedAggregate");
  static final ClassName RANGE_STEP = ClassName.get(RUNTIME, "RangeStep");
  static final ClassName NUMBER_RANGE_STEP = ClassName.get(RUNTIME, "NumberRangeStep");
  static final ClassName TEXT_RANGE_STEP = ClassName.get(RUNTIME, "TextRangeStep");
  static final ClassName LAZY = ClassName.get(RUNTIME, "Lazy");
  static final ClassName KEY_STAGE = ClassName.get(RUNTIME, "KeyStage");
  static final List<ClassName> ALL = List.of(ENTITY_DESCRIPTOR, ATTRIBUTE, VALUE_ATTRIBUTE, NESTED_FIELD, PRIMARY_KEY_COMPONENT,
      INDEX_KEY_COMPONENT, GROUPED_INDEX_COMPONENT, INDEX_GROUP, SHARDED_AGGREGATE, RANGE_STEP, NUMBER_RANGE_STEP,
      TEXT_RANGE_STEP, LAZY, KEY_STAGE, PADDED_LONG_CODEC, PADDED_CODEC, TEXT_CODEC, PATH_CODEC, SHARD_CODEC, ENTITY_LAYOUT,
      KEY_READER, UTF8, OPTIONAL_COMPONENTS, TREE_PATH, KEY_FORMAT_EXCEPTION, KEY_QUERY, QUERY_STAGE, PRIMARY_KEY,
      RECORD_TABLE_SCHEMA, STORED_TYPE, KEY, ENHANCED_CLIENT, DYNAMODB_TABLE, ENHANCED_ASYNC_CLIENT,
      DYNAMODB_ASYNC_TABLE, COMPLETABLE_FUTURE);
}
