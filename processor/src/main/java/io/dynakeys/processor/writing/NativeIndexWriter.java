package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.Attribute;
import io.dynakeys.processor.model.AttributeType;
import io.dynakeys.processor.model.IndexModel;
import io.dynakeys.processor.model.ItemComponent;
import io.dynakeys.processor.model.KeySchemaModel;
import io.dynakeys.processor.reading.StorableTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;

/**
 * Writes a native index's class ({@code RunKeys.ByTeam}: {@code INDEX_NAME} and the staged query)
 * and its shortcut ({@code RunKeys.queryByTeam(...)}). A native index has no encoders or parsers:
 * its keys are the components' own attributes. The stages are the composed keys' stages, over the
 * runtime's native condition: equality on every partition component, then on the sort components
 * in order, and a runtime {@code RangeStep} (or {@code NumberRangeStep}) over the next one.
 */
final class NativeIndexWriter {
  private static final Set<String> INTEGERS = Set.of("byte", "short", "int", "long", "java.lang.Byte",
      "java.lang.Short", "java.lang.Integer", "java.lang.Long");

  private final KeySchemaModel model;
  private final Names names;
  private final TypeName keyQuery;
  private final TypeName queryStage;

  NativeIndexWriter(KeySchemaModel model, Names names) {
    this.model = model;
    this.names = names;
    this.keyQuery = ParameterizedTypeName.get(RuntimeTypes.KEY_QUERY, model.record());
    this.queryStage = ParameterizedTypeName.get(RuntimeTypes.QUERY_STAGE, model.record());
  }

  /**
   * The native indexes as the descriptor holds them, {@code EntityLayout.nativeIndex("byTeam",
   * List.of(EntityLayout.nativeKey("team", "team", StoredType.S, false), ...), List.of(...))}: the
   * one list the table schema declares the indexes from and the tools check them by.
   */
  List<CodeBlock> layouts() {
    List<CodeBlock> out = new ArrayList<>();
    for (IndexModel index : model.nativeIndexes()) {
      out.add(CodeBlock.of("$T.nativeIndex($S, $T.of($L), $T.of($L))", RuntimeTypes.ENTITY_LAYOUT, index.name(),
          List.class, nativeKeys(index.partitionNames()), List.class, nativeKeys(index.sortNames())));
    }
    return out;
  }

  private CodeBlock nativeKeys(List<String> components) {
    List<CodeBlock> keys = new ArrayList<>();
    for (String component : components) {
      Attribute a = model.attributes().stream().filter(x -> x.name().equals(component)).findFirst().orElseThrow();
      AttributeType type = a.type();
      boolean optional = type.kind() == AttributeType.Kind.OPTIONAL;
      if (optional) {
        type = type.arguments().get(0);
      }
      keys.add(CodeBlock.of("$T.nativeKey($S, $S, $T.$L, $L)", RuntimeTypes.ENTITY_LAYOUT, a.name(),
          a.attributeName(), RuntimeTypes.ENTITY_LAYOUT.nestedClass("StoredType"), storedType(type), optional));
    }
    return CodeBlock.join(keys, ", ");
  }

  /** S, N or B as the validator checked it; a converted component's converter decides. */
  private static String storedType(AttributeType type) {
    return switch (type.kind()) {
      case ENUM -> "S";
      case CONVERTED -> "CONVERTER";
      default -> {
        StorableTypes.Stored stored = StorableTypes.stored(type.type().toString());
        if (stored == null || stored == StorableTypes.Stored.BOOL) {
          throw new IllegalStateException("a native key of type " + type.type() + " passed validation");
        }
        yield stored.name();
      }
    };
  }

  void addTo(TypeSpec.Builder keys, IndexModel index) {
    ClassName holder = model.keysClass().nestedClass(index.className());
    List<String> stages = stageNames(index.sortNames());
    TypeSpec.Builder nested = TypeSpec.classBuilder(holder)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The native global index $S of {@link $T}: keyed by the components' own attributes,"
            + " each with its own type, $L.\n$L", index.name(), model.record(), LayoutDoc.nativeKeys(index), sparseNote(index))
        .addField(FieldSpec.builder(String.class, "INDEX_NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
            .initializer("$S", index.name())
            .addJavadoc("The index name, as the table and {@code DynamoDbTable.index(...)} know it.\n")
            .build())
        .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

    NameAllocator locals = names.allocator();
    List<String> parameters = new ArrayList<>();
    for (String component : index.partitionNames()) {
      parameters.add(locals.newName(component));
    }
    MethodSpec.Builder query = MethodSpec.methodBuilder("query")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(holder.nestedClass(stages.get(0)))
        .addJavadoc("A query of the items with these partition components; constrain the sort"
            + " components with the returned stage.\n");
    MethodSpec.Builder shortcut = MethodSpec.methodBuilder("query" + index.className())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(holder.nestedClass(stages.get(0)))
        .addJavadoc("A query of the native index $S: the same as {@link $T#query}.\n", index.name(), holder);
    for (int i = 0; i < parameters.size(); i++) {
      TypeName type = valueType(index.partitionNames().get(i));
      query.addParameter(type, parameters.get(i));
      shortcut.addParameter(type, parameters.get(i));
    }
    String arguments = String.join(", ", parameters);
    query.addStatement("return new $T($T.nativeIndex($S, $T.tableSchema(), $L))",
        holder.nestedClass(stages.get(0)), RuntimeTypes.KEY_QUERY, index.name(), model.keysClass(), arguments);
    shortcut.addStatement("return $T.query($L)", holder, arguments);
    nested.addMethod(query.build());
    for (int i = 0; i < stages.size(); i++) {
      nested.addType(stage(holder, index.sortNames(), stages, i));
    }
    keys.addType(nested.build());
    keys.addMethod(shortcut.build());
  }

