package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.layout.LayoutDiff;
import io.dynakeys.processor.layout.StoredLayout;
import io.dynakeys.processor.model.KeySchemaModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes what a record's versions need: {@code .withVersion(n)} on the descriptor of a record past
 * version 1, and for a live older version ({@code @LayoutVersion(live = m)}) the nested class
 * {@code V<m>}, whose codecs and layout are read from that version's layout file (no older record
 * is compiled), with the older table key's components as a record for a named migration.
 */
final class LiveLayoutWriter {
  private final KeySchemaModel model;
  private final int version;
  private final StoredLayout live;
  private final String migration;
  private final Map<String, String> codecs = new LinkedHashMap<>();

  /**
   * @param version the record's version
   * @param live the live older version's layout, or {@code null}
   * @param migration the named migration's qualified name, or {@code null}
   */
  LiveLayoutWriter(KeySchemaModel model, int version, StoredLayout live, String migration) {
    this.model = model;
    this.version = version;
    this.live = live;
    this.migration = migration;
  }

  /** The nested class of the live version, e.g. {@code RunKeys.V1}. */
  ClassName holder() {
    return model.keysClass().nestedClass("V" + live.version());
  }

  /** What follows the descriptor's {@code EntityDescriptor.of(...)}: the version, the live one. */
  CodeBlock descriptorCalls() {
    CodeBlock.Builder out = CodeBlock.builder();
    if (version > 1) {
      out.add(".withVersion($L)", version);
    }
    if (live != null) {
      List<CodeBlock> args = new ArrayList<>();
      args.add(CodeBlock.of("$L", live.version()));
      args.add(CodeBlock.of("$T.LAYOUT", holder()));
      if (live.shards() != null) {
        live.shards().by().forEach(by -> args.add(CodeBlock.of("$S", by)));
      }
      out.add(".withLiveVersion($L)", CodeBlock.join(args, ", "));
    }
    return out.build();
  }

  /** What the table schema's builder adds: the named migration, if there is one. */
  CodeBlock schemaCalls() {
    if (live == null || migration == null) {
      return CodeBlock.of("");
    }
    return CodeBlock.of("\n.liveMigration($T::key, new $T())", holder(), ClassName.bestGuess(migration));
  }

