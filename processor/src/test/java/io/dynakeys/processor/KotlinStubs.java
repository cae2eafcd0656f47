package io.dynakeys.processor;

import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/**
 * Java sources shaped like the stubs kapt writes for Kotlin classes (compile-testing cannot run
 * kapt; the kotlin-examples module runs the real one): a final class annotated
 * {@code @kotlin.Metadata}, a private final field per property (nullability annotations on it), a
 * public primary constructor whose parameters carry the property's annotations, a getter per
 * property named as Kotlin names it, and a data class's {@code componentN()} and {@code copy}.
 * Unlike kapt's stubs, whose bodies return {@code null}, these work, so tests can run the
 * generated code on them; a non-null parameter given {@code null} throws as Kotlin's constructor
 * does.
 */
final class KotlinStubs {
  private KotlinStubs() {}

  private static final List<String> HEADER = List.of(
      "package " + AcmeSources.PACKAGE + ";",
      "",
      "import io.dynakeys.annotations.Inverted;",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.Tiebreaker;",
      "import java.time.Instant;",
      "import java.util.List;",
      "import java.util.Objects;",
      "import org.jetbrains.annotations.NotNull;",
      "import org.jetbrains.annotations.Nullable;",
      "");

  /**
   * A property of the primary constructor.
   *
   * @param annotations what is written on it in Kotlin, as kapt puts it on the parameter
   * @param type its Java type: {@code int} for a Kotlin {@code Int}, {@code Integer} for an {@code Int?}
   * @param name its name
   * @param nullable whether its Kotlin type is nullable
   * @param getter the getter's name
   */
  record Property(String annotations, String type, String name, boolean nullable, String getter) {
    boolean primitive() {
      return Character.isLowerCase(type.charAt(0)) && !type.contains(".");
    }
  }

  /** A non-null property, its getter named as Kotlin names it. */
  static Property val(String annotations, String type, String name) {
    return new Property(annotations, type, name, false, getter(name));
  }

  /** A nullable property ({@code String?}): its field, parameter and getter are {@code @Nullable}. */
  static Property nullable(String annotations, String type, String name) {
    return new Property(annotations, type, name, true, getter(name));
  }

  /** A property whose getter has another name ({@code @get:JvmName("...")}). */
  static Property renamedGetter(String annotations, String type, String name, String getter) {
    return new Property(annotations, type, name, false, getter);
  }

  /** kotlinc's getter name: {@code getScore}; {@code isOpen} keeps its name, {@code island} does not. */
  static String getter(String name) {
    if (name.startsWith("is") && name.length() > 2 && !(name.charAt(2) >= 'a' && name.charAt(2) <= 'z')) {
      return name;
    }
    return "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /** {@code com.acme.<name>}, a data class with {@code classLines} above it and these properties. */
  static JavaFileObject dataClass(String name, List<String> classLines, Property... properties) {
    return JavaFileObjects.forSourceLines(AcmeSources.PACKAGE + "." + name, lines(name, classLines, true, properties));
  }

  /** The lines of {@link #dataClass}; {@code data} adds {@code componentN()} and {@code copy}. */
  static List<String> lines(String name, List<String> classLines, boolean data, Property... properties) {
    List<String> out = new ArrayList<>(HEADER);
    out.add("@kotlin.Metadata(mv = {2, 2, 0}, k = 1, xi = 48)");
    out.addAll(classLines);
    out.add("public final class " + name + " {");
    for (Property p : properties) {
      out.add("    " + nullness(p) + "private final " + p.type() + " " + p.name() + ";");
    }
    out.add("");
    out.add("    public " + name + "(" + parameters(properties) + ") {");
    for (Property p : properties) {
      out.add(p.primitive() || p.nullable()
          ? "        this." + p.name() + " = " + p.name() + ";"
          : "        this." + p.name() + " = Objects.requireNonNull(" + p.name()
              + ", \"Parameter specified as non-null is null: method " + name + ".<init>, parameter " + p.name() + "\");");
    }
    out.add("    }");
    for (int i = 0; i < properties.length; i++) {
      Property p = properties[i];
      out.add("    " + nullness(p) + "public final " + p.type() + " " + p.getter() + "() { return " + p.name() + "; }");
      if (data) {
        out.add("    " + nullness(p) + "public final " + p.type() + " component" + (i + 1) + "() { return " + p.name() + "; }");
      }
    }
    if (data) {
      List<String> names = List.of(properties).stream().map(Property::name).toList();
      out.add("    public final " + name + " copy(" + parameters(properties) + ") { return new " + name + "("
          + String.join(", ", names) + "); }");
      out.add("    @Override public boolean equals(@Nullable Object other) {");
      out.add("        if (!(other instanceof " + name + " o)) { return false; }");
      out.add("        return " + (properties.length == 0 ? "true" : String.join(" && ",
          names.stream().map(n -> "Objects.equals(" + n + ", o." + n + ")").toList())) + ";");
      out.add("    }");
      out.add("    @Override public int hashCode() { return Objects.hash(" + String.join(", ", names) + "); }");
      out.add("    @Override public String toString() { return \"" + name + "(\" + "
          + (names.isEmpty() ? "\"\"" : String.join(" + \", \" + ", names)) + " + \")\"; }");
    }
    out.add("}");
    return out;
  }

  private static String parameters(Property... properties) {
    List<String> out = new ArrayList<>();
    for (Property p : properties) {
      out.add((p.annotations().isEmpty() ? "" : p.annotations() + " ") + nullness(p) + p.type() + " " + p.name());
    }
    return String.join(", ", out);
  }

  private static String nullness(Property p) {
    return p.primitive() ? "" : p.nullable() ? "@Nullable " : "@NotNull ";
  }
}
