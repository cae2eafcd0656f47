package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Record>Keys}: codec constants, encoders for items and for components,
 * {@code key(...)}, parsers returning typed parts, and the query entry point.
 */
public final class KeysWriter {

  private final KeySchemaModel model;
  private final Map<String, ComponentCode> code = new LinkedHashMap<>();

  /** @param model a validated record */
  public KeysWriter(KeySchemaModel model) {
    this.model = model;
    java.util.Set<String> constants = new java.util.HashSet<>();
    for (KeyComponent c : model.keyComponents().values()) {
      // orderId and order_id would both be ORDER_ID.
      String constant = ComponentCode.constantName(c.name());
      while (!constants.add(constant)) {
        constant = constant + "_";
      }
      code.put(c.name(), new ComponentCode(c, model.partition(), model.recordName(), constant));
    }
  }

  /** The generated class. */
  public TypeSpec write() {
    TypeSpec.Builder keys = TypeSpec.classBuilder(model.keysClass())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc(LayoutDoc.javadoc(model));
    code.values().forEach(c -> keys.addField(c.field()));
    keys.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

    addLayout(keys, model.table(), model.keysClass());
    addKeyOfItem(keys);
    addPathKeys(keys);
    for (IndexModel index : model.indexes()) {
      ClassName holder = model.keysClass().nestedClass(index.className());
      TypeSpec.Builder nested = TypeSpec.classBuilder(holder)
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("Keys of the $L index $S of {@link $T}.\n\n<pre>\n$L</pre>\n",
              index.local() ? "local" : "global", index.name(), model.record(),
              LayoutDoc.lines(index.layout()))
          .addField(FieldSpec.builder(String.class, "INDEX_NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer("$S", index.name())
              .addJavadoc("The index name, as the table and {@code DynamoDbTable.index(...)} know it.\n")
              .build())
          .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
      addLayout(nested, index.layout(), holder);
      keys.addType(nested.build());
      addIndexQueryShortcut(keys, index, holder);
    }
    new TableSchemaWriter(model).addTo(keys);
    return keys.build();
  }

  /** Key encoders, parsers and the query builder of one layout, into {@code owner}. */
  private void addLayout(TypeSpec.Builder owner, KeyLayout layout, ClassName ownerName) {
    boolean ownPartition = layout.indexName() == null
        || !layout.partition().equals(model.partition());
    if (ownPartition) {
      addKeyMethods(owner, layout.partition(), "partitionKey");
    }
    if (layout.hasSortKey()) {
      addKeyMethods(owner, layout.sort(), "sortKey");
    }
    if (ownPartition) {
      addParser(owner, ownerName, layout.partition(), "parsePartitionKey", "PartitionParts", "pk");
    }
    if (!layout.sort().components().isEmpty()) {
      addParser(owner, ownerName, layout.sort(), "parseSortKey", "SortParts", "sk");
    }
    new QueryWriter(model, layout, ownerName, code).addTo(owner);
  }

  /** The parent and depth attributes that key a path component's generated indexes. */
  private void addPathKeys(TypeSpec.Builder keys) {
    List<KeyComponent> sort = model.sort().components();
    for (int i = 0; i < sort.size(); i++) {
      KeyComponent path = sort.get(i);
      if (path.path() == null || !path.path().indexes()) {
        continue;
      }
      List<KeyComponent> before = sort.subList(0, i);
      String prefixMethod = path.name() + "Prefix";
      MethodSpec.Builder prefix = MethodSpec.methodBuilder(prefixMethod)
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
          .returns(String.class);
      NameAllocator names = new NameAllocator();
      for (KeyComponent c : before) {
        prefix.addParameter(c.type(), names.newName(c.name(), c));
      }
      List<CodeBlock> pieces = new ArrayList<>();
      if (!model.sort().prefix().isEmpty()) {
        pieces.add(CodeBlock.of("$S", model.sort().prefix() + model.sort().delimiter()));
      }
      for (KeyComponent c : before) {
        ComponentCode.Encoding e = code.get(c.name()).encode(CodeBlock.of("$N", names.get(c)),
            names.newName(c.name() + "Digits"));
        e.statements().forEach(prefix::addStatement);
        pieces.addAll(e.pieces());
        pieces.add(CodeBlock.of("$S", String.valueOf(model.sort().delimiter())));
      }
      prefix.addStatement("return $L", pieces.isEmpty() ? CodeBlock.of("$S", "") : CodeBlock.join(pieces, " + "));
      keys.addMethod(prefix.build());

      CodeBlock prefixCall = CodeBlock.of("$N($L)", prefixMethod,
          CodeBlock.join(ComponentCode.map(before, c -> CodeBlock.of("item.$N()", c.name())), ", "));
      String field = code.get(path.name()).fieldName();
      keys.addMethod(MethodSpec.methodBuilder(path.parentAttribute() + "Key")
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
          .returns(String.class)
          .addParameter(model.record(), "item")
          .addJavadoc("The value of the {@code $L} attribute that keys the index $S: the"
              + " partition key, the delimiter, and the sort key up to {@code item}'s parent folder.\n",
              path.parentAttribute(), path.childrenIndex())
          .addStatement("return $N.parentKey(partitionKey(item), $L, item.$N())", field, prefixCall, path.name())
          .build());
      keys.addMethod(MethodSpec.methodBuilder(path.depthAttribute() + "Key")
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
          .returns(String.class)
          .addParameter(model.record(), "item")
          .addJavadoc("The value of the {@code $L} attribute that keys the index $S: the"
              + " partition key, the delimiter, the sort key before the path, and the path's depth.\n",
              path.depthAttribute(), path.depthIndex())
          .addStatement("return $N.depthKey(partitionKey(item), $L, item.$N())", field, prefixCall, path.name())
          .build());
    }
  }

  private void addIndexQueryShortcut(TypeSpec.Builder keys, IndexModel index, ClassName holder) {
    MethodSpec.Builder query = MethodSpec.methodBuilder("query" + index.className())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(holder.nestedClass("Query"))
        .addJavadoc("A query of the index $S: the same as {@link $T#query}.\n", index.name(), holder);
    for (KeyComponent c : index.layout().partition().components()) {
      query.addParameter(c.type(), c.name());
    }
    query.addStatement("return $T.query($L)", holder, names(index.layout().partition().components()));
    keys.addMethod(query.build());
  }

  private void addKeyMethods(TypeSpec.Builder keys, KeyPart part, String name) {
    ClassName record = model.record();
    List<CodeBlock> accessors = ComponentCode.map(part.components(), c -> CodeBlock.of("item.$N()", c.name()));
    keys.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(record, "item")
        .addJavadoc("The encoded $L of {@code item}.\n\n@throws $T when a component is null or"
                + " outside its domain\n", part.kind().label(), KEY_FORMAT_EXCEPTION)
        .addStatement("return $N($L)", name, CodeBlock.join(accessors, ", "))
        .build());

    MethodSpec.Builder encoder = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addJavadoc("The encoded $L of an item with these components: {@code $L}.\n\n@throws $T"
                + " when a component is null, empty, contains the delimiter or is outside its domain\n",
            part.kind().label(), LayoutDoc.pattern(part), KEY_FORMAT_EXCEPTION);
    NameAllocator names = new NameAllocator();
    for (KeyComponent c : part.components()) {
      encoder.addParameter(ParameterSpec.builder(c.type(), names.newName(c.name(), c)).build());
    }
    encoder.addCode(keyBody(part, names));
    keys.addMethod(encoder.build());
  }

