package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.dynakeys.processor.model.KeyComponent;
import io.dynakeys.processor.model.KeyPart;
import io.dynakeys.processor.model.Padding;
import io.dynakeys.processor.model.ValueType;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * The code for one key component: its codec constant, how to encode a value into key text, how
 * to decode it from a {@code KeyReader}, and the type its range bounds take.
 */
final class ComponentCode {
  private final KeyComponent component;
  private final KeyPart part;
  private final String recordName;
  private final String field;

  ComponentCode(KeyComponent component, KeyPart part, String recordName, String field) {
    this.component = component;
    this.part = part;
    this.recordName = recordName;
    this.field = field;
  }

  KeyComponent component() {
    return component;
  }

  /** The codec constant, e.g. {@code new PaddedLong("Run", "score", 10, 0L, 2147483647L, true)}. */
  FieldSpec field() {
    Padding p = component.padding();
    ClassName codec = codecClass();
    TypeName type = codec;
    CodeBlock init;
    if (p != null) {
      init = CodeBlock.of("new $T($S, $S, $L, $LL, $LL, $L)", codec, recordName, component.name(),
          p.width(), p.domainMin(), p.domainMax(component.valueType()), component.inverted());
    } else if (component.valueType() == ValueType.ENUM) {
      TypeName enumType = component.type();
      type = ParameterizedTypeName.get(codec, enumType);
      init = CodeBlock.of("new $T<>($S, $S, $L, $T.class)", codec, recordName, component.name(),
          charLiteral(part.delimiter()), enumType);
    } else if (codec.equals(RuntimeTypes.PATH_COMPONENT)) {
      init = CodeBlock.of("new $T($S, $S, $L, $L)", codec, recordName, component.name(),
          charLiteral(part.delimiter()), charLiteral(component.path().delimiter()));
    } else if (codec.equals(RuntimeTypes.DECIMAL_NUMBER)) {
      if (component.valueType() == ValueType.BIG_INTEGER) {
        init = CodeBlock.of("new $T($S, $S, $L, null, null)", codec, recordName, component.name(),
            charLiteral(part.delimiter()));
      } else {
        init = CodeBlock.of("new $T($S, $S, $L, $LL, $LL)", codec, recordName, component.name(),
            charLiteral(part.delimiter()), component.valueType().typeMin(), component.valueType().typeMax());
      }
    } else {
      init = CodeBlock.of("new $T($S, $S, $L)", codec, recordName, component.name(),
          charLiteral(part.delimiter()));
    }
    return FieldSpec.builder(type, field, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .initializer(init)
        .build();
  }

  private ClassName codecClass() {
    ValueType v = component.valueType();
    if (component.padded()) {
      switch (v) {
        case BIG_INTEGER:
          return RuntimeTypes.PADDED_BIG_INTEGER;
        case INSTANT:
          return RuntimeTypes.PADDED_INSTANT;
        case LOCAL_DATE:
          return RuntimeTypes.PADDED_LOCAL_DATE;
        default:
          return RuntimeTypes.PADDED_LONG;
      }
    }
    switch (v) {
      case BYTE: case SHORT: case INT: case LONG: case BIG_INTEGER:
        return RuntimeTypes.DECIMAL_NUMBER;
      case INSTANT:
        return RuntimeTypes.ISO_INSTANT;
      case LOCAL_DATE:
        return RuntimeTypes.ISO_LOCAL_DATE;
      case UUID:
        return RuntimeTypes.UUID_COMPONENT;
      case ENUM:
        return RuntimeTypes.ENUM_COMPONENT;
      case PATH:
        return RuntimeTypes.PATH_COMPONENT;
      default:
        return RuntimeTypes.TEXT_COMPONENT;
    }
  }

  /**
   * Statements and concatenation pieces that encode {@code value}: the padded fast path declares
   * a {@code long} local and concatenates its zeros and digits (only the digits when they always
   * fill the width), so the key is the only allocation.
   */
  Encoding encode(CodeBlock value, String local) {
    boolean integralPadded = component.padded() && component.valueType().integral()
        && component.valueType() != ValueType.BIG_INTEGER;
    CodeBlock argument = integralPadded && component.boxed()
        ? CodeBlock.of("$N.unbox($L)", field, value)
        : value;
    if (component.padded() && component.storedFitsInLong()) {
      CodeBlock statement = CodeBlock.of("long $N = $N.stored($L)", local, field, argument);
      if (component.alwaysFullWidth()) {
        return new Encoding(List.of(statement), List.of(CodeBlock.of("$N", local)), true);
      }
      return new Encoding(List.of(statement),
          List.of(CodeBlock.of("$N.zeros($N)", field, local), CodeBlock.of("$N", local)));
    }
    if (codecClass().equals(RuntimeTypes.DECIMAL_NUMBER) && !component.boxed()
        && component.valueType() != ValueType.BIG_INTEGER) {
      // encode(long) takes a primitive without boxing; widening needs no cast.
      return new Encoding(List.of(), List.of(CodeBlock.of("$N.encode($L)", field, value)));
    }
    return new Encoding(List.of(), List.of(CodeBlock.of("$N.encode($L)", field, argument)));
  }

  /** An expression that reads the component from {@code reader}, typed as the component. */
  CodeBlock decode(String reader, boolean last) {
    ValueType v = component.valueType();
    boolean integral = v.integral() && v != ValueType.BIG_INTEGER;
    String cast = !integral || v == ValueType.LONG ? "" : "(" + v.label() + ") ";
    if (component.padded()) {
      return CodeBlock.of("$L$N.decode($N)", cast, field, reader);
    }
    if (codecClass().equals(RuntimeTypes.DECIMAL_NUMBER)) {
      return v == ValueType.BIG_INTEGER
          ? CodeBlock.of("$N.decodeBig($N, $L)", field, reader, last)
          : CodeBlock.of("$L$N.decodeLong($N, $L)", cast, field, reader, last);
    }
    return CodeBlock.of("$N.decode($N, $L)", field, reader, last);
  }

  /** The type range bounds take: the unboxed type for numbers, the component's type otherwise. */
  TypeName boundType() {
    return component.type().isBoxedPrimitive() ? component.type().unbox() : component.type();
  }

  /** A range method's body expression, e.g. {@code SCORE.between(lo, hi)}. */
  CodeBlock range(String method, String... arguments) {
    return CodeBlock.of("$N.$N($L)", field, method, String.join(", ", arguments));
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

  /** {@code SCORE} for {@code score}, {@code PLAYER_ID} for {@code playerId}. */
  static String constantName(String camel) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
        out.append('_');
      }
      out.append(Character.toUpperCase(c));
    }
    return out.toString();
  }

  static <T> List<T> map(List<KeyComponent> components, Function<KeyComponent, T> f) {
    return components.stream().map(f).toList();
  }
}
