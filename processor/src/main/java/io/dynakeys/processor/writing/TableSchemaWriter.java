package io.dynakeys.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeTag;
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.model.NestedRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code tableSchema()}: a {@code RecordTableSchema} built from the record's descriptor
 * ({@code LAYOUT}), one line per component naming its handle and how it is stored, whose record is
 * built from an array, with no reflection at run time. Nested records, which have no descriptor,
 * get a schema of their own whose components are read by an index switch, once per record type.
 * The schema is built on first use (a runtime {@code Lazy}), so a schema problem can never break
 * the key encoders.
 */
final class TableSchemaWriter {
  private final KeySchemaModel model;
  private final Names names;
  private final CodeBlock more;
  /** Nested records, by class, with the name of the method that builds each one's schema. */
  private final Map<ClassName, String> nestedSchemas = new LinkedHashMap<>();
  private final Map<ClassName, NestedRecord> nestedRecords = new LinkedHashMap<>();

  TableSchemaWriter(KeySchemaModel model, Names names) {
    this(model, names, CodeBlock.of(""));
  }

  /** @param more builder calls before {@code build()}: a live version's migration */
  TableSchemaWriter(KeySchemaModel model, Names names, CodeBlock more) {
    this.model = model;
    this.names = names;
    this.more = more;
  }

  void addTo(TypeSpec.Builder keys) {
    ClassName record = model.record();
    TypeName schemaType = ParameterizedTypeName.get(RuntimeTypes.RECORD_TABLE_SCHEMA, record);
    for (Attribute a : model.attributes()) {
      collectNested(a.type());
    }
    CodeBlock.Builder init = CodeBlock.builder();
    init.add("$T.builder(LAYOUT)", RuntimeTypes.RECORD_SCHEMA);
    init.indent().indent();
    for (Attribute a : model.attributes()) {
      init.add("\n.attribute($N, $L)", names.handle(a.name()), stored(a));
    }
    for (Attribute a : model.attributes()) {
      for (AttributeTag tag : a.tags()) {
        if (tag.kind() == AttributeTag.Kind.TIME_TO_LIVE) {
          continue; // stored as epoch seconds and named in the descriptor: no tag of the client's
        }
        init.add("\n$L", tag(a.attributeName(), tag));
      }
    }
    // An aggregate's item is in any of its shards: the schema checks the key without its shard.
    init.add("\n.partitionKey($S, $T::$N)", model.partition().attribute(), model.keysClass(),
        model.sharded() && model.sharding().random() ? "partitionKeyWithoutShard" : "partitionKey");
    // Bare prefixes and the delimiter: the runtime owns a key by the processor's rule (the bare
    // prefix, or the prefix and the delimiter), so PROFILE_PHOTO#1 is no PROFILE key.
    String partitionPrefix = model.partition().prefix();
    String sortPrefix = model.hasSortKey() ? model.sort().prefix() : "";
    if (!partitionPrefix.isEmpty() || !sortPrefix.isEmpty()) {
      init.add("\n.keyPrefixes($S, $S, $L)", partitionPrefix, sortPrefix,
          ComponentCode.charLiteral(model.partition().delimiter()));
    }
    if (model.hasSortKey()) {
      init.add("\n.sortKey($S, $T::sortKey)", model.sort().attribute(), model.keysClass());
    }
    for (IndexModel index : model.indexes()) {
      ClassName holder = model.keysClass().nestedClass(index.className());
      if (index.local()) {
        init.add("\n.localIndexSortKey($S, $S, $T::sortKey)", index.name(),
            index.layout().sort().attribute(), holder);
        continue;
      }
      init.add("\n.indexPartitionKey($S, $S, $T::partitionKey)", index.name(),
          index.layout().partition().attribute(), holder);
      if (index.layout().hasSortKey()) {
        init.add("\n.indexSortKey($S, $S, $T::sortKey)", index.name(),
            index.layout().sort().attribute(), holder);
      }
    }
    // Native indexes are declared by the builder from LAYOUT's, the one list of them.
    KeyComponent path = model.pathComponent();
    if (path != null && path.path().indexes()) {
      init.add("\n.indexPartitionKey($S, $S, $T::$N)", path.childrenIndex(), path.parentAttribute(),
          model.keysClass(), path.parentAttribute() + "Key");
      init.add("\n.indexSortKey($S, $S)", path.childrenIndex(), model.sort().attribute());
      init.add("\n.indexPartitionKey($S, $S, $T::$N)", path.depthIndex(), path.depthAttribute(),
          model.keysClass(), path.depthAttribute() + "Key");
      init.add("\n.indexSortKey($S, $S)", path.depthIndex(), model.sort().attribute());
    }
    init.add(more);
    init.add("\n.build()").unindent().unindent();

    addSchemaHolder(keys, model.keysClass(), schemaType, init.build());
    keys.addMethod(MethodSpec.methodBuilder("tableSchema")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(schemaType)
        .addJavadoc("The enhanced-client schema of {@link $T}: every component is an attribute of the"
            + " same name, and the key attributes ($L) are computed from the components on every"
            + " write and checked on every read.\n\n<pre>{@code\n"
            + "DynamoDbTable<$T> table = enhancedClient.table(\"my-table\", $T.tableSchema());\n"
            + "table.putItem(item);\n"
            + "}</pre>\n", record, keyAttributes(), record, model.keysClass())
        .addStatement("return TABLE_SCHEMA.get()")
        .build());
    keys.addMethod(constructor("construct", record, model.attributes()));
    for (Map.Entry<ClassName, String> nested : nestedSchemas.entrySet()) {
      addNestedSchema(keys, nested.getKey(), nested.getValue());
    }

    CreateTableMethods.addTo(keys, record, "its key attributes and every secondary index of {@link $T}", record);
  }

