package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.IndexGroup;
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
 * {@code key(...)}, parsers returning typed parts, the query entry points, one nested class per
 * index, and the table schema.
 */
public final class KeysWriter {
  /** Named in Javadoc only, fully qualified, so that no compiler sees an unused import. */
  static final String KEY_FORMAT_EXCEPTION = "io.dynakeys.runtime.KeyFormatException";

  private final KeySchemaModel model;
  private final Names names;
  private final Map<String, ComponentCode> code = new LinkedHashMap<>();
  private final List<IndexGroup> groups;
  private final java.util.Set<String> grouped;
  private final LiveLayoutWriter versions;

  /** @param model a validated record, version 1 with no live older version */
  public KeysWriter(KeySchemaModel model) {
    this(model, 1, null, null);
  }

  /**
   * @param model a validated record
   * @param version its layout version
   * @param live the layout of the older version the table may still hold, or {@code null}
   * @param migration the named migration from it, or {@code null}
   */
  public KeysWriter(KeySchemaModel model, int version, io.dynakeys.processor.layout.StoredLayout live,
      String migration) {
    this.model = model;
    this.versions = new LiveLayoutWriter(model, version, live, migration);
    this.names = new Names(model);
    this.groups = IndexGroup.of(model);
    this.grouped = IndexGroup.members(model);
    for (KeyComponent c : model.keyComponents().values()) {
      code.put(c.name(), new ComponentCode(c, model.recordName(), model.partition().delimiter(),
          names.constant(c.name())));
    }
  }

  /** The generated class. */
  public TypeSpec write() {
    TypeSpec.Builder keys = TypeSpec.classBuilder(model.keysClass())
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addJavadoc(LayoutDoc.javadoc(model));
    addKeyAttributeConstants(keys, model.table());
    // Codecs first, then the handles that hold them, then the descriptor of both: the order in
    // which a class initialises its constants.
    code.values().forEach(c -> keys.addField(c.field()));
    for (Attribute a : model.attributes()) {
      keys.addField(handle(a));
    }
    for (Attribute a : model.attributes()) {
      if (Names.hasNestedFields(model, a)) {
        nestedFields(keys, List.of(a.name()), a);
      }
    }
    for (IndexGroup group : groups) {
      keys.addField(group(group));
    }
    keys.addField(FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.ENTITY_DESCRIPTOR, model.record()),
            "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer(descriptor())
        .addJavadoc("The descriptor of {@link $T}: its components, keys and indexes, made of the constants"
            + " above; what the table schema and the command line (verify, browse, migrate) read.\n", model.record())
        .build());
    keys.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    TypeSpec live = versions.holderClass();
    if (live != null) {
      keys.addType(live);
    }

    addLayout(keys, model.table(), model.keysClass());
    addKeyOfItem(keys);
    addPathKeys(keys);
    for (IndexModel index : model.indexes()) {
      ClassName holder = model.keysClass().nestedClass(index.className());
      TypeSpec.Builder nested = TypeSpec.classBuilder(holder)
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("Keys of the $L index $S of {@link $T}.\n\n<pre>\n$L</pre>\n$L",
              index.local() ? "local" : "global", index.name(), model.record(),
              LayoutDoc.lines(model, index), sparseNote(index))
          .addField(FieldSpec.builder(String.class, "INDEX_NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
              .initializer("$S", index.name())
              .addJavadoc("The index name, as the table and {@code DynamoDbTable.index(...)} know it.\n")
              .build())
          .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
      addKeyAttributeConstants(nested, index.layout());
      addLayout(nested, index.layout(), holder);
      keys.addType(nested.build());
      addIndexQueryShortcut(keys, index, holder);
    }
    NativeIndexWriter nativeIndexes = new NativeIndexWriter(model, names);
    for (IndexModel index : model.nativeIndexes()) {
      nativeIndexes.addTo(keys, index);
    }
    new TableSchemaWriter(model, names, versions.schemaCalls()).addTo(keys);
    return keys.build();
  }