  private TypeSpec stage(ClassName holder, List<String> sort, List<String> stages, int fixed) {
    String description = fixed == 0 ? "the partition" : "the partition, with equal "
        + String.join(", ", sort.subList(0, fixed));
    TypeSpec.Builder stage = TypeSpec.classBuilder(holder.nestedClass(stages.get(fixed)))
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(RuntimeTypes.KEY_STAGE, model.record()))
        .addJavadoc("A query of $L$L.\n", description, fixed < sort.size()
            ? "; narrow it by {@code " + sort.get(fixed) + "}, or run it as it is" : "")
        .addMethod(MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PRIVATE)
            .addParameter(keyQuery, "query")
            .addStatement("super(query)")
            .build());
    if (fixed >= sort.size()) {
      return stage.build();
    }
    String c = sort.get(fixed);
    boolean last = fixed == sort.size() - 1;
    String parameter = names.allocator().newName(c);
    MethodSpec.Builder equal = MethodSpec.methodBuilder(c)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(valueType(c), parameter);
    if (last) {
      equal.returns(queryStage)
          .addJavadoc("Items whose {@code $L} equals {@code $N}, the last sort component.\n", c, parameter)
          .addStatement("return query.withNativeEqual($N)", parameter);
    } else {
      ClassName next = holder.nestedClass(stages.get(fixed + 1));
      equal.returns(next)
          .addJavadoc("Items whose {@code $L} equals {@code $N}.\n", c, parameter)
          .addStatement("return new $T(query.withNativeEqual($N))", next, parameter);
    }
    stage.addMethod(equal.build());
    // An integer's bounds are longs, so an int literal bounds a long component too; a string
    // also takes begins_with.
    TypeName value = valueType(c);
    boolean integer = INTEGERS.contains(value.toString());
    boolean text = value.toString().equals("java.lang.String");
    ClassName step = integer ? RuntimeTypes.NUMBER_RANGE_STEP : text ? RuntimeTypes.TEXT_RANGE_STEP : RuntimeTypes.RANGE_STEP;
    stage.addMethod(MethodSpec.methodBuilder(Names.rangeStep(c))
        .addModifiers(Modifier.PUBLIC)
        .returns(integer || text ? ParameterizedTypeName.get(step, model.record())
            : ParameterizedTypeName.get(step, model.record(), value.box()))
        .addJavadoc(text ? "A range of {@code $L}, in the order of its stored values (UTF-8 bytes), or a prefix"
            + " ({@code begins_with}).\n" : "A range of {@code $L}, in the order of its stored values.\n", c)
        .addStatement("return $T.ofNative(query)", integer ? RuntimeTypes.NUMBER_RANGE : text ? RuntimeTypes.TEXT_RANGE
            : RuntimeTypes.RANGE)
        .build());
    return stage.build();
  }

  /**
   * For an index keyed by {@code Optional} components (or nullable Kotlin properties), which items
   * it leaves out; nothing for another.
   */
  private String sparseNote(IndexModel index) {
    List<String> sparse = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    List<String> names = new ArrayList<>(index.partitionNames());
    names.addAll(index.sortNames());
    for (String name : names) {
      ItemComponent c = model.component(name);
      if (c.nullable() || !valueType(name).equals(c.type())) {
        sparse.add(name);
        nullable.add(c.nullable());
      }
    }
    if (sparse.isEmpty()) {
      return "";
    }
    return "\n<p>A sparse index: an item whose " + KeysWriter.absentCondition(sparse, nullable) + " has"
        + " no such attribute, so DynamoDB leaves it out of the index; queries take the values themselves.\n";
  }

  /** The stage classes: {@code Query}, {@code QueryByScore}, {@code QueryByScoreAndAt}, ... */
  static List<String> stageNames(List<String> sort) {
    List<String> out = new ArrayList<>();
    out.add("Query");
    StringBuilder name = new StringBuilder("QueryBy");
    for (int i = 0; i + 1 < sort.size(); i++) {
      if (i > 0) {
        name.append("And");
      }
      String component = sort.get(i);
      name.append(Character.toUpperCase(component.charAt(0))).append(component.substring(1));
      out.add(name.toString());
    }
    return out;
  }

  /** The type a query takes for a component: its own, or {@code T} for an {@code Optional<T>}. */
  private TypeName valueType(String component) {
    TypeName type = model.component(component).type();
    if (type instanceof ParameterizedTypeName p && p.rawType().canonicalName().equals("java.util.Optional")
        && p.typeArguments().size() == 1) {
      return p.typeArguments().get(0).withoutAnnotations();
    }
    return type;
  }
}
