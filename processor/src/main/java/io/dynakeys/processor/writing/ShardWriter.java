package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the partition key methods of a {@code @Sharded} record: the shard codec, the key of an
 * item (with its shard), of components and a shard, of every shard, and the shard of an item,
 * which is a function of its key components so that {@code key(...)} needs no fan-out. A
 * write-sharded aggregate ({@code random = true}) has no shard of an item: it gets the key without
 * the shard instead, the key of one shard item and {@code aggregate(...)}.
 */
final class ShardWriter {
  private final KeySchemaModel model;
  private final Names names;
  private final Map<String, ComponentCode> code;

  ShardWriter(KeySchemaModel model, Names names, Map<String, ComponentCode> code) {
    this.model = model;
    this.names = names;
    this.code = code;
  }

  void addTo(TypeSpec.Builder keys) {
    KeyPart part = model.partition();
    String shardCodec = names.shardConstant();
    keys.addField(FieldSpec.builder(RuntimeTypes.SHARD_CODEC, shardCodec, Modifier.PRIVATE,
            Modifier.STATIC, Modifier.FINAL)
        .initializer("new $T($S, $L, $L)", RuntimeTypes.SHARD_CODEC, model.recordName(),
            ComponentCode.charLiteral(part.delimiter()), model.sharding().count())
        .build());

    List<CodeBlock> accessors = part.components().stream().map(c -> CodeBlock.of("item.$N()", c.accessor())).toList();
    boolean random = model.sharding().random();
    if (random) {
      keys.addMethod(MethodSpec.methodBuilder("partitionKeyWithoutShard")
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
          .returns(String.class)
          .addParameter(model.record(), "item")
          .addJavadoc("The partition key of {@code item}'s aggregate without its shard: what the key of"
              + " each of its shard items starts with, before the delimiter and the shard number."
              + " Each write chooses a shard at random, so an item has no one partition key.\n\n@throws $L"
              + " when the item or a component is null, or a component is outside its domain\n",
              KeysWriter.KEY_FORMAT_EXCEPTION)
          .addStatement("$T.requireItem(item, $S)", RuntimeTypes.ITEMS, model.recordName())
          .addStatement("return partitionKeyWithoutShard($L)", CodeBlock.join(accessors, ", "))
          .build());
    } else {
      List<CodeBlock> withShard = new ArrayList<>(accessors);
      withShard.add(CodeBlock.of("shard(item)"));
      keys.addMethod(MethodSpec.methodBuilder("partitionKey")
          .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
          .returns(String.class)
          .addParameter(model.record(), "item")
          .addJavadoc("The encoded partition key of {@code item}, in the shard its key hashes to"
              + " ({@link #shard}).\n\n@throws $L when the item or a component is null, or a"
              + " component is outside its domain\n", KeysWriter.KEY_FORMAT_EXCEPTION)
          .addStatement("$T.requireItem(item, $S)", RuntimeTypes.ITEMS, model.recordName())
          .addStatement("return partitionKey($L)", CodeBlock.join(withShard, ", "))
          .build());
    }

    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, part.components());
    String shard = locals.newName("shard");
    MethodSpec.Builder ofShard = MethodSpec.methodBuilder("partitionKey")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(String.class)
        .addJavadoc("The encoded partition key of shard {@code $N} of the partition with these"
            + " components: $L.\n\n@throws $L when a component is null, empty, contains the"
            + " delimiter or is outside its domain, or the shard is not from 0 to $L\n", shard,
            LayoutDoc.code(LayoutDoc.shardedPattern(part, model.sharding())), KeysWriter.KEY_FORMAT_EXCEPTION,
            model.sharding().count() - 1);
    addParameters(ofShard, part.components(), parameters);
    ofShard.addParameter(int.class, shard);
    ofShard.addStatement("return $N.append(partitionKeyWithoutShard($L), $N)", shardCodec,
        KeysWriter.arguments(parameters), shard);
    keys.addMethod(ofShard.build());