  /**
   * The handle of one component, on one line: its kind, name, stored attribute, accessor and (for
   * a key component) codec constant.
   */
  private FieldSpec handle(Attribute a) {
    KeyComponent key = model.keyComponents().get(a.name());
    boolean primary = model.table().components().stream().anyMatch(c -> c.name().equals(a.name()));
    // A component of native indexes only is an index key stored as itself: no codec.
    boolean nativeOnly = key == null && model.nativeComponents().contains(a.name());
    boolean inGroup = grouped.contains(a.name());
    ClassName kind = nativeOnly ? RuntimeTypes.INDEX_KEY_COMPONENT : key == null ? RuntimeTypes.VALUE_ATTRIBUTE
        : primary ? RuntimeTypes.PRIMARY_KEY_COMPONENT
        : inGroup ? RuntimeTypes.GROUPED_INDEX_COMPONENT : RuntimeTypes.INDEX_KEY_COMPONENT;
    TypeName type = ParameterizedTypeName.get(kind, model.record(), a.valueType());
    // The type arguments are written out: javac then checks the call instead of inferring them
    // from the accessor reference and the codec, about a twentieth of its time on a generated class.
    CodeBlock init = nativeOnly
        ? CodeBlock.of("$T.<$T, $T>indexKey($S, $S, $T::$N)", RuntimeTypes.HANDLES, model.record(), a.valueType(),
            a.name(), a.attributeName(), model.record(), a.accessor())
        : key == null
        ? CodeBlock.of("$T.<$T, $T>value($S, $S, $T::$N)", RuntimeTypes.HANDLES, model.record(), a.valueType(),
            a.name(), a.attributeName(), model.record(), a.accessor())
        : CodeBlock.of("$T.<$T, $T>$N($S, $S, $T::$N, $N)", RuntimeTypes.HANDLES, model.record(), a.valueType(),
            primary ? "primaryKey" : inGroup ? "groupedIndexKey" : "indexKey",
            a.name(), a.attributeName(), model.record(), a.accessor(), code.get(a.name()).fieldName());
    return FieldSpec.builder(type, names.handle(a.name()), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer(init)
        .addJavadoc("{@code $L}$L: $L.\n", a.name(), a.renamed() ? " (stored as {@code " + a.attributeName() + "})" : "",
            nativeOnly ? "stored as itself, in " + nativeKeysOf(a.name())
                : key == null ? "in no key" : written(key) + ", in " + keysOf(a.name()) + nativeAlso(a.name())
                    + (inGroup ? "; set with " + groupsOf(a.name()) : ""))
        .build();
  }

  /**
   * The handles of the fields of the nested record that {@code holder} (a component, or a field
   * at {@code path}) stores as a map, on one line each and at every depth:
   * {@code NestedField<Order, String> SHIP_TO_CITY = Handles.field(SHIP_TO, "city", "city", Address::city)}.
   */
  private void nestedFields(TypeSpec.Builder keys, List<String> path, Attribute holder) {
    String parent = path.size() == 1 ? names.handle(path.get(0)) : names.nestedHandle(path);
    io.dynakeys.processor.model.NestedRecord nested = holder.type().nested();
    for (Attribute field : nested.attributes()) {
      List<String> fieldPath = new ArrayList<>(path);
      fieldPath.add(field.name());
      keys.addField(FieldSpec.builder(ParameterizedTypeName.get(RuntimeTypes.NESTED_FIELD, model.record(),
              field.valueType()), names.nestedHandle(fieldPath), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
          .initializer("$T.field($N, $S, $S, $T::$N)", RuntimeTypes.HANDLES, parent, field.name(),
              field.attributeName(), nested.name(), field.accessor())
          .addJavadoc("{@code $L}: the field $L of the nested {@link $T}, an entry of the map {@link #$N}$L.\n",
              String.join(".", fieldPath), field.name(), nested.name(), parent,
              field.renamed() ? " (stored as {@code " + field.attributeName() + "})" : "")
          .build());
      if (field.type().kind() == io.dynakeys.processor.model.AttributeType.Kind.RECORD) {
        nestedFields(keys, fieldPath, field);
      }
    }
  }

  /** The groups that set {@code component}: {@code {@link #BY_OWNER}}. */
  private String groupsOf(String component) {
    return String.join(" or ", groups.stream().filter(g -> g.members().contains(component))
        .map(g -> "{@link #" + names.group(g.index().name()) + "}").toList());
  }

  /**
   * The group of an index: {@code IndexGroup.Of2<Task, String, Integer> BY_OWNER =
   * Handles.group("byOwner", OWNER, PRIORITY)}, the handles in the group's order.
   */
  private FieldSpec group(IndexGroup group) {
    List<TypeName> types = new ArrayList<>();
    types.add(model.record());
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$S", group.index().name()));
    for (String member : group.members()) {
      Attribute a = model.attributes().stream().filter(x -> x.name().equals(member)).findFirst().orElseThrow();
      types.add(a.valueType());
      args.add(CodeBlock.of("$N", names.handle(member)));
    }
    ClassName of = RuntimeTypes.INDEX_GROUP.nestedClass("Of" + group.members().size());
    List<String> others = new ArrayList<>();
    for (IndexGroup g : groups) {
      if (g != group && g.members().stream().anyMatch(group.members()::contains)) {
        others.add("{@code " + g.index().name() + "}");
      }
    }
    return FieldSpec.builder(ParameterizedTypeName.get(of, types.toArray(TypeName[]::new)),
            names.group(group.index().name()), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .initializer("$T.group($L)", RuntimeTypes.HANDLES, CodeBlock.join(args, ", "))
        .addJavadoc("The components an update sets together to rewrite the key of the index {@code $L}$L:"
            + " {@code update.set($N, $L)}.\n", group.index().name(),
            others.isEmpty() ? "" : " (and of " + String.join(", ", others) + ", which share them)",
            names.group(group.index().name()), String.join(", ", group.members()))
        .build();
  }

  /** How a key component is written, for its handle's Javadoc: {@code 10 digits, inverted}. */
  private static String written(KeyComponent c) {
    if (c.padded()) {
      return io.dynakeys.codecs.internal.Digits.count(c.padding().width()) + (c.inverted() ? ", inverted" : "");
    }
    if (c.path() != null) {
      return "a path of segments joined by " + LayoutDoc.code(String.valueOf(c.path().delimiter()));
    }
    return c.fixedLength() >= 0 ? "text of " + c.fixedLength() + " characters" : "text";
  }

  /** The native indexes a component keys: {@code the native index byTeam}. */
  private String nativeKeysOf(String component) {
    List<String> indexes = model.nativeIndexes().stream()
        .filter(i -> i.partitionNames().contains(component) || i.sortNames().contains(component))
        .map(i -> "{@code " + i.name() + "}").toList();
    return (indexes.size() == 1 ? "the native index " : "the native indexes ") + String.join(", ", indexes);
  }

  private String nativeAlso(String component) {
    return model.nativeComponents().contains(component) ? " and " + nativeKeysOf(component) : "";
  }

  /** The key attributes a component is written into: {@code sk, byPlayer_sk}. */
  private String keysOf(String component) {
    List<String> keys = new ArrayList<>();
    for (KeyLayout layout : model.layouts()) {
      if (layout.partition().components().stream().anyMatch(c -> c.name().equals(component))) {
        keys.add("{@code " + layout.partition().attribute() + "}");
      }
      if (layout.sort().components().stream().anyMatch(c -> c.name().equals(component))) {
        keys.add("{@code " + layout.sort().attribute() + "}");
      }
    }
    if (model.uniques().stream().anyMatch(u -> u.component().name().equals(component))) {
      keys.add("the {@code " + model.partition().attribute() + "} of its unique guards");
    }
    return String.join(", ", new java.util.LinkedHashSet<>(keys));
  }

  /** {@code EntityDescriptor.of(Run.class, ..., EntityLayout.of(...), RunKeys::construct, SEASON, ...)}. */
  private CodeBlock descriptor() {
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$T.class", model.record()));
    args.add(CodeBlock.of("$S", model.keysClass().canonicalName()));
    args.add(entityLayout());
    args.add(CodeBlock.of("$T::construct", model.keysClass()));
    for (Attribute a : model.attributes()) {
      args.add(CodeBlock.of("$N", names.handle(a.name())));
    }
    CodeBlock of = CodeBlock.of("$T.of($L)", RuntimeTypes.ENTITY_DESCRIPTOR, CodeBlock.join(args, ", "));
    KeyComponent path = model.pathComponent();
    if (path != null && path.path().indexes()) {
      of = CodeBlock.of("$L.withPathIndexes($S)", of, path.name());
    }
    for (io.dynakeys.processor.model.UniqueModel unique : model.uniques()) {
      KeyLayout guard = unique.guard();
      of = CodeBlock.of("$L.withUnique($S, $L, $L)", of, unique.component().name(), layoutKey(guard.partition()),
          guard.hasSortKey() ? layoutKey(guard.sort()) : CodeBlock.of("null"));
    }
    for (Attribute a : model.attributes()) {
      if (io.dynakeys.processor.model.AttributeTag.timeToLive(a.tags())) {
        of = CodeBlock.of("$L.withTimeToLive($S)", of, a.name());
      }
    }
    return CodeBlock.of("$L$L", of, versions.descriptorCalls());
  }

  /** {@code EntityLayout.of(...)}: every key, made of its codecs, the shard count and the indexes. */
  private CodeBlock entityLayout() {
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$S", model.recordName()));
    args.add(layoutKey(model.partition()));
    args.add(model.hasSortKey() ? layoutKey(model.sort()) : CodeBlock.of("null"));
    args.add(CodeBlock.of("$L", model.sharded() ? model.sharding().count() : 0));
    for (IndexModel index : model.indexes()) {
      args.add(CodeBlock.of("$T.index($S, $L, $L, $L)", RuntimeTypes.ENTITY_LAYOUT, index.name(),
          index.local(), layoutKey(index.layout().partition()),
          index.layout().hasSortKey() ? layoutKey(index.layout().sort()) : CodeBlock.of("null")));
    }
    CodeBlock layout = CodeBlock.of("$T.of($L)", RuntimeTypes.ENTITY_LAYOUT, CodeBlock.join(args, ", "));
    List<CodeBlock> nativeIndexes = new NativeIndexWriter(model, names).layouts();
    if (!nativeIndexes.isEmpty()) {
      layout = CodeBlock.of("$L\n.withNativeIndexes($L)", layout, CodeBlock.join(nativeIndexes, ",\n"));
    }
    return model.sharded() && model.sharding().random() ? CodeBlock.of("$L.withRandomShards()", layout) : layout;
  }

  private CodeBlock layoutKey(KeyPart part) {
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$S", part.attribute()));
    args.add(CodeBlock.of("$S", part.prefix()));
    args.add(CodeBlock.of("$L", ComponentCode.charLiteral(part.delimiter())));
    for (KeyComponent c : part.components()) {
      args.add(CodeBlock.of("$N", code.get(c.name()).fieldName()));
    }
    return CodeBlock.of("$T.key($L)", RuntimeTypes.ENTITY_LAYOUT, CodeBlock.join(args, ", "));
  }

  /** The names of a layout's key attributes, for conditions and low-level requests. */
  private static void addKeyAttributeConstants(TypeSpec.Builder owner, KeyLayout layout) {
    owner.addField(FieldSpec.builder(String.class, "PARTITION_KEY_ATTRIBUTE", Modifier.PUBLIC,
            Modifier.STATIC, Modifier.FINAL)
        .initializer("$S", layout.partition().attribute())
        .addJavadoc("The attribute that holds the partition key.\n")
        .build());
    if (layout.hasSortKey()) {
      owner.addField(FieldSpec.builder(String.class, "SORT_KEY_ATTRIBUTE", Modifier.PUBLIC,
              Modifier.STATIC, Modifier.FINAL)
          .initializer("$S", layout.sort().attribute())
          .addJavadoc("The attribute that holds the sort key.\n")
          .build());
    }
  }

  /** Key encoders, parsers and the query builder of one layout, into {@code owner}. */
  private void addLayout(TypeSpec.Builder owner, KeyLayout layout, ClassName ownerName) {
    boolean ownPartition = layout.indexName() == null
        || !layout.partition().equals(model.partition());
    boolean sharded = model.sharded() && layout.indexName() == null;
    if (sharded) {
      new ShardWriter(model, names, code).addTo(owner);
    } else if (ownPartition) {
      addKeyMethods(owner, layout, layout.partition(), "partitionKey");
    }
    if (layout.hasSortKey()) {
      addKeyMethods(owner, layout, layout.sort(), "sortKey");
    }
    if (ownPartition) {
      addParser(owner, ownerName, layout.partition(), "parsePartitionKey", "PartitionParts", "pk",
          sharded ? names.shardConstant() : null);
    }
    if (!layout.sort().components().isEmpty()) {
      addParser(owner, ownerName, layout.sort(), "parseSortKey", "SortParts", "sk", null);
    }
    new QueryWriter(model, layout, ownerName, code, names).addTo(owner);
  }

  /** The parent and depth attributes that key a path component's generated indexes. */
  private void addPathKeys(TypeSpec.Builder keys) {
    KeyComponent path = model.pathComponent();
    if (path == null || !path.path().indexes()) {
      return;
    }
    List<KeyComponent> sort = model.sort().components();
    List<KeyComponent> before = sort.subList(0, sort.indexOf(path));
    String prefixMethod = path.name() + "Prefix";
    MethodSpec.Builder prefix = MethodSpec.methodBuilder(prefixMethod)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(String.class);
    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, before);
    for (int i = 0; i < before.size(); i++) {
      prefix.addParameter(before.get(i).type(), parameters.get(i));
    }
    List<CodeBlock> pieces = new ArrayList<>();
    if (!model.sort().prefix().isEmpty()) {
      pieces.add(CodeBlock.of("$S", model.sort().prefix() + model.sort().delimiter()));
    }
    for (int i = 0; i < before.size(); i++) {
      KeyComponent c = before.get(i);
      ComponentCode.Encoding e = code.get(c.name()).encode(CodeBlock.of("$N", parameters.get(i)),
          locals.newName(c.name() + "Digits"));
      e.statements().forEach(prefix::addStatement);
      pieces.addAll(e.pieces());
      pieces.add(CodeBlock.of("$S", String.valueOf(model.sort().delimiter())));
    }
    prefix.addStatement("return $L", pieces.isEmpty() ? CodeBlock.of("$S", "") : CodeBlock.join(pieces, " + "));
    keys.addMethod(prefix.build());

    CodeBlock prefixCall = CodeBlock.of("$N($L)", prefixMethod,
        CodeBlock.join(before.stream().map(c -> CodeBlock.of("item.$N()", c.accessor())).toList(), ", "));
    String field = code.get(path.name()).fieldName();
    keys.addMethod(MethodSpec.methodBuilder(path.parentAttribute() + "Key")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(model.record(), "item")
        .addJavadoc("The value of the {@code $L} attribute that keys the index $S: the"
            + " partition key, the delimiter, and the sort key up to {@code item}'s parent folder.\n",
            path.parentAttribute(), path.childrenIndex())
        .addStatement("return $N.parentKey(partitionKey(item), $L, item.$N())", field, prefixCall, path.accessor())
        .build());
    keys.addMethod(MethodSpec.methodBuilder(path.depthAttribute() + "Key")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(model.record(), "item")
        .addJavadoc("The value of the {@code $L} attribute that keys the index $S: the"
            + " partition key, the delimiter, the sort key before the path, and the path's depth.\n",
            path.depthAttribute(), path.depthIndex())
        .addStatement("return $N.depthKey(partitionKey(item), $L, item.$N())", field, prefixCall, path.accessor())
        .build());
  }

  /** For a sparse index, which items it leaves out; nothing for another. */
  private static String sparseNote(IndexModel index) {
    List<KeyComponent> sparse = index.layout().components().stream().filter(KeyComponent::optional).toList();
    if (sparse.isEmpty()) {
      return "";
    }
    return "\n<p>A sparse index: an item whose " + emptyCondition(sparse)
        + " is not in it (its index key attributes are not written), and queries take the"
        + " values themselves.\n";
  }

  private void addIndexQueryShortcut(TypeSpec.Builder keys, IndexModel index, ClassName holder) {
    ClassName stage = holder.nestedClass("Query");
    MethodSpec.Builder query = MethodSpec.methodBuilder("query" + index.className())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(stage)
        .addJavadoc("A query of the index $S: the same as {@link $T#query}.\n", index.name(), holder);
    NameAllocator locals = names.allocator();
    List<KeyComponent> partition = index.layout().partition().components();
    List<String> parameters = Names.parameters(locals, partition);
    for (int i = 0; i < partition.size(); i++) {
      query.addParameter(partition.get(i).type(), parameters.get(i));
    }
    query.addStatement("return $T.query($L)", holder, arguments(parameters));
    keys.addMethod(query.build());
  }

  /**
   * The encoders of {@code part} of {@code layout}: of an item, and of components. An index keyed
   * by {@code Optional} components is sparse: the item's encoder gives {@code null} when any of
   * them is empty, for both of the index's keys, so no key attribute of the index is written.
   */
  private void addKeyMethods(TypeSpec.Builder keys, KeyLayout layout, KeyPart part, String name) {
    ClassName record = model.record();
    List<KeyComponent> sparse = layout.components().stream().filter(KeyComponent::optional).toList();
    List<CodeBlock> accessors = part.components().stream()
        .map(c -> CodeBlock.of(c.optional() && !c.nullable() ? "item.$N().get()" : "item.$N()", c.accessor())).toList();
    MethodSpec.Builder ofItem = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addParameter(record, "item");
    if (sparse.isEmpty()) {
      ofItem.addJavadoc("The encoded $L of {@code item}.\n\n", part.kind().label());
    } else {
      ofItem.addJavadoc("The encoded $L of {@code item}, or {@code null} when the item is not in the index"
              + " $S because $L.\n\n", part.kind().label(), layout.indexName(), emptyCondition(sparse));
    }
    ofItem.addJavadoc("@throws $L when the item or a component is null, or a component is outside its domain\n",
            KEY_FORMAT_EXCEPTION)
        .addStatement("$T.requireItem(item, $S)", RuntimeTypes.ITEMS, model.recordName());
    if (!sparse.isEmpty()) {
      ofItem.beginControlFlow("if ($L)", CodeBlock.join(
              sparse.stream().map(c -> c.nullable() ? CodeBlock.of("item.$N() == null", c.accessor())
                  : CodeBlock.of("$T.isEmpty(item.$N(), $S, $S)", RuntimeTypes.OPTIONAL_COMPONENTS,
                  c.accessor(), model.recordName(), c.name())).toList(), " || "))
          .addStatement("return null")
          .endControlFlow();
    }
    keys.addMethod(ofItem.addStatement("return $N($L)", name, CodeBlock.join(accessors, ", ")).build());

    MethodSpec.Builder encoder = MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addJavadoc("The encoded $L of an item with these components: $L.\n\n@throws $L"
                + " when a component is null, empty, contains the delimiter or is outside its domain\n",
            part.kind().label(), LayoutDoc.code(LayoutDoc.pattern(part)), KEY_FORMAT_EXCEPTION);
    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, part.components());
    for (int i = 0; i < parameters.size(); i++) {
      encoder.addParameter(part.components().get(i).type(), parameters.get(i));
    }
    encoder.addCode(keyBody(part, parameters, locals));
    keys.addMethod(encoder.build());
  }

  /** The body of an encoder whose parameters are the part's components. */
  private CodeBlock keyBody(KeyPart part, List<String> parameters, NameAllocator locals) {
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
      ComponentCode.Encoding e = code.get(c.name()).encode(CodeBlock.of("$N", parameters.get(i)),
          locals.newName(c.name() + "Digits"));
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
      body.addStatement("return $T.checkLength($L, $T.$N, $S, $S)", RuntimeTypes.UTF8, key,
          RuntimeTypes.UTF8, part.kind().limitConstant(), model.recordName(), part.kind().label());
    }
    return body.build();
  }

