package io.dynakeys.processor.writing;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.Padding;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The code for one key component: its codec constant, how to encode a value into key text and
 * how to decode it from a {@code KeyReader}. The codec is one of the three {@code KeyCodec} shapes,
 * chosen by how the component is declared, never by its type: padded digits ({@code PaddedCodec};
 * a padded integer's encoders call its {@code PaddedLongCodec} on unboxed values), a path
 * ({@code PathCodec}) or text ({@code TextCodec}); the codecs find the type's encoding in their
 * registry.
 */
final class ComponentCode {
  private enum Shape { PADDED_INTEGER, PADDED, PATH, TEXT }

  private final KeyComponent component;
  private final String recordName;
  private final char delimiter;
  private final String field;
  private final Shape shape;

  ComponentCode(KeyComponent component, String recordName, char delimiter, String field) {
    this.component = component;
    this.recordName = recordName;
    this.delimiter = delimiter;
    this.field = field;
    this.shape = component.paddedInteger() ? Shape.PADDED_INTEGER
        : component.padded() ? Shape.PADDED
        : component.path() != null ? Shape.PATH
        : Shape.TEXT;
  }

  KeyComponent component() {
    return component;
  }

  /** The component's type as a class literal can name it: the box of a primitive. */
  private TypeName boxed() {
    return component.type().withoutAnnotations().box();
  }

  /**
   * The codec constant, e.g. {@code PaddedCodec.of(Integer.class, "Run", "score", 10, 0L,
   * 2147483647L, true)}: the one codec of the component, which the encoders, parsers, stages, the
   * component's handle and the layout all use. A padded integer's encoders call its
   * {@code digits()} ({@code PaddedLongCodec}) on unboxed values.
   */
  FieldSpec field() {
    Padding p = component.padding();
    Shape codec = shape == Shape.PADDED_INTEGER ? Shape.PADDED : shape;
    return codecField(codec, boxed(), field, recordName, component.name(), p == null ? 0 : p.width(),
        p == null ? 0 : p.min(), p == null ? 0 : p.max(component.keyType()), component.inverted(), delimiter,
        component.path() == null ? '\0' : component.path().delimiter());
  }

  /** The three codec shapes a constant can have: padded digits, a path, text. */
  enum Codec { PADDED, PATH, TEXT }

  /**
   * A codec constant: the one place that says how each codec shape is constructed, for the
   * record's components and for those of an older layout ({@code LiveLayoutWriter}).
   *
   * @param codec the shape
   * @param boxed the component's type, boxed
   * @param field the constant's name
   */
  static FieldSpec codecField(Codec codec, TypeName boxed, String field, String recordName, String component,
      int width, long min, long max, boolean inverted, char delimiter, char pathDelimiter) {
    return codecField(codec == Codec.PADDED ? Shape.PADDED : codec == Codec.PATH ? Shape.PATH : Shape.TEXT, boxed,
        field, recordName, component, width, min, max, inverted, delimiter, pathDelimiter);
  }

  private static FieldSpec codecField(Shape shape, TypeName boxed, String field, String recordName, String component,
      int width, long min, long max, boolean inverted, char delimiter, char pathDelimiter) {
    TypeName type;
    CodeBlock init;
    TypeName raw = boxed instanceof ParameterizedTypeName p ? p.rawType() : boxed;
    switch (shape) {
      case PADDED:
        type = ParameterizedTypeName.get(RuntimeTypes.PADDED_CODEC, boxed);
        init = CodeBlock.of("$T.of($T.class, $S, $S, $L, $LL, $LL, $L)", RuntimeTypes.PADDED_CODEC, raw,
            recordName, component, width, min, max, inverted);
        break;
      case PATH:
        type = RuntimeTypes.PATH_CODEC;
        init = CodeBlock.of("new $T($S, $S, $L, $L)", type, recordName, component, charLiteral(delimiter),
            charLiteral(pathDelimiter));
        break;
      default:
        type = ParameterizedTypeName.get(RuntimeTypes.TEXT_CODEC, boxed);
        init = CodeBlock.of("$T.of($T.class, $S, $S, $L)", RuntimeTypes.TEXT_CODEC, raw, recordName, component,
            charLiteral(delimiter));
        break;
    }
    return FieldSpec.builder(type, field, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init)
        .build();
  }

  /** The component's type as a type argument: the box of a primitive. */
  TypeName boxedType() {
    return boxed();
  }

  /** Whether ranges can be taken over the component (text and digits; paths have their own queries). */
  boolean ordered() {
    return shape != Shape.PATH;
  }

  /**
   * Statements and concatenation pieces that encode {@code value}: a padded number that fits a
   * {@code long} declares a {@code long} local and concatenates its zeros and digits (only the
   * digits when they always fill the width), so the key is the only allocation. Whether those fast
   * paths apply is the codec's own answer, asked of the codec the generated code will build.
   */
  Encoding encode(CodeBlock value, String local) {
    if (shape == Shape.PADDED_INTEGER || shape == Shape.PADDED) {
      // A padded integer's digits codec takes the unboxed value; another padded type's codec its value.
      CodeBlock codecExpression = shape == Shape.PADDED_INTEGER ? CodeBlock.of("$N.digits()", field) : CodeBlock.of("$N", field);
      CodeBlock argument = shape == Shape.PADDED_INTEGER && component.keyType().boxed()
          ? CodeBlock.of("$L.unbox($L)", codecExpression, value)
          : value;
      PaddedLongCodec codec = component.digitsCodec(recordName);
      if (codec.storedFitsInLong()) {
        CodeBlock statement = CodeBlock.of("long $N = $L.stored($L)", local, codecExpression, argument);
        if (codec.alwaysFullWidth()) {
          return new Encoding(List.of(statement), List.of(CodeBlock.of("$N", local)), true);
        }
        return new Encoding(List.of(statement),
            List.of(CodeBlock.of("$L.zeros($N)", codecExpression, local), CodeBlock.of("$N", local)));
      }
      return new Encoding(List.of(), List.of(CodeBlock.of("$L.encode($L)", codecExpression, argument)));
    }
    return new Encoding(List.of(), List.of(CodeBlock.of("$N.encode($L)", field, value)));
  }

  /** An expression that reads the component from {@code reader}, typed as the component. */
  CodeBlock decode(String reader, boolean last) {
    switch (shape) {
      case PADDED_INTEGER: {
        TypeName type = component.type().withoutAnnotations();
        TypeName primitive = type.isBoxedPrimitive() ? type.unbox() : type;
        String cast = primitive.equals(TypeName.LONG) ? "" : "(" + primitive + ") ";
        return CodeBlock.of("$L$N.digits().decode($N)", cast, field, reader);
      }
      case PADDED:
        return CodeBlock.of("$N.decode($N)", field, reader);
      default:
        return CodeBlock.of("$N.decode($N, $L)", field, reader, last);
    }
  }

  /** The codec constant's name. */
  String fieldName() {
    return field;
  }

  /**
   * Pieces of a key and the statements that must run before they are concatenated.
   *
   * @param statements statements that must run first
   * @param pieces the parts of the concatenation
   * @param number whether the only piece is a {@code long}, which is no string on its own
   */
  record Encoding(List<CodeBlock> statements, List<CodeBlock> pieces, boolean number) {
    Encoding(List<CodeBlock> statements, List<CodeBlock> pieces) {
      this(statements, pieces, false);
    }
  }

  static String charLiteral(char c) {
    switch (c) {
      case '\'':
        return "'\\''";
      case '\\':
        return "'\\\\'";
      default:
        return "'" + c + "'";
    }
  }
}