  /** The body of an encoder whose parameters are the part's components, allocated in {@code names}. */
  private CodeBlock keyBody(KeyPart part, NameAllocator names) {
    CodeBlock.Builder body = CodeBlock.builder();
    List<CodeBlock> pieces = new ArrayList<>();
    if (!part.literalHead().isEmpty()) {
      pieces.add(CodeBlock.of("$S", part.literalHead()));
    }
    for (int i = 0; i < part.components().size(); i++) {
      KeyComponent c = part.components().get(i);
      if (i > 0) {
        pieces.add(CodeBlock.of("$S", String.valueOf(part.delimiter())));
      }
      ComponentCode.Encoding e = code.get(c.name()).encode(CodeBlock.of("$N", names.get(c)),
          names.newName(c.name() + "Digits"));
      e.statements().forEach(body::addStatement);
      if (e.number() && pieces.isEmpty() && part.components().size() == 1) {
        // A key of one full-width number and nothing else: no concatenation makes it a string.
        pieces.add(CodeBlock.of("$T.toString($L)", Long.class, e.pieces().get(0)));
      } else {
        pieces.addAll(e.pieces());
      }
    }
    CodeBlock key = pieces.isEmpty() ? CodeBlock.of("$S", "") : CodeBlock.join(pieces, " + ");
    if (part.fixedLength()) {
      body.addStatement("return $L", key);
    } else {
      body.addStatement("return $T.checkLength($L, $L, $S, $S)", RuntimeTypes.UTF8, key,
          part.kind().limit(), model.recordName(), part.kind().label());
    }
    return body.build();
  }

