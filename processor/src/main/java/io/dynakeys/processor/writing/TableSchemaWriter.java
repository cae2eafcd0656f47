package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code tableSchema()}: a {@code RecordTableSchema} that stores every component as its
 * own attribute, adds the computed key attributes of the table and its indexes, and reads items
 * back through the record's canonical constructor. The components and the constructor are found
 * at run time ({@code RecordTableSchema.forRecord}), which maps types by the rules the processor
 * checks here, so the generated code is a few lines that javac compiles quickly, rather than a
 * getter and a converter declaration per component. The schema is built on first use, so a schema
 * problem can never break the key encoders.
 */
final class TableSchemaWriter {
  private static final ClassName RECORD_TABLE_SCHEMA =
      ClassName.get("io.dynakeys.runtime.schema", "RecordTableSchema");
  private static final ClassName METHOD_HANDLES = ClassName.get("java.lang.invoke", "MethodHandles");
  private static final ClassName ENHANCED_CLIENT =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "DynamoDbEnhancedClient");
  private static final ClassName DYNAMODB_TABLE =
      ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "DynamoDbTable");

  private final KeySchemaModel model;

  TableSchemaWriter(KeySchemaModel model) {
    this.model = model;
  }

  void addTo(TypeSpec.Builder keys) {
    ClassName record = model.record();
    TypeName schemaType = ParameterizedTypeName.get(RECORD_TABLE_SCHEMA, record);
    CodeBlock.Builder init = CodeBlock.builder()
        .add("$T.forRecord($T.lookup(), $T.class)", RECORD_TABLE_SCHEMA, METHOD_HANDLES, record);
    init.indent().indent();
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
    init.add("\n.build()").unindent().unindent();

    // Built on first use, not when the key encoders are first used, so a schema problem can never
    // break them; two threads may both build it, and either result is the same schema.
    keys.addField(FieldSpec.builder(schemaType, "tableSchema", Modifier.PRIVATE, Modifier.STATIC,
        Modifier.VOLATILE).build());
    keys.addMethod(MethodSpec.methodBuilder("tableSchema")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(schemaType)
        .addJavadoc("The enhanced-client schema of {@link $T}: every component is an attribute of the"
            + " same name, and the key attributes ($L) are computed from the components on every"
            + " write and checked on every read.\n\n<pre>{@code\n"
            + "DynamoDbTable<$T> table = enhancedClient.table(\"my-table\", $T.tableSchema());\n"
            + "table.putItem(item);\n"
            + "}</pre>\n", record, keyAttributes(), record, model.keysClass())
        .addStatement("$T schema = tableSchema", schemaType)
        .beginControlFlow("if (schema == null)")
        .addStatement("schema = $L", init.build())
        .addStatement("tableSchema = schema")
        .endControlFlow()
        .addStatement("return schema")
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
}
