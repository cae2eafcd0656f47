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
 * each stage offers equality on the next sort component ({@code score(1500)}, leading to the next
 * stage) and a range step over it ({@code score()}, a runtime {@code RangeStep} whose bounds end
 * the chain), so sort components can only be constrained in declaration order.
 *
 * <p>A stage holds a runtime {@code KeyQuery<Record>} and implements {@code QueryStage<Record>},
 * so it runs only on a table of its record. {@code QueryStage}'s methods take a table or no
 * argument; equality takes a value of the component's type first, and a range step, which takes
 * none, is renamed for the three component names that would clash ({@code toKeyQuery}).
 */
final class QueryWriter {

  private final KeySchemaModel model;
  private final KeyLayout layout;
  private final ClassName owner;
  private final Map<String, ComponentCode> code;
  private final Names names;
  private final List<String> stageNames;
  /** {@code KeyQuery<Run>}: the query of the record's items. */
  private final TypeName keyQuery;
  private final TypeName queryStage;

  QueryWriter(KeySchemaModel model, KeyLayout layout, ClassName owner, Map<String, ComponentCode> code,
      Names names) {
    this.model = model;
    this.layout = layout;
    this.owner = owner;
    this.code = code;
    this.names = names;
    this.stageNames = layout.stageNames();
    this.keyQuery = ParameterizedTypeName.get(RuntimeTypes.KEY_QUERY, model.record());
    this.queryStage = ParameterizedTypeName.get(RuntimeTypes.QUERY_STAGE, model.record());
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
        .superclass(ParameterizedTypeName.get(RuntimeTypes.KEY_STAGE, model.record()))
        .addJavadoc("A query of $L$L.\n", description, fixed < sort.size()
            ? "; narrow it by {@code " + sort.get(fixed).name() + "}, or run it as it is" : "")
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(keyQuery, "query")
            .addStatement("super(query)")
            .build());
    if (fixed >= sort.size()) {
      return stage.build();
    }
    KeyComponent c = sort.get(fixed);
    ComponentCode cc = code.get(c.name());
    boolean last = fixed == sort.size() - 1;

    NameAllocator locals = names.allocator();
    String parameter = Names.parameter(locals, c);
    MethodSpec.Builder equal = MethodSpec.methodBuilder(c.name())
        .addModifiers(Modifier.PUBLIC)
        .addParameter(c.type(), parameter);
    if (last) {
      equal.returns(queryStage)
          .addJavadoc("The item whose {@code $L} equals {@code $N}, the last sort component.\n", c.name(), parameter)
          .addStatement("return query.withEqual($N, $N, true)", cc.fieldName(), parameter);
    } else {
      ClassName next = owner.nestedClass(stageNames.get(fixed + 1));
      equal.returns(next)
          .addJavadoc("Items whose {@code $L} equals {@code $N}; the key prefix ends at the"
              + " delimiter, so no other value's items match.\n", c.name(), parameter)
          .addStatement("return new $T(query.withEqual($N, $N, false))", next, cc.fieldName(), parameter);
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
        .returns(queryStage)
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
          .returns(queryStage)
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
          .returns(queryStage)
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

  /**
   * The range step over the stage's next component: {@code score()}, whose {@code atLeast(v)},
   * {@code atMost(v)}, {@code greaterThan(v)}, {@code lessThan(v)} and {@code between(lo, hi)} end
   * the query. A component named like a method every stage inherits without arguments
   * ({@code toKeyQuery}) has its step named {@code toKeyQueryRange} instead.
   */
  private void addRanges(TypeSpec.Builder stage, KeyComponent c, ComponentCode cc, boolean last) {
    String name = Names.rangeStep(c.name());
    String order = c.inverted() ? " Bounds are values: {@code @Inverted} is flipped for you." : "";
    // An integer's bounds are longs, so an int literal bounds a long component too.
    boolean integer = c.paddedInteger();
    stage.addMethod(MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .returns(integer ? ParameterizedTypeName.get(RuntimeTypes.NUMBER_RANGE_STEP, model.record())
            : ParameterizedTypeName.get(RuntimeTypes.RANGE_STEP, model.record(), cc.boxedType()))
        .addJavadoc("A range of {@code $L}, whatever follows it, in key order.$L\n", c.name(), order)
        .addStatement(integer ? "return $T.of(query, $N.digits(), $L)" : "return $T.of(query, $N, $L)",
            integer ? RuntimeTypes.NUMBER_RANGE : RuntimeTypes.RANGE, cc.fieldName(), last)
        .build());
  }
}
