package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyLayout;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the staged query builder: {@code query(<partition components>)} returns the first stage;
 * each stage offers equality on the next sort component (leading to the next stage) and ranges
 * over it (ending the chain), so sort components can only be constrained in declaration order.
 *
 * <p>A stage holds a runtime {@code KeyQuery} and implements {@code QueryStage}, whose methods
 * take no key-typed argument: a stage method named after a component always has one, so no
 * component name can clash with what a stage inherits.
 */
final class QueryWriter {

  private final KeySchemaModel model;
  private final KeyLayout layout;
  private final ClassName owner;
  private final Map<String, ComponentCode> code;
  private final Names names;
  private final List<String> stageNames;

  QueryWriter(KeySchemaModel model, KeyLayout layout, ClassName owner, Map<String, ComponentCode> code,
      Names names) {
    this.model = model;
    this.layout = layout;
    this.owner = owner;
    this.code = code;
    this.names = names;
    this.stageNames = layout.stageNames();
  }

  void addTo(TypeSpec.Builder keys) {
    List<KeyComponent> sort = layout.sort().components();
    KeyPart partition = layout.partition();
    ClassName first = owner.nestedClass(stageNames.get(0));

    MethodSpec.Builder query = MethodSpec.methodBuilder("query")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(first)
        .addJavadoc("A query of the partition $L; constrain the sort key with the"
            + " returned stage.\n", LayoutDoc.code(LayoutDoc.pattern(partition)));
    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, partition.components());
    for (int i = 0; i < parameters.size(); i++) {
      query.addParameter(partition.components().get(i).type(), parameters.get(i));
    }
    // A sharded record's table and local indexes read every shard of the partition.
    boolean sharded = model.sharded() && layout.partition().equals(model.partition());
    CodeBlock pk = CodeBlock.of("$T.$N($L)", partitionOwner(), sharded ? "partitionKeys" : "partitionKey",
        KeysWriter.arguments(parameters));
    String sortAttribute = layout.hasSortKey() ? layout.sort().attribute() : null;
    String head = layout.sort().literalHead();
    if (layout.hasSortKey() && sort.isEmpty()) {
      query.addStatement("return new $T($T.singleItem($S, $S, $L, $S, $S))", first,
          RuntimeTypes.KEY_QUERY, layout.indexName(), partition.attribute(), pk, sortAttribute, head);
    } else {
      query.addStatement("return new $T($T.$N($S, $S, $L, $S, $L, $S))", first,
          RuntimeTypes.KEY_QUERY, sharded ? "partitions" : "partition", layout.indexName(),
          partition.attribute(), pk, sortAttribute, ComponentCode.charLiteral(layout.sort().delimiter()), head);
    }
    keys.addMethod(query.build());

