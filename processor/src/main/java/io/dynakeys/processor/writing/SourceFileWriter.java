package io.dynakeys.processor.writing;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.JavaFileObject;

/**
 * The one path by which generated files are written: adds {@code @Generated} (when the target
 * platform has it) and the originating element, which makes the processor isolating for
 * incremental builds.
 *
 * <p>It also keeps every import of a generated file used by code. JavaPoet imports the types that
 * Javadoc alone names ({@code {@link $T}}, {@code @throws $T}); javac counts a Javadoc reference
 * as a use, but the Eclipse compiler does not read Javadoc unless asked to, and reports each such
 * import as "The import … is never used" on every generated file. Such types are written fully
 * qualified instead, which both compilers and the javadoc tool resolve without an import.
 */
public final class SourceFileWriter {
  private final Filer filer;
  private final ClassName generated;

  /**
   * @param filer where files go
   * @param elements to look up which {@code @Generated} the compilation has
   * @param sourceVersion the compilation's source version
   */
  public SourceFileWriter(Filer filer, Elements elements, SourceVersion sourceVersion) {
    this.filer = filer;
    ClassName found = null;
    if (sourceVersion.compareTo(SourceVersion.RELEASE_8) > 0
        && elements.getTypeElement("javax.annotation.processing.Generated") != null) {
      found = ClassName.get("javax.annotation.processing", "Generated");
    } else if (elements.getTypeElement("javax.annotation.Generated") != null) {
      found = ClassName.get("javax.annotation", "Generated");
    }
    this.generated = found;
  }

  /** Writes {@code type} into {@code packageName}, originating from {@code origin}. */
  public void write(String packageName, TypeSpec type, TypeElement origin, String processor) throws IOException {
    TypeSpec.Builder builder = type.toBuilder().addOriginatingElement(origin);
    if (generated != null) {
      builder.addAnnotation(AnnotationSpec.builder(generated).addMember("value", "$S", processor).build());
    }
    TypeSpec written = builder.build();
    String source = render(packageName, written);
    Set<String> javadocOnly = importsUsedOnlyInComments(source);
    if (!javadocOnly.isEmpty()) {
      source = render(packageName, builder.alwaysQualify(javadocOnly.toArray(new String[0])).build());
    }
    String name = packageName.isEmpty() ? written.name() : packageName + "." + written.name();
    JavaFileObject file = filer.createSourceFile(name, written.originatingElements().toArray(new Element[0]));
    try (Writer writer = file.openWriter()) {
      writer.write(source);
    } catch (IOException | RuntimeException e) {
      try {
        file.delete();
      } catch (RuntimeException ignored) {
        // the original failure is the one to report
      }
      throw e;
    }
  }

  private static String render(String packageName, TypeSpec type) {
    return compact(JavaFile.builder(packageName, type)
        .skipJavaLangImports(true)
        .indent("  ")
        .build()
        .toString());
  }

  /**
   * {@code source} as JavaPoet renders it, with two layouts JavaPoet cannot write made compact: a
   * Javadoc comment of one line of text is written on one line, between its opening and closing
   * markers, and the blank line JavaPoet puts between two members is left out between undocumented private
   * constants (the codecs), which read as one block. Nothing but line breaks, indentation and
   * comment markers changes: the same tokens, the same Javadoc text.
   */
  static String compact(String source) {
    String[] lines = source.split("\n", -1);
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    while (i < lines.length) {
      String line = lines[i];
      if (line.strip().equals("/**") && i + 2 < lines.length) {
        String indent = line.substring(0, line.indexOf('/'));
        String text = lines[i + 1];
        if (text.startsWith(indent + " * ") && lines[i + 2].equals(indent + " */")) {
          out.append(indent).append("/** ").append(text, indent.length() + 3, text.length()).append(" */\n");
          i += 3;
          continue;
        }
      }
      if (line.isEmpty() && i > 0 && i + 1 < lines.length
          && isPrivateConstant(lines[i - 1]) && isPrivateConstant(lines[i + 1])) {
        i++;
        continue;
      }
      out.append(line);
      if (i + 1 < lines.length) {
        out.append('\n');
      }
      i++;
    }
    return out.toString();
  }

