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
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code tableSchema()}: a {@code RecordTableSchema} that stores every component as its
 * own attribute, adds the computed key attributes of the table and its indexes, and reads items
 * back through the record's canonical constructor. It is built on first use, in a holder class,
 * so a schema problem can never break the key encoders.
 */
final class TableSchemaWriter {
  private static final ClassName RECORD_TABLE_SCHEMA =
      ClassName.get("io.dynakeys.runtime.schema", "RecordTableSchema");
  private static final ClassName ENHANCED_TYPE =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "EnhancedType");
  private static final ClassName ENHANCED_CLIENT =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "DynamoDbEnhancedClient");
  private static final ClassName DYNAMODB_TABLE =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "DynamoDbTable");

  private final KeySchemaModel model;
  /** Nested record types, each with the name of the constant that holds its schema. */
  private final Map<TypeName, String> nestedSchemas = new LinkedHashMap<>();
  private final List<FieldSpec> nestedFields = new ArrayList<>();

  TableSchemaWriter(KeySchemaModel model) {
    this.model = model;
  }

  void addTo(TypeSpec.Builder keys) {
    ClassName record = model.record();
    TypeName schemaType = ParameterizedTypeName.get(RECORD_TABLE_SCHEMA, record);
    CodeBlock.Builder init = CodeBlock.builder().add("$T.builder($T.class)", RECORD_TABLE_SCHEMA, record);
    init.indent().indent();
    for (Attribute a : model.attributes()) {
      init.add("\n.attribute($S, $L, $T::$N)", a.name(), enhancedType(a.storage()), record, a.name());
    }
    init.add("\n.partitionKey($S, $T::partitionKey)", model.partition().attribute(), model.keysClass());
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
    for (io.dynakeys.processor.model.KeyComponent c : model.sort().components()) {
      if (c.path() != null && c.path().indexes()) {
        init.add("\n.indexPartitionKey($S, $S, $T::$N)", c.childrenIndex(), c.parentAttribute(),
            model.keysClass(), c.parentAttribute() + "Key");
        init.add("\n.indexSortKey($S, $S)", c.childrenIndex(), model.sort().attribute());
        init.add("\n.indexPartitionKey($S, $S, $T::$N)", c.depthIndex(), c.depthAttribute(),
            model.keysClass(), c.depthAttribute() + "Key");
        init.add("\n.indexSortKey($S, $S)", c.depthIndex(), model.sort().attribute());
      }
    }
    init.add("\n.constructor(values -> $L)", construct(record, model.attributes()));
    init.add("\n.build()").unindent().unindent();

    TypeSpec.Builder holder = TypeSpec.classBuilder("TableSchemaHolder")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Builds the schema on first use, not when the key encoders are first used.\n");
    FieldSpec schema = FieldSpec.builder(schemaType, "SCHEMA", Modifier.STATIC, Modifier.FINAL)
        .initializer(init.build())
        .build();
    holder.addFields(nestedFields).addField(schema);
    if (needsUncheckedCast(model.attributes())) {
      holder.addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
          .addMember("value", "$S", "unchecked").build());
    }
    keys.addType(holder.build());

    keys.addMethod(MethodSpec.methodBuilder("tableSchema")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(schemaType)
        .addJavadoc("The enhanced-client schema of {@link $T}: every component is an attribute of the"
            + " same name, and the key attributes ($L) are computed from the components on every"
            + " write and checked on every read.\n\n<pre>{@code\n"
            + "DynamoDbTable<$T> table = enhancedClient.table(\"my-table\", $T.tableSchema());\n"
            + "table.putItem(item);\n"
            + "}</pre>\n", record, keyAttributes(), record, model.keysClass())
        .addStatement("return TableSchemaHolder.SCHEMA")
        .build());

    keys.addMethod(MethodSpec.methodBuilder("createTable")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(DYNAMODB_TABLE, record))
        .addParameter(ENHANCED_CLIENT, "client")
        .addParameter(String.class, "tableName")
        .addJavadoc("Creates the table {@code tableName} with its key attributes and every secondary"
            + " index of {@link $T}, and returns it.\n", record)
        .addStatement("return tableSchema().createTable(client, tableName)")
        .build());
  }

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

  private CodeBlock construct(TypeName record, List<Attribute> attributes) {
    List<CodeBlock> arguments = new ArrayList<>();
    for (int i = 0; i < attributes.size(); i++) {
      Attribute a = attributes.get(i);
      arguments.add(CodeBlock.of("($T) values[$L]", a.type().box(), i));
    }
    return CodeBlock.of("new $T($L)", record, CodeBlock.join(arguments, ", "));
  }

  /** {@code EnhancedType.of(String.class)}, {@code EnhancedType.listOf(EnhancedType.of(...))}, ... */
  private CodeBlock enhancedType(AttributeType t) {
    switch (t.kind()) {
      case SCALAR:
        return CodeBlock.of("$T.of($T.class)", ENHANCED_TYPE, raw(t.type()));
      case LIST:
        return CodeBlock.of("$T.listOf($L)", ENHANCED_TYPE, enhancedType(t.arguments().get(0)));
      case SET:
        return CodeBlock.of("$T.setOf($L)", ENHANCED_TYPE, enhancedType(t.arguments().get(0)));
      case MAP:
        return CodeBlock.of("$T.mapOf($L, $L)", ENHANCED_TYPE, enhancedType(t.arguments().get(0)),
            enhancedType(t.arguments().get(1)));
      case OPTIONAL:
        return CodeBlock.of("$T.optionalOf($T.class)", ENHANCED_TYPE, raw(t.arguments().get(0).type()));
      case RECORD:
        // Absent nested components stay absent rather than becoming NULL attributes.
        return CodeBlock.of("$T.documentOf($T.class, $N, c -> c.ignoreNulls(true))", ENHANCED_TYPE,
            t.type(), nestedSchema(t));
      default:
        throw new AssertionError(t.kind());
    }
  }

  /** The constant holding a nested record's schema, written once per record type. */
  private String nestedSchema(AttributeType t) {
    String existing = nestedSchemas.get(t.type());
    if (existing != null) {
      return existing;
    }
    String simple = ((ClassName) t.type()).simpleNames().stream().reduce((a, b) -> a + b).orElseThrow();
    String name = ComponentCode.constantName(Character.toLowerCase(simple.charAt(0)) + simple.substring(1)) + "_SCHEMA";
    nestedSchemas.put(t.type(), name);
    CodeBlock.Builder init = CodeBlock.builder().add("$T.builder($T.class)", RECORD_TABLE_SCHEMA, t.type());
    init.indent().indent();
    for (Attribute a : t.nested()) {
      init.add("\n.attribute($S, $L, $T::$N)", a.name(), enhancedType(a.storage()), t.type(), a.name());
    }
    init.add("\n.constructor(values -> $L)", construct(t.type(), t.nested()));
    init.add("\n.build()").unindent().unindent();
    // Nested schemas are declared before the schemas that use them.
    nestedFields.add(FieldSpec.builder(ParameterizedTypeName.get(RECORD_TABLE_SCHEMA, t.type()), name,
            Modifier.STATIC, Modifier.FINAL)
        .initializer(init.build())
        .build());
    return name;
  }

  private static TypeName raw(TypeName type) {
    return type instanceof ParameterizedTypeName p ? p.rawType() : type.box();
  }

  private static boolean needsUncheckedCast(List<Attribute> attributes) {
    for (Attribute a : attributes) {
      if (a.type() instanceof ParameterizedTypeName) {
        return true;
      }
      if (a.storage().kind() == AttributeType.Kind.RECORD && needsUncheckedCast(a.storage().nested())) {
        return true;
      }
    }
    return false;
  }
}