    for (int i = 0; i < stageNames.size(); i++) {
      keys.addType(stage(i));
    }
  }

  /** A local index's partition key is the table's, encoded by the keys class itself. */
  private ClassName partitionOwner() {
    return layout.partition().equals(model.partition()) ? model.keysClass() : owner;
  }

  private TypeSpec stage(int fixed) {
    List<KeyComponent> sort = layout.sort().components();
    ClassName name = owner.nestedClass(stageNames.get(fixed));
    String description = fixed == 0 ? "the partition" : "the partition, with equal "
        + String.join(", ", sort.subList(0, fixed).stream().map(KeyComponent::name).toList());
    TypeSpec.Builder stage = TypeSpec.classBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addSuperinterface(RuntimeTypes.QUERY_STAGE)
        .addJavadoc("A query of $L$L.\n", description, fixed < sort.size()
            ? "; narrow it by {@code " + sort.get(fixed).name() + "}, or run it as it is" : "")
        .addField(RuntimeTypes.KEY_QUERY, "query", Modifier.PRIVATE, Modifier.FINAL)
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(RuntimeTypes.KEY_QUERY, "query")
            .addStatement("this.query = query")
            .build())
        .addMethod(MethodSpec.methodBuilder("toKeyQuery")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(RuntimeTypes.KEY_QUERY)
            .addStatement("return query")
            .build());
    if (fixed >= sort.size()) {
      return stage.build();
    }
    KeyComponent c = sort.get(fixed);
    ComponentCode cc = code.get(c.name());
    boolean last = fixed == sort.size() - 1;
    KeyPart part = layout.sort();

    NameAllocator locals = names.allocator();
    String parameter = Names.parameter(locals, c);
    ComponentCode.Encoding e = cc.encode(CodeBlock.of("$N", parameter), locals.newName(c.name() + "Digits"));
    List<CodeBlock> pieces = new ArrayList<>();
    pieces.add(CodeBlock.of("query.sortPrefix()"));
    pieces.addAll(e.pieces());
    if (!last) {
      pieces.add(CodeBlock.of("$S", String.valueOf(part.delimiter())));
    }
    String key = locals.newName(last ? "sortKey" : "next");
    MethodSpec.Builder equal = MethodSpec.methodBuilder(c.name())
        .addModifiers(Modifier.PUBLIC)
        .addParameter(c.type(), parameter);
    e.statements().forEach(equal::addStatement);
    CodeBlock concatenation = CodeBlock.join(pieces, " + ");
    if (part.fixedLength()) {
      equal.addStatement("$T $N = $L", String.class, key, concatenation);
    } else {
      equal.addStatement("$T $N = $T.checkLength($L, $L, $S, $S)", String.class, key,
          RuntimeTypes.UTF8, concatenation, part.kind().limit(), model.recordName(), part.kind().label());
    }
    if (last) {
      equal.returns(RuntimeTypes.KEY_QUERY)
          .addJavadoc("The item whose {@code $L} equals {@code $N}, the last sort component.\n", c.name(), parameter)
          .addStatement("return query.withSortKey($N)", key);
    } else {
      ClassName next = owner.nestedClass(stageNames.get(fixed + 1));
      equal.returns(next)
          .addJavadoc("Items whose {@code $L} equals {@code $N}; the key prefix ends at the"
              + " delimiter, so no other value's items match.\n", c.name(), parameter)
          .addStatement("return new $T(query.withPrefix($N))", next, key);
    }
    stage.addMethod(equal.build());

    if (c.path() != null) {
      addPathQueries(stage, c, cc, last);
    } else if (!c.tiebreaker()) {
      addRanges(stage, c, cc, last);
    }
    return stage.build();
  }

  private void addPathQueries(TypeSpec.Builder stage, KeyComponent c, ComponentCode cc, boolean last) {
    String field = cc.fieldName();
    char d = layout.sort().delimiter();
    stage.addMethod(MethodSpec.methodBuilder(c.name() + "Subtree")
        .addModifiers(Modifier.PUBLIC)
        .returns(RuntimeTypes.KEY_QUERY)
        .addParameter(RuntimeTypes.TREE_PATH, "folder")
        .addJavadoc("The whole subtree of {@code folder}, in one query, in key order: every"
            + " descendant's key starts with the folder's. {@code TreePath.root()} reads the whole"
            + " tree. $L\n\n@throws IllegalArgumentException when {@code folder} is not a folder\n",
            last ? "The folder itself comes first, then its descendants in path order."
                : "Components follow the path in the key, so the folder's own items come first only"
                    + " before descendants whose next segment starts at or above the key delimiter "
                    + ComponentCode.charLiteral(d) + ": a segment starting with a character below it"
                    + " (a control character, a space, or punctuation such as {@code !}) sorts before"
                    + " the folder's own items.")
        .addStatement("return query.withPrefix(query.sortPrefix() + $N.subtree(folder))", field)
        .build());
    if (c.path().indexes()) {
      stage.addMethod(MethodSpec.methodBuilder(c.name() + "Children")
          .addModifiers(Modifier.PUBLIC)
          .returns(RuntimeTypes.KEY_QUERY)
          .addParameter(RuntimeTypes.TREE_PATH, "folder")
          .addJavadoc("The direct children of {@code folder}, in path order, from the index $S"
              + " keyed by each entry's parent folder (no filter: only the children are read)."
              + "\n\n@throws IllegalArgumentException when {@code folder} is not a folder\n",
              c.childrenIndex())
          .addStatement("return $T.partition($S, $S, $N.childrenKey(query.partitionValue(), query.sortPrefix(), folder), $S, $L, $S)",
              RuntimeTypes.KEY_QUERY, c.childrenIndex(), c.parentAttribute(), field,
              layout.sort().attribute(), ComponentCode.charLiteral(d), "")
          .build());
      stage.addMethod(MethodSpec.methodBuilder(c.name() + "AtDepth")
          .addModifiers(Modifier.PUBLIC)
          .returns(RuntimeTypes.KEY_QUERY)
          .addParameter(int.class, "depth")
          .addParameter(RuntimeTypes.TREE_PATH, "within")
          .addJavadoc("The entries at {@code depth} (1 for top-level entries) strictly inside"
              + " {@code within}, in path order, from the index $S keyed by each entry's depth.\n\n"
              + "@throws IllegalArgumentException when {@code depth} is not below {@code within}'s"
              + " depth or {@code within} is not a folder\n", c.depthIndex())
          .addStatement("return $T.partition($S, $S, $N.depthKey(query.partitionValue(), query.sortPrefix(), depth, within), $S, $L,"
                  + " query.sortPrefix() + $N.subtree(within))",
              RuntimeTypes.KEY_QUERY, c.depthIndex(), c.depthAttribute(), field,
              layout.sort().attribute(), ComponentCode.charLiteral(d), field)
          .build());
    }
    if (last && model.sharded() && !model.sharding().bySortKey()) {
      return; // the shard of an ancestor's key would need components the stage no longer has
    }
    if (last) {
      CodeBlock keys = model.sharded()
          ? CodeBlock.of("$T.ofShards(query.partitionValues(), $N.ancestorSortKeys(query.sortPrefix(), path), $N::shardOf)",
              RuntimeTypes.PRIMARY_KEY, field, names.shardConstant())
          : CodeBlock.of("$T.all(query.partitionValue(), $N.ancestorSortKeys(query.sortPrefix(), path))",
              RuntimeTypes.PRIMARY_KEY, field);
      stage.addMethod(MethodSpec.methodBuilder(c.name() + "Ancestors")
          .addModifiers(Modifier.PUBLIC)
          .returns(ParameterizedTypeName.get(ClassName.get(List.class), RuntimeTypes.KEY))
          .addParameter(RuntimeTypes.TREE_PATH, "path")
          .addJavadoc("The keys of the folders above {@code path}, from the top down, for"
              + " {@code BatchGetItem} (ancestors are not one range of keys, so no single query"
              + " reads them). Each key is checked against DynamoDB's sort key limit.\n")
          .addStatement("return $L", keys)
          .build());
    }
  }

  private void addRanges(TypeSpec.Builder stage, KeyComponent c, ComponentCode cc, boolean last) {
    TypeName bound = cc.boundType();
    String order = c.inverted()
        ? " (in value order: {@code @Inverted} is flipped for you)"
        : "";
    addRange(stage, c, cc, last, "Between", "between", bound, "from {@code lo} to {@code hi}, both included" + order, "lo", "hi");
    addRange(stage, c, cc, last, "AtLeast", "atLeast", bound, "at least {@code value}" + order, "value");
    addRange(stage, c, cc, last, "AtMost", "atMost", bound, "at most {@code value}" + order, "value");
    addRange(stage, c, cc, last, "GreaterThan", "greaterThan", bound, "greater than {@code value}" + order, "value");
    addRange(stage, c, cc, last, "LessThan", "lessThan", bound, "less than {@code value}" + order, "value");
  }

  private void addRange(TypeSpec.Builder stage, KeyComponent c, ComponentCode cc, boolean last,
      String suffix, String runtimeMethod, TypeName bound, String meaning, String... parameters) {
    MethodSpec.Builder range = MethodSpec.methodBuilder(c.name() + suffix)
        .addModifiers(Modifier.PUBLIC)
        .returns(RuntimeTypes.KEY_QUERY)
        .addJavadoc("Items whose {@code $L} is $L, in key order, whatever follows it.\n\n"
            + "@throws IllegalArgumentException when no value of the domain is in the range\n", c.name(), meaning);
    for (String p : parameters) {
      range.addParameter(bound, p);
    }
    range.addStatement("return query.withRange($L, $L)", cc.range(runtimeMethod, List.of(parameters)), last);
    stage.addMethod(range.build());
  }
}