  /** Whether {@code line} is a whole declaration of a private static final field, initializer included. */
  private static boolean isPrivateConstant(String line) {
    String trimmed = line.strip();
    return trimmed.startsWith("private static final ") && trimmed.endsWith(";") && trimmed.contains(" = ");
  }

  /**
   * The simple names of the (non-static) imports of {@code source} that no code names: only
   * comments, Javadoc or literals mention them. A name that code uses for something else keeps its
   * import, which errs on the side of compiling.
   */
  static Set<String> importsUsedOnlyInComments(String source) {
    String[] lines = codeOnly(source).split("\n", -1);
    Set<String> unused = new LinkedHashSet<>();
    for (String line : lines) {
      String trimmed = line.strip();
      if (trimmed.startsWith("import ") && !trimmed.startsWith("import static ")) {
        String name = trimmed.substring("import ".length()).replace(";", "").strip();
        unused.add(name.substring(name.lastIndexOf('.') + 1));
      }
    }
    // Then strike every import that a code line names, until none is left.
    for (int i = 0; i < lines.length && !unused.isEmpty(); i++) {
      String trimmed = lines[i].strip();
      if (!trimmed.startsWith("package ") && !trimmed.startsWith("import ")) {
        removeIdentifiers(lines[i], unused);
      }
    }
    return unused;
  }

  /** Removes from {@code names} every identifier that {@code code} contains. */
  private static void removeIdentifiers(String code, Set<String> names) {
    long lengths = lengths(names);
    int i = 0;
    while (i < code.length()) {
      if (Character.isJavaIdentifierStart(code.charAt(i))) {
        int start = i;
        while (i < code.length() && Character.isJavaIdentifierPart(code.charAt(i))) {
          i++;
        }
        // Only an identifier as long as a name still in the set is worth a substring.
        int length = i - start;
        if (length < 64 ? (lengths & (1L << length)) != 0 : lengths < 0) {
          if (names.remove(code.substring(start, i))) {
            lengths = lengths(names);
          }
        }
      } else if (Character.isJavaIdentifierPart(code.charAt(i))) {
        while (i < code.length() && Character.isJavaIdentifierPart(code.charAt(i))) {
          i++; // the rest of a number literal such as 0x7FL
        }
      } else {
        i++;
      }
    }
  }

  /** Bit {@code n} for each length {@code n < 63} of {@code names}; bit 63 for any longer name. */
  private static long lengths(Set<String> names) {
    long mask = 0;
    for (String name : names) {
      mask |= 1L << Math.min(name.length(), 63);
    }
    return mask;
  }

  /**
   * {@code source} with comments, string, text block and character literals blanked out (line
   * breaks kept), so that only code is left to scan for names.
   */
  static String codeOnly(String source) {
    StringBuilder code = new StringBuilder(source.length());
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
        while (i < n && source.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        blank(source, i, end, code);
        i = end;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = i + 3;
        while (end < n && !source.startsWith("\"\"\"", end)) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(n, end + 3);
        blank(source, i, end, code);
        i = end;
      } else if (c == '"' || c == '\'') {
        int end = i + 1;
        while (end < n && source.charAt(end) != c && source.charAt(end) != '\n') {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(n, end + 1);
        blank(source, i, end, code);
        i = end;
      } else {
        // A run of code up to the next character that may open a comment or a literal.
        int end = i + 1;
        while (end < n && !mayOpen(source, end, n)) {
          end++;
        }
        code.append(source, i, end);
        i = end;
      }
    }
    return code.toString();
  }

  /** Whether a comment or a literal may start at {@code i}: the branches of {@link #codeOnly} other than code. */
  private static boolean mayOpen(String source, int i, int n) {
    char c = source.charAt(i);
    return c == '"' || c == '\''
        || (c == '/' && i + 1 < n && (source.charAt(i + 1) == '/' || source.charAt(i + 1) == '*'));
  }

  private static void blank(String source, int from, int to, StringBuilder into) {
    into.append(' ');
    for (int j = from; j < to; j++) {
      if (source.charAt(j) == '\n') {
        into.append('\n');
      }
    }
  }
}