  private void addKeyOfItem(TypeSpec.Builder keys) {
    CodeBlock sort = model.hasSortKey() ? CodeBlock.of(", sortKey(item)") : CodeBlock.of("");
    keys.addMethod(MethodSpec.methodBuilder("key")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(RuntimeTypes.KEY)
        .addParameter(model.record(), "item")
        .addJavadoc("The primary key of {@code item}, for {@code getItem}, {@code deleteItem} and"
            + " {@code updateItem}.\n")
        .addStatement("return $T.of(partitionKey(item)$L)", RuntimeTypes.PRIMARY_KEY, sort)
        .build());

    List<KeyComponent> all = new ArrayList<>(model.partition().components());
    all.addAll(model.sort().components());
    if (all.isEmpty()) {
      return; // key(item) needs no components; a no-argument overload would be a constant
    }
    MethodSpec.Builder byComponents = MethodSpec.methodBuilder("key")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(RuntimeTypes.KEY)
        .addJavadoc("The primary key of the item with these components.\n");
    for (KeyComponent c : all) {
      byComponents.addParameter(c.type(), c.name());
    }
    CodeBlock pk = CodeBlock.of("partitionKey($L)", names(model.partition().components()));
    CodeBlock sk = model.hasSortKey()
        ? CodeBlock.of(", sortKey($L)", names(model.sort().components()))
        : CodeBlock.of("");
    byComponents.addStatement("return $T.of($L$L)", RuntimeTypes.PRIMARY_KEY, pk, sk);
    keys.addMethod(byComponents.build());
  }

  private void addParser(TypeSpec.Builder keys, ClassName owner, KeyPart part, String name,
      String partsName, String argument) {
    ClassName parts = owner.nestedClass(partsName);
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
    for (KeyComponent c : part.components()) {
      ctor.addParameter(c.type(), c.name());
    }
    keys.addType(TypeSpec.recordBuilder(parts)
        .addModifiers(Modifier.PUBLIC)
        .recordConstructor(ctor.build())
        .addJavadoc("The components of a parsed $L of {@link $T}.\n", part.kind().label(), model.record())
        .build());

    NameAllocator names = new NameAllocator();
    names.newName(argument, argument);
    String reader = names.newName("reader", "reader");
    CodeBlock.Builder body = CodeBlock.builder()
        .addStatement("$T $N = new $T($N, $S, $S, $L)", RuntimeTypes.KEY_READER, reader,
            RuntimeTypes.KEY_READER, argument, model.recordName(), part.kind().label(),
            ComponentCode.charLiteral(part.delimiter()));
    if (!part.literalHead().isEmpty()) {
      body.addStatement("$N.literal($S)", reader, part.literalHead());
    }
    List<KeyComponent> components = part.components();
    List<CodeBlock> values = new ArrayList<>();
    for (int i = 0; i < components.size(); i++) {
      KeyComponent c = components.get(i);
      if (i > 0) {
        body.addStatement("$N.delimiter($S)", reader, c.name());
      }
      String local = names.newName(c.name(), c);
      body.addStatement("$T $N = $L", c.type(), local, code.get(c.name()).decode(reader, i == components.size() - 1));
      values.add(CodeBlock.of("$N", local));
    }
    body.addStatement("$N.end()", reader);
    body.addStatement("return new $T($L)", parts, CodeBlock.join(values, ", "));
    keys.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(parts)
        .addParameter(String.class, argument)
        .addJavadoc("Parses a $L written by {@link #$L}: {@code $L}.\n\n@throws $T when {@code $L}"
                + " has the wrong prefix, delimiters, digits or number of components\n",
            part.kind().label(), part.kind() == KeyPart.Kind.PARTITION ? "partitionKey" : "sortKey",
            LayoutDoc.pattern(part), KEY_FORMAT_EXCEPTION, argument)
        .addCode(body.build())
        .build());
  }

  static CodeBlock names(List<KeyComponent> components) {
    return CodeBlock.join(ComponentCode.map(components, c -> CodeBlock.of("$N", c.name())), ", ");
  }

  static final ClassName KEY_FORMAT_EXCEPTION = ClassName.get("io.dynakeys.runtime", "KeyFormatException");
}