  /** Registers the nested records of {@code type}, inner ones first, each once. */
  private void collectNested(AttributeType type) {
    type.arguments().forEach(this::collectNested);
    if (type.kind() == AttributeType.Kind.RECORD && !nestedSchemas.containsKey(type.nested().name())) {
      type.nested().attributes().forEach(a -> collectNested(a.type()));
      ClassName name = type.nested().name();
      nestedSchemas.put(name, "schemaOf" + String.join("_", name.simpleNames()));
      nestedRecords.put(name, type.nested());
    }
  }

  private void addNestedSchema(TypeSpec.Builder keys, ClassName record, String method) {
    NestedRecord nested = nestedRecords.get(record);
    String suffix = String.join("_", record.simpleNames());
    TypeName schemaType = ParameterizedTypeName.get(RuntimeTypes.RECORD_SCHEMA, record);
    CodeBlock.Builder init = CodeBlock.builder()
        .add("$T.builder($T.class, $T::$N, $T::$N)", RuntimeTypes.RECORD_SCHEMA, record,
            model.keysClass(), "componentOf" + suffix, model.keysClass(), "construct" + suffix);
    init.indent().indent();
    for (Attribute a : nested.attributes()) {
      if (a.renamed()) {
        init.add("\n.attribute($S, $S, $L)", a.name(), a.attributeName(), stored(a));
      } else {
        init.add("\n.attribute($S, $L)", a.name(), stored(a));
      }
    }
    init.add("\n.build()").unindent().unindent();
    keys.addMethod(MethodSpec.methodBuilder(method)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(schemaType)
        .addJavadoc("The schema of the nested record {@link $T}, stored as a map.\n", record)
        .addStatement("return $L", init.build())
        .build());
    keys.addMethod(accessor("componentOf" + suffix, record, nested.attributes().stream().map(Attribute::accessor).toList()));
    keys.addMethod(constructor("construct" + suffix, record, nested.attributes()));
  }

  /** How an attribute is stored, as a {@code StoredType} expression. */
  private CodeBlock stored(Attribute a) {
    if (AttributeTag.timeToLive(a.tags())) {
      // Instant, long, Long or Optional<Instant>: the reader allows no other.
      if (a.type().kind() == AttributeType.Kind.OPTIONAL) {
        return CodeBlock.of("$T.optionalOf($T.epochSeconds($T.class))", RuntimeTypes.STORED_TYPE,
            RuntimeTypes.STORED_TYPE, a.type().arguments().get(0).type());
      }
      return CodeBlock.of("$T.epochSeconds($T.class)", RuntimeTypes.STORED_TYPE,
          a.primitive() ? a.valueType().unbox() : a.valueType());
    }
    if (a.primitive() && a.type().kind() == AttributeType.Kind.CONVERTED) {
      return CodeBlock.of("$T.convertedPrimitive(new $T())", RuntimeTypes.STORED_TYPE, a.type().type());
    }
    return a.primitive()
        ? CodeBlock.of("$T.of($T.class)", RuntimeTypes.STORED_TYPE, a.valueType().unbox())
        : stored(a.type());
  }

  private CodeBlock stored(AttributeType type) {
    ClassName st = RuntimeTypes.STORED_TYPE;
    switch (type.kind()) {
      case SCALAR:
        return CodeBlock.of("$T.of($T.class)", st, type.type());
      case ENUM:
        return CodeBlock.of("$T.enumOf($T.class)", st, type.type());
      case LIST:
        return CodeBlock.of("$T.listOf($L)", st, stored(type.arguments().get(0)));
      case SET:
        return CodeBlock.of("$T.$L($L)", st, sorted(type) ? "sortedSetOf" : "setOf",
            stored(type.arguments().get(0)));
      case MAP:
        return CodeBlock.of("$T.$L($L, $L)", st, sorted(type) ? "sortedMapOf" : "mapOf",
            stored(type.arguments().get(0)), stored(type.arguments().get(1)));
      case OPTIONAL:
        return CodeBlock.of("$T.optionalOf($L)", st, stored(type.arguments().get(0)));
      case RECORD:
        return CodeBlock.of("$T.record($N())", st, nestedSchemas.get(type.nested().name()));
      case CONVERTED:
        return CodeBlock.of("$T.converted(new $T())", st, type.type());
      default:
        throw new IllegalStateException("no stored type for " + type);
    }
  }

