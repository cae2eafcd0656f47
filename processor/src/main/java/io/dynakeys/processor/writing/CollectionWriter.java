package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import io.dynakeys.processor.model.CollectionModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Collection>Keys} for an {@code @ItemCollection}: the table schema that reads and
 * writes every member, {@code createTable} with every member's indexes, {@code query(...)}
 * of a whole partition, whose stage narrows to one member ({@code .orders()}) through that
 * member's own query builder, and {@code match(item, cases)}, an exhaustive dispatch over the
 * members. Everything else comes from the members' own keys classes.
 */
public final class CollectionWriter {

  private final CollectionModel collection;
  private final KeySchemaModel first;

  /** @param collection a validated collection */
  public CollectionWriter(CollectionModel collection) {
    this.collection = collection;
    this.first = collection.members().get(0);
  }

  /** The generated class. */
  public TypeSpec write() {
    ClassName type = collection.type();
    TypeSpec.Builder keys = TypeSpec.classBuilder(collection.keysClass())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc(javadoc())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    keys.addField(FieldSpec.builder(String.class, "PARTITION_KEY_ATTRIBUTE", Modifier.PUBLIC,
            Modifier.STATIC, Modifier.FINAL)
        .initializer("$S", first.partition().attribute())
        .addJavadoc("The attribute that holds the partition key.\n").build());
    keys.addField(FieldSpec.builder(String.class, "SORT_KEY_ATTRIBUTE", Modifier.PUBLIC,
            Modifier.STATIC, Modifier.FINAL)
        .initializer("$S", first.sort().attribute())
        .addJavadoc("The attribute that holds the sort key.\n").build());

    TypeName schemaType = ParameterizedTypeName.get(RuntimeTypes.COLLECTION_TABLE_SCHEMA, type);
    CodeBlock.Builder init = CodeBlock.builder().add("$T.builder($T.class)", RuntimeTypes.COLLECTION_SCHEMA, type);
    init.indent().indent();
    for (KeySchemaModel member : collection.members()) {
      init.add("\n.member($T.class, $T.tableSchema())", member.record(), member.keysClass());
    }
    init.add("\n.build()").unindent().unindent();
    TableSchemaWriter.addSchemaHolder(keys, collection.keysClass(), schemaType, init.build());
    keys.addMethod(MethodSpec.methodBuilder("tableSchema")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(schemaType)
        .addJavadoc("The enhanced-client schema of every member of {@link $T}: writes by each item's"
            + " record type, reads by the sort prefix each stored item carries.\n", type)
        .addStatement("return TABLE_SCHEMA.get()")
        .build());
    CreateTableMethods.addTo(keys, type, "the members' keys and every index of every member");
    addQuery(keys);
    addCases(keys);
    return keys.build();
  }

  /**
   * {@code Cases<R>}, one method per member, and {@code match(item, cases)}: an exhaustive dispatch
   * over the sealed interface that Java 17 checks (its {@code switch} has no type patterns). A new
   * member adds a method, so every implementation stops compiling until it handles it.
   */
  private void addCases(TypeSpec.Builder keys) {
    ClassName cases = collection.keysClass().nestedClass("Cases");
    TypeVariableName r = TypeVariableName.get("R");
    TypeSpec.Builder type = TypeSpec.interfaceBuilder(cases)
        .addModifiers(Modifier.PUBLIC)
        .addTypeVariable(r)
        .addJavadoc("What to do with each member of {@link $T}, for {@link #match}: a member added to"
            + " the collection adds a method here, so every implementation must handle it.\n\n"
            + "@param <R> what each case returns\n", collection.type());
    MethodSpec.Builder match = MethodSpec.methodBuilder("match")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .addTypeVariable(r)
        .returns(r)
        .addParameter(collection.type(), "item")
        .addParameter(ParameterizedTypeName.get(cases, r), "cases")
        .addJavadoc("Calls the method of {@code cases} for the member {@code item} is: the exhaustive"
            + " {@code switch} over {@link $T} that Java 17 can check.\n\n"
            + "@param item the item\n@param cases what to do with each member\n@param <R> what the cases return\n"
            + "@return what the member's case returned\n"
            + "@throws NullPointerException when {@code item} or {@code cases} is null\n", collection.type());
    match.addStatement("$T.requireNonNull(item, $S)", java.util.Objects.class, "item");
    match.addStatement("$T.requireNonNull(cases, $S)", java.util.Objects.class, "cases");
    for (KeySchemaModel member : collection.members()) {
      String method = caseMethod(member);
      type.addMethod(MethodSpec.methodBuilder(method)
          .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
          .returns(r)
          .addParameter(member.record(), "item")
          .addJavadoc("What to do with {@link $T} items.\n", member.record())
          .build());
      match.beginControlFlow("if (item instanceof $T)", member.record())
          .addStatement("return cases.$N(($T) item)", method, member.record())
          .endControlFlow();
    }
    // Unreachable while the interface and this class are compiled together: it is sealed.
    match.addStatement("throw new $T(item.getClass().getName() + $S)", IllegalArgumentException.class,
        " is no member of " + collection.name() + "; recompile " + collection.keysClass().simpleName());
    keys.addType(type.build());
    keys.addMethod(match.build());
  }