  private void addKeyOfItem(TypeSpec.Builder keys) {
    if (model.sharded() && model.sharding().random()) {
      new ShardWriter(model, names, code).addAggregateKeys(keys);
      return;
    }
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
    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, all);
    for (int i = 0; i < all.size(); i++) {
      byComponents.addParameter(all.get(i).type(), parameters.get(i));
    }
    int split = model.partition().components().size();
    CodeBlock pk = model.sharded()
        ? ShardWriter.partitionKeyOfComponents(model, all, parameters)
        : CodeBlock.of("partitionKey($L)", arguments(parameters.subList(0, split)));
    CodeBlock sk = model.hasSortKey()
        ? CodeBlock.of(", sortKey($L)", arguments(parameters.subList(split, parameters.size())))
        : CodeBlock.of("");
    byComponents.addStatement("return $T.of($L$L)", RuntimeTypes.PRIMARY_KEY, pk, sk);
    keys.addMethod(byComponents.build());
  }

  /**
   * A parser and its parts record; {@code shardCodec} (a sharded partition key's codec constant)
   * adds the shard number that ends the key.
   */
  private void addParser(TypeSpec.Builder keys, ClassName owner, KeyPart part, String name,
      String partsName, String argument, String shardCodec) {
    ClassName parts = owner.nestedClass(partsName);
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
    for (KeyComponent c : part.components()) {
      ctor.addParameter(c.type(), c.name());
    }
    if (shardCodec != null) {
      ctor.addParameter(int.class, "shard");
    }
    keys.addType(TypeSpec.recordBuilder(parts)
        .addModifiers(Modifier.PUBLIC)
        .recordConstructor(ctor.build())
        .addJavadoc("The components of a parsed $L of {@link $T}.\n", part.kind().label(), model.record())
        .build());

    NameAllocator locals = names.allocator();
    String key = locals.newName(argument, argument);
    String reader = locals.newName("reader", "reader");
    CodeBlock.Builder body = CodeBlock.builder()
        .addStatement("$T $N = $T.$N($N, $S, $L)", RuntimeTypes.KEY_READER, reader,
            RuntimeTypes.KEY_READER, part.kind() == KeyPart.Kind.PARTITION ? "partitionKey" : "sortKey",
            key, model.recordName(), ComponentCode.charLiteral(part.delimiter()));
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
      String local = Names.parameter(locals, c);
      boolean last = i == components.size() - 1 && shardCodec == null;
      body.addStatement("$T $N = $L", c.type(), local, code.get(c.name()).decode(reader, last));
      values.add(CodeBlock.of("$N", local));
    }
    if (shardCodec != null) {
      String shard = locals.newName("shard");
      body.addStatement("$N.delimiter($S)", reader, "shard");
      body.addStatement("int $N = $N.decode($N)", shard, shardCodec, reader);
      values.add(CodeBlock.of("$N", shard));
    }
    body.addStatement("$N.end()", reader);
    body.addStatement("return new $T($L)", parts, CodeBlock.join(values, ", "));
    keys.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(parts)
        .addParameter(String.class, key)
        .addJavadoc("Parses a $L written by {@link #$L}: $L. Accepts exactly the keys the"
                + " encoder writes.\n\n@throws $L when {@code $L} has the wrong prefix, delimiters,"
                + " digits or number of components, or is no key the encoder could write\n",
            part.kind().label(), part.kind() == KeyPart.Kind.PARTITION ? "partitionKey" : "sortKey",
            LayoutDoc.code(shardCodec == null ? LayoutDoc.pattern(part) : LayoutDoc.shardedPattern(part, model.sharding())),
            KEY_FORMAT_EXCEPTION, key)
        .addCode(body.build())
        .build());
  }

  /** The components that can be absent, for Javadoc: {@code code is empty}, {@code code or rank is empty}. */
  static String emptyCondition(List<KeyComponent> sparse) {
    return absentCondition(sparse.stream().map(KeyComponent::name).toList(),
        sparse.stream().map(KeyComponent::nullable).toList());
  }

  /**
   * When components are absent, for Javadoc: {@code {@code code} or {@code rank} is empty} for
   * {@code Optional}s, {@code ... is null} for nullable Kotlin properties, each said apart when
   * both kinds are there.
   */
  static String absentCondition(List<String> names, List<Boolean> nullable) {
    List<String> code = names.stream().map(n -> "{@code " + n + "}").toList();
    if (nullable.stream().allMatch(n -> n) || nullable.stream().noneMatch(n -> n)) {
      return String.join(" or ", code) + (nullable.get(0) ? " is null" : " is empty");
    }
    List<String> each = new ArrayList<>();
    for (int i = 0; i < code.size(); i++) {
      each.add(code.get(i) + (nullable.get(i) ? " is null" : " is empty"));
    }
    return String.join(" or ", each);
  }

  static CodeBlock arguments(List<String> names) {
    return CodeBlock.join(names.stream().map(n -> CodeBlock.of("$N", n)).toList(), ", ");
  }
}