  /** The class {@code V<m>}, or {@code null} without a live version. */
  TypeSpec holderClass() {
    if (live == null) {
      return null;
    }
    String record = model.recordName();
    TypeSpec.Builder holder = TypeSpec.classBuilder(holder())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Version $L of {@link $T}'s stored layout, read from its layout file: the table may still hold"
            + " its items ({@code @LayoutVersion(live = $L)}), which typed reads and writes handle during the"
            + " window.\n\n<pre>\n$L</pre>\n", live.version(), model.record(), live.version(), pattern());
    for (StoredLayout.Key key : keys()) {
      for (StoredLayout.Segment s : key.segments()) {
        if (codecs.containsKey(s.component())) {
          continue;
        }
        String field = Names.constantName(s.component()) + "_CODEC";
        codecs.put(s.component(), field);
        ComponentCode.Codec codec = switch (s.codec()) {
          case DIGITS -> ComponentCode.Codec.PADDED;
          case PATH -> ComponentCode.Codec.PATH;
          default -> ComponentCode.Codec.TEXT;
        };
        holder.addField(ComponentCode.codecField(codec, type(s), field, record, s.component(), s.width(), s.min(),
            s.max(), s.inverted(), live.partition().delimiter(), s.pathDelimiter()));
      }
    }
    holder.addField(FieldSpec.builder(RuntimeTypes.ENTITY_LAYOUT, "LAYOUT", Modifier.STATIC, Modifier.FINAL)
        .initializer(layout())
        .addJavadoc("Version $L's keys, made of the codecs above.\n", live.version())
        .build());
    holder.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
    if (migration != null) {
      List<StoredLayout.Segment> components = tableKeySegments();
      TypeSpec.Builder key = TypeSpec.recordBuilder("Key")
          .addModifiers(Modifier.PUBLIC)
          .addJavadoc("The components of a version $L item's table key, as its layout parsed them: what a"
              + " {@code LayoutMigration} makes a {@link $T} of.\n", live.version(), model.record());
      MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
      for (StoredLayout.Segment s : components) {
        ctor.addParameter(ParameterSpec.builder(type(s), s.component()).build());
        key.addJavadoc("\n@param $L the component, $L\n", s.component(), describe(s));
      }
      key.recordConstructor(ctor.build());
      holder.addType(key.build());
      List<CodeBlock> args = new ArrayList<>();
      for (int i = 0; i < components.size(); i++) {
        args.add(CodeBlock.of("($T) values[$L]", type(components.get(i)), i));
      }
      holder.addMethod(MethodSpec.methodBuilder("key")
          .addModifiers(Modifier.STATIC)
          .returns(holder().nestedClass("Key"))
          .addParameter(Object[].class, "values")
          .addJavadoc("The key of the parsed table key components, in key order.\n")
          .addStatement("return new Key($L)", CodeBlock.join(args, ", "))
          .build());
    }
    return holder.build();
  }

  /** The components of the older table key, partition then sort, each once. */
  private List<StoredLayout.Segment> tableKeySegments() {
    Map<String, StoredLayout.Segment> out = new LinkedHashMap<>();
    live.partition().segments().forEach(s -> out.putIfAbsent(s.component(), s));
    if (live.sort() != null) {
      live.sort().segments().forEach(s -> out.putIfAbsent(s.component(), s));
    }
    return List.copyOf(out.values());
  }

  private List<StoredLayout.Key> keys() {
    List<StoredLayout.Key> keys = new ArrayList<>();
    keys.add(live.partition());
    if (live.sort() != null) {
      keys.add(live.sort());
    }
    for (StoredLayout.Index index : live.indexes()) {
      keys.add(index.partition());
      if (index.sort() != null) {
        keys.add(index.sort());
      }
    }
    return keys;
  }

  private CodeBlock layout() {
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$S", model.recordName()));
    args.add(key(live.partition()));
    args.add(live.sort() == null ? CodeBlock.of("null") : key(live.sort()));
    args.add(CodeBlock.of("$L", live.shards() == null ? 0 : live.shards().count()));
    for (StoredLayout.Index index : live.indexes()) {
      args.add(CodeBlock.of("$T.index($S, $L, $L, $L)", RuntimeTypes.ENTITY_LAYOUT, index.name(), index.local(),
          key(index.partition()), index.sort() == null ? CodeBlock.of("null") : key(index.sort())));
    }
    CodeBlock layout = CodeBlock.of("$T.of($L)", RuntimeTypes.ENTITY_LAYOUT, CodeBlock.join(args, ", "));
    return live.shards() != null && live.shards().random() ? CodeBlock.of("$L.withRandomShards()", layout) : layout;
  }

  private CodeBlock key(StoredLayout.Key key) {
    List<CodeBlock> args = new ArrayList<>();
    args.add(CodeBlock.of("$S", key.attribute()));
    args.add(CodeBlock.of("$S", key.prefix()));
    args.add(CodeBlock.of("$L", ComponentCode.charLiteral(key.delimiter())));
    for (StoredLayout.Segment s : key.segments()) {
      args.add(CodeBlock.of("$N", codecs.get(s.component())));
    }
    return CodeBlock.of("$T.key($L)", RuntimeTypes.ENTITY_LAYOUT, CodeBlock.join(args, ", "));
  }

  /** A segment's type, as the file names it. */
  private static TypeName type(StoredLayout.Segment s) {
    return ClassName.bestGuess(s.type());
  }

  private static String describe(StoredLayout.Segment s) {
    return switch (s.codec()) {
      case DIGITS -> s.width() + " digits" + (s.inverted() ? ", inverted" : "");
      case PATH -> "a path";
      default -> "as text";
    };
  }

  private String pattern() {
    StringBuilder out = new StringBuilder();
    out.append(live.partition().attribute()).append(" = ").append(LayoutDiff.pattern(live.partition())).append('\n');
    if (live.sort() != null) {
      out.append(live.sort().attribute()).append(" = ").append(LayoutDiff.pattern(live.sort())).append('\n');
    }
    return LayoutDoc.escape(out.toString());
  }
}
