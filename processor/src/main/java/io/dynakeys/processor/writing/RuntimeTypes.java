package io.dynakeys.processor.writing;

import com.palantir.javapoet.ClassName;

/** The runtime and SDK types that generated code refers to, named once. */
final class RuntimeTypes {
  private RuntimeTypes() {}

  private static final String RUNTIME = "io.dynakeys.runtime";
  static final ClassName PADDED_LONG = ClassName.get(RUNTIME, "PaddedLong");
  static final ClassName PADDED_BIG_INTEGER = ClassName.get(RUNTIME, "PaddedBigInteger");
  static final ClassName PADDED_INSTANT = ClassName.get(RUNTIME, "PaddedInstant");
  static final ClassName PADDED_LOCAL_DATE = ClassName.get(RUNTIME, "PaddedLocalDate");
  static final ClassName DECIMAL_NUMBER = ClassName.get(RUNTIME, "DecimalNumber");
  static final ClassName TEXT_COMPONENT = ClassName.get(RUNTIME, "TextComponent");
  static final ClassName ENUM_COMPONENT = ClassName.get(RUNTIME, "EnumComponent");
  static final ClassName UUID_COMPONENT = ClassName.get(RUNTIME, "UuidComponent");
  static final ClassName ISO_INSTANT = ClassName.get(RUNTIME, "IsoInstant");
  static final ClassName ISO_LOCAL_DATE = ClassName.get(RUNTIME, "IsoLocalDate");
  static final ClassName PATH_COMPONENT = ClassName.get(RUNTIME, "PathComponent");
  static final ClassName TREE_PATH = ClassName.get(RUNTIME, "TreePath");
  static final ClassName KEY_READER = ClassName.get(RUNTIME, "KeyReader");
  static final ClassName KEY_QUERY = ClassName.get(RUNTIME, "KeyQuery");
  static final ClassName UTF8 = ClassName.get(RUNTIME, "Utf8");
  static final ClassName PRIMARY_KEY = ClassName.get(RUNTIME, "PrimaryKey");
  static final ClassName KEY = ClassName.get("software.amazon.awssdk.enhanced.dynamodb", "Key");
}