  /** The case of {@code member} in {@code Cases}: {@code onOrder} for {@code Order}. */
  static String caseMethod(KeySchemaModel member) {
    return "on" + member.record().simpleName();
  }

  private void addQuery(TypeSpec.Builder keys) {
    ClassName stage = collection.keysClass().nestedClass("Query");
    KeyPart partition = first.partition();
    List<KeyComponent> components = partition.components();
    NameAllocator fields = new NameAllocator();
    fields.newName("query", "query");
    List<String> names = new ArrayList<>();
    for (KeyComponent c : components) {
      names.add(fields.newName(c.name(), c));
    }

    MethodSpec.Builder query = MethodSpec.methodBuilder("query")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(stage)
        .addJavadoc("A query of the whole partition $L: every member's items, in key order;"
            + " narrow it to one member with the returned stage.\n", LayoutDoc.code(LayoutDoc.pattern(partition)));
    for (int i = 0; i < components.size(); i++) {
      query.addParameter(components.get(i).type(), names.get(i));
    }
    query.addStatement("return new $T($L)", stage, KeysWriter.arguments(names));
    keys.addMethod(query.build());

    TypeSpec.Builder type = TypeSpec.classBuilder(stage)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(RuntimeTypes.KEY_STAGE, collection.type()))
        .addJavadoc("A query of a partition of {@link $T}: as it is, every member's items; narrowed,"
            + " one member's, through that member's own stages.\n", collection.type());
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE);
    String sortAttribute = first.sort().attribute();
    String method = first.sharded() ? "partitions" : "partition";
    String encoder = first.sharded() ? "partitionKeys" : "partitionKey";
    for (int i = 0; i < components.size(); i++) {
      ctor.addParameter(components.get(i).type(), names.get(i));
    }
    ctor.addStatement("super($T.$N(null, $S, $T.$N($L), $S, $L, $S))", RuntimeTypes.KEY_QUERY, method,
        partition.attribute(), first.keysClass(), encoder, KeysWriter.arguments(names), sortAttribute,
        ComponentCode.charLiteral(first.sort().delimiter()), "");
    for (int i = 0; i < components.size(); i++) {
      type.addField(components.get(i).type(), names.get(i), Modifier.PRIVATE, Modifier.FINAL);
      ctor.addStatement("this.$N = $N", names.get(i), names.get(i));
    }
    type.addMethod(ctor.build());
    for (KeySchemaModel member : collection.members()) {
      type.addMethod(MethodSpec.methodBuilder(CollectionModel.memberMethod(member))
          .addModifiers(Modifier.PUBLIC)
          .returns(member.keysClass().nestedClass("Query"))
          .addJavadoc("The items of {@link $T} in this partition, with its own typed stages.\n", member.record())
          .addStatement("return $T.query($L)", member.keysClass(), KeysWriter.arguments(names))
          .build());
    }
    keys.addType(type.build());
  }

  private CodeBlock javadoc() {
    CodeBlock.Builder doc = CodeBlock.builder()
        .add("Keys of the item collection {@link $T}, generated by dynakeys: its members share the"
            + " partition $L and are told apart by their sort prefixes.\n\n<pre>\n",
            collection.type(), LayoutDoc.code(LayoutDoc.pattern(first.partition())));
    for (KeySchemaModel member : collection.members()) {
      doc.add("$L: $L = $L\n", member.recordName(), member.sort().attribute(),
          LayoutDoc.escape(LayoutDoc.pattern(member.sort())));
    }
    return doc.add("</pre>\n").build();
  }
}