  /**
   * The builder's call for a feature an enhanced-client annotation asked for: the runtime tags the
   * attribute as the client's extensions read it, and keeps what its typed updates need.
   */
  private static CodeBlock tag(String attribute, AttributeTag tag) {
    switch (tag.kind()) {
      case VERSION:
        return CodeBlock.of(".version($S, $LL, $LL)", attribute, tag.first(), tag.second());
      case ATOMIC_COUNTER:
        return CodeBlock.of(".atomicCounter($S, $LL, $LL)", attribute, tag.first(), tag.second());
      case AUTO_TIMESTAMP:
        return CodeBlock.of(".generatedTimestamp($S)", attribute);
      default:
        return CodeBlock.of(".updateBehavior($S, $T.$L)", attribute, UPDATE_BEHAVIOR, tag.constant());
    }
  }

  private static final ClassName UPDATE_BEHAVIOR =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb.mapper", "UpdateBehavior");

  private static boolean sorted(AttributeType type) {
    String raw = ((ParameterizedTypeName) type.type()).rawType().simpleName();
    return raw.startsWith("Sorted") || raw.startsWith("Navigable");
  }

  /** {@code component(item, i)}: the value of the i-th component, by a switch over accessors. */
  private static MethodSpec accessor(String name, ClassName record, List<String> accessors) {
    MethodSpec.Builder method = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(Object.class)
        .addParameter(record, "item")
        .addParameter(int.class, "index")
        .beginControlFlow("switch (index)");
    for (int i = 0; i < accessors.size(); i++) {
      method.addStatement("case $L: return item.$N()", i, accessors.get(i));
    }
    return method.addStatement("default: throw new $T(index)", IndexOutOfBoundsException.class)
        .endControlFlow()
        .build();
  }

  /** {@code construct(values)}: the record from its component values, in declaration order. */
  private static MethodSpec constructor(String name, ClassName record, List<Attribute> attributes) {
    List<CodeBlock> arguments = new ArrayList<>();
    boolean unchecked = false;
    for (int i = 0; i < attributes.size(); i++) {
      TypeName type = attributes.get(i).valueType();
      unchecked |= type instanceof ParameterizedTypeName;
      arguments.add(CodeBlock.of("($T) values[$L]", type, i));
    }
    MethodSpec.Builder method = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(record)
        .addParameter(Object[].class, "values")
        .addStatement("return new $T($L)", record, CodeBlock.join(arguments, ", "));
    if (unchecked) {
      method.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build());
    }
    return method.build();
  }

  /**
   * The text every key of a part starts with: the prefix and its delimiter when components follow
   * ({@code RUN#}), or the whole key when the prefix is all of it ({@code META}).
   */
  private String keyAttributes() {
    List<String> names = new ArrayList<>();
    names.add(model.partition().attribute());
    if (model.hasSortKey()) {
      names.add(model.sort().attribute());
    }
    for (IndexModel index : model.indexes()) {
      if (!index.local()) {
        names.add(index.layout().partition().attribute());
      }
      if (index.layout().hasSortKey()) {
        names.add(index.layout().sort().attribute());
      }
    }
    return "{@code " + String.join("}, {@code ", names) + "}";
  }

  /**
   * The private holder of a generated table schema: {@code TABLE_SCHEMA}, a runtime {@code Lazy}
   * of a method reference to a private {@code buildTableSchema()} that returns {@code build}. The
   * schema is built on first use, not when the key encoders are first used, so a schema problem can
   * never break them; {@code Lazy} builds it once, and a failed build is tried again on the next
   * call. A method, not a lambda: javac attributes a lambda passed to a generic method twice (once
   * to check the call, once for good), and the builder chain is the longest expression of the class.
   */
  static void addSchemaHolder(TypeSpec.Builder keys, ClassName keysClass, TypeName schemaType, CodeBlock build) {
    keys.addField(FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.LAZY, schemaType), "TABLE_SCHEMA",
            Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer("$T.of($T::buildTableSchema)", RuntimeTypes.LAZY, keysClass)
        .build());
    keys.addMethod(MethodSpec.methodBuilder("buildTableSchema")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(schemaType)
        .addCode("return $L;\n", build)
        .build());
  }
}
