package io.dynakeys.site;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the examples of one page with javac and the dynakeys processor, as a user's build would:
 * whole files as they are; type declarations as files of the page's package (so the processor
 * generates their {@code Keys} classes); statements as the body of a method each, in a class of that
 * package that extends {@link io.dynakeys.site.fixtures.Context} and declares the page's
 * {@code java-context}. Every error is reported at the page line it comes from.
 */
final class ExampleCompiler {
  /** What every example may use without importing it, as if the page said so once at the top. */
  static final List<String> IMPORTS = List.of(
      "io.dynakeys.annotations.*", "io.dynakeys.runtime.*", "io.dynakeys.runtime.entity.*",
      "io.dynakeys.runtime.read.*", "io.dynakeys.runtime.condition.*", "io.dynakeys.runtime.write.*",
      "io.dynakeys.runtime.transact.*", "io.dynakeys.runtime.batch.*", "io.dynakeys.runtime.schema.*",
      "io.dynakeys.site.fixtures.*", "java.util.*", "java.time.*", "java.math.BigDecimal",
      "software.amazon.awssdk.enhanced.dynamodb.*",
      "software.amazon.awssdk.services.dynamodb.DynamoDbClient",
      "software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient",
      "software.amazon.awssdk.services.dynamodb.model.QueryRequest",
      "software.amazon.awssdk.services.dynamodb.model.ReturnValue",
      "software.amazon.awssdk.services.dynamodb.model.AttributeValue",
      "software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException");

  private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();

  /** The result of a compilation: errors at their page lines, and the programs that have a main. */
  record Result(List<String> errors, List<String> messages, Path classes, List<Program> programs) {}

  /** A runnable example: its main class and the block it came from. */
  record Program(String mainClass, JavaBlock block) {}

  private ExampleCompiler() {}

  /** The examples of one page (or one Javadoc example), compiled in a package of their own. */
  record Input(String pkg, List<JavaBlock> blocks, String context) {}

  /** Compiles the blocks of a page (those that do not show a compile error) together. */
  static Result compile(String pkg, List<JavaBlock> blocks, String context, Path out) throws IOException {
    return compile(List.of(new Input(pkg, blocks, context)), out);
  }

  /** Compiles several pages' blocks in one javac run, each page in its package. */
  static Result compile(List<Input> inputs, Path out) throws IOException {
    List<Unit> units = new ArrayList<>();
    List<Program> programs = new ArrayList<>();
    for (Input input : inputs) {
      units.addAll(units(input.pkg(), input.blocks(), input.context(), programs));
    }
    return run(units, out, programs);
  }