    locals = names.allocator();
    parameters = Names.parameters(locals, part.components());
    MethodSpec.Builder all = MethodSpec.methodBuilder("partitionKeys")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(ClassName.get(List.class), ClassName.get(String.class)))
        .addJavadoc("The encoded partition keys of every shard of the partition with these"
            + " components, in shard order: what a query reads.\n");
    addParameters(all, part.components(), parameters);
    all.addStatement("return $N.appendAll(partitionKeyWithoutShard($L))", shardCodec,
        KeysWriter.arguments(parameters));
    keys.addMethod(all.build());

    locals = names.allocator();
    parameters = Names.parameters(locals, part.components());
    MethodSpec.Builder base = MethodSpec.methodBuilder("partitionKeyWithoutShard")
        .addModifiers(random ? Modifier.PUBLIC : Modifier.PRIVATE, Modifier.STATIC)
        .returns(String.class);
    addParameters(base, part.components(), parameters);
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
      e.statements().forEach(base::addStatement);
      pieces.addAll(e.pieces());
    }
    base.addStatement("return $L", pieces.isEmpty() ? CodeBlock.of("$S", "") : CodeBlock.join(pieces, " + "));
    if (random) {
      base.addJavadoc("The partition key of the aggregate with these components without its shard.\n");
    }
    keys.addMethod(base.build());
    if (random) {
      return; // no shard is a function of the item
    }

    List<KeyComponent> by = model.shardComponents();
    keys.addMethod(MethodSpec.methodBuilder("shard")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(int.class)
        .addParameter(model.record(), "item")
        .addJavadoc("The shard of {@code item}, from 0 to $L: murmur3 (x86, 32 bits, seed 0) of the"
            + " UTF-8 bytes of $L, unsigned, modulo $L.\n", model.sharding().count() - 1,
            model.sharding().bySortKey() ? "its sort key" : "{@code " + shardTextPattern(by, part.delimiter()) + "}",
            model.sharding().count())
        .addStatement("$T.requireItem(item, $S)", RuntimeTypes.ITEMS, model.recordName())
        .addStatement("return shardOf($L)", CodeBlock.join(
            by.stream().map(c -> CodeBlock.of("item.$N()", c.accessor())).toList(), ", "))
        .build());

    locals = names.allocator();
    parameters = Names.parameters(locals, by);
    MethodSpec.Builder shardOf = MethodSpec.methodBuilder("shardOf")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(int.class);
    addParameters(shardOf, by, parameters);
    if (model.sharding().bySortKey()) {
      shardOf.addStatement("return $N.shardOf(sortKey($L))", shardCodec, KeysWriter.arguments(parameters));
    } else {
      List<CodeBlock> text = new ArrayList<>();
      for (int i = 0; i < by.size(); i++) {
        if (i > 0) {
          text.add(CodeBlock.of("$S", String.valueOf(part.delimiter())));
        }
        ComponentCode.Encoding e = code.get(by.get(i).name()).encode(CodeBlock.of("$N", parameters.get(i)),
            locals.newName(by.get(i).name() + "Digits"));
        e.statements().forEach(shardOf::addStatement);
        text.addAll(e.number() ? List.of(CodeBlock.of("$T.toString($L)", Long.class, e.pieces().get(0))) : e.pieces());
      }
      shardOf.addStatement("return $N.shardOf($L)", shardCodec, CodeBlock.join(text, " + "));
    }
    keys.addMethod(shardOf.build());
  }

  /**
   * The entry points of a write-sharded aggregate ({@code @Sharded(random = true)}): the key of one
   * shard item, and {@code aggregate(...)}, the runtime's {@code ShardedAggregate} over every
   * shard of a partition, which adds to a random shard and reads them all combined.
   */
  void addAggregateKeys(TypeSpec.Builder keys) {
    KeyPart part = model.partition();
    NameAllocator locals = names.allocator();
    List<String> parameters = Names.parameters(locals, part.components());
    String shard = locals.newName("shard");
    MethodSpec.Builder key = MethodSpec.methodBuilder("key")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(RuntimeTypes.KEY)
        .addJavadoc("The primary key of shard {@code $N} of the aggregate with these components: one"
            + " part of its total.\n", shard);
    addParameters(key, part.components(), parameters);
    key.addParameter(int.class, shard);
    List<String> withShard = new ArrayList<>(parameters);
    withShard.add(shard);
    key.addStatement("return $T.of(partitionKey($L))", RuntimeTypes.PRIMARY_KEY, KeysWriter.arguments(withShard));
    keys.addMethod(key.build());

    locals = names.allocator();
    parameters = Names.parameters(locals, part.components());
    MethodSpec.Builder aggregate = MethodSpec.methodBuilder("aggregate")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(ParameterizedTypeName.get(RuntimeTypes.SHARDED_AGGREGATE, model.record()))
        .addJavadoc("The aggregate with these components, over its $L shards: {@code add()} writes"
            + " to one at random, {@code read(table)} reads every shard concurrently and sums the"
            + " numbers and unites the sets.\n", model.sharding().count());
    addParameters(aggregate, part.components(), parameters);
    aggregate.addStatement("return $T.of(tableSchema(), partitionKeys($L))", RuntimeTypes.AGGREGATE,
        KeysWriter.arguments(parameters));
    keys.addMethod(aggregate.build());
  }

  /**
   * {@code partitionKey(<partition args>, shardOf(<by args>))} over the parameters of a method
   * that takes every key component.
   */
  static CodeBlock partitionKeyOfComponents(KeySchemaModel model, List<KeyComponent> all, List<String> parameters) {
    List<CodeBlock> args = new ArrayList<>();
    for (KeyComponent c : model.partition().components()) {
      args.add(CodeBlock.of("$N", parameters.get(all.indexOf(c))));
    }
    List<CodeBlock> by = new ArrayList<>();
    for (KeyComponent c : model.shardComponents()) {
      by.add(CodeBlock.of("$N", parameters.get(all.indexOf(c))));
    }
    args.add(CodeBlock.of("shardOf($L)", CodeBlock.join(by, ", ")));
    return CodeBlock.of("partitionKey($L)", CodeBlock.join(args, ", "));
  }

  private static String shardTextPattern(List<KeyComponent> by, char delimiter) {
    return String.join(String.valueOf(delimiter), by.stream().map(c -> "<" + c.name() + ">").toList());
  }

  private static void addParameters(MethodSpec.Builder method, List<KeyComponent> components, List<String> names) {
    for (int i = 0; i < components.size(); i++) {
      method.addParameter(components.get(i).type(), names.get(i));
    }
  }
}