  private static List<Unit> units(String pkg, List<JavaBlock> blocks, String context, List<Program> programs) {
    List<Unit> units = new ArrayList<>();
    Unit page = new Unit(pkg, "Examples");
    Set<String> imports = new LinkedHashSet<>();
    StringBuilder methods = new StringBuilder();
    List<String> methodOrigins = new ArrayList<>();
    int index = 0;
    for (JavaBlock block : blocks) {
      index++;
      if (JavaSource.isFile(block.text())) {
        String filePackage = JavaSource.packageOf(block.text());
        String type = JavaSource.publicType(block.text());
        Unit file = new Unit(filePackage, type == null ? "Block" + index : type);
        file.addVerbatim(block.text(), block.where());
        units.add(file);
        if (JavaSource.hasMain(block.text())) {
          programs.add(new Program((filePackage.isEmpty() ? "" : filePackage + ".") + file.name, block));
        }
        continue;
      }
      JavaSource.Parts parts = JavaSource.split(block.text());
      imports.addAll(parts.imports());
      if (!parts.declarations().isBlank()) {
        String type = JavaSource.publicType(parts.declarations());
        Unit declarations = new Unit(pkg, type == null ? "Block" + index + "Types" : type);
        declarations.header(pkg, parts.imports());
        declarations.addLines(parts.declarations(), block.where());
        units.add(declarations);
        if (JavaSource.hasMain(parts.declarations())) {
          programs.add(new Program(pkg + "." + declarations.name, block));
        }
      }
      if (JavaSource.skipComments(parts.statements(), 0) < parts.statements().length()) {
        methods.append("void block").append(index).append("() throws Exception {\n");
        methodOrigins.add(block.where());
        int offset = parts.declarations().split("\n", -1).length - 1;
        String[] lines = parts.statements().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
          methods.append(lines[i]).append('\n');
          methodOrigins.add(at(block.where(), offset + i + 1));
        }
        methods.append("}\n");
        methodOrigins.add(block.where());
      }
    }
    page.header(pkg, List.copyOf(imports));
    page.add("@SuppressWarnings(\"all\")", null);
    page.add("class Examples extends io.dynakeys.site.fixtures.Context {", null);
    page.addLines(context, "the page's java-context");
    String[] methodLines = methods.toString().split("\n", -1);
    for (int i = 0; i < methodLines.length; i++) {
      page.add(methodLines[i], i < methodOrigins.size() ? methodOrigins.get(i) : null);
    }
    page.add("}", null);
    units.add(page);
    return units;
  }

  /** Compiles one block that shows a compile error: alone, in its page's package. */
  static Result compileAlone(String pkg, JavaBlock block, Path out) throws IOException {
    return compileAlone(pkg, block, out, null);
  }

  /**
   * Compiles one block alone, in its page's package, with the processor's layout files in
   * {@code layouts} (the page's record history), or none when it is {@code null}.
   */
  static Result compileAlone(String pkg, JavaBlock block, Path out, Path layouts) throws IOException {
    List<Program> programs = new ArrayList<>();
    List<Unit> units = units(pkg, List.of(new JavaBlock(block.where(), block.text(), List.of(), null)), "", programs);
    return run(units, out, programs, layouts == null ? List.of() : List.of("-Adynakeys.layouts=" + layouts));
  }

  private static Result run(List<Unit> units, Path out, List<Program> programs) throws IOException {
    return run(units, out, programs, List.of());
  }

  private static Result run(List<Unit> units, Path out, List<Program> programs, List<String> extra)
      throws IOException {
    Path classes = Files.createDirectories(out.resolve("classes"));
    Path generated = Files.createDirectories(out.resolve("generated"));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = JAVAC.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = new ArrayList<>(List.of("--release", "17", "-implicit:none", "-Xlint:none",
          "-classpath", System.getProperty("java.class.path"), "-d", classes.toString(), "-s", generated.toString()));
      options.addAll(extra);
      JAVAC.getTask(null, files, diagnostics, options, null, units).call();
    }
    List<String> errors = new ArrayList<>();
    List<String> messages = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      String message = d.getMessage(Locale.ROOT);
      messages.add(message);
      String where = d.getSource() instanceof Unit unit ? unit.where(d.getLineNumber())
          : d.getSource() == null ? "?" : d.getSource().getName() + ":" + d.getLineNumber();
      errors.add(where + ": " + message);
    }
    return new Result(errors, messages, classes, programs);
  }

  /** {@code page.md:12} and 3 lines on: {@code page.md:15}. */
  static String at(String where, int linesOn) {
    int colon = where.lastIndexOf(':');
    try {
      return where.substring(0, colon + 1) + (Integer.parseInt(where.substring(colon + 1)) + linesOn);
    } catch (NumberFormatException e) {
      return where;
    }
  }

  /** A source file made of example lines, each remembering the page line it came from. */
  private static final class Unit extends SimpleJavaFileObject {
    final String name;
    private final StringBuilder source = new StringBuilder();
    private final List<String> origins = new ArrayList<>();

    Unit(String pkg, String name) {
      super(URI.create("string:///" + (pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/") + name + ".java"), Kind.SOURCE);
      this.name = name;
    }

    void header(String pkg, List<String> imports) {
      add("package " + pkg + ";", null);
      for (String i : IMPORTS) {
        add("import " + i + ";", null);
      }
      for (String i : imports) {
        add(i, null);
      }
    }

    /** The lines of a block; the block's first line is one after its fence, at {@code where}. */
    void addLines(String text, String where) {
      String[] lines = text.split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        add(lines[i], at(where, i + 1));
      }
    }

    void addVerbatim(String text, String where) {
      addLines(text, where);
    }

    void add(String line, String origin) {
      source.append(line).append('\n');
      origins.add(origin);
    }

    String where(long line) {
      String origin = line >= 1 && line <= origins.size() ? origins.get((int) line - 1) : null;
      return origin != null ? origin : toUri().getPath().substring(1) + ":" + line + " (around the examples)";
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return source;
    }
  }
}
