package io.dynakeys.site;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;

/**
 * The pages of the site: every Markdown file of the docs directory that is the home page
 * ({@code index.md}), the contributors' design notes ({@code design.md}) or in one of the four
 * sections, in a fixed order, parsed the one way the builder and the tests parse them.
 */
public final class Pages {
  /** The sections, in the order of the navigation (the Diátaxis split: by what the reader needs). */
  public static final List<String> SECTIONS = List.of("tutorial", "how-to", "reference", "explanation");
  /** Pages outside the sections. */
  public static final List<String> TOP = List.of("index.md", "design.md");

  static final List<Extension> EXTENSIONS = List.of(TablesExtension.create(), HeadingAnchorExtension.create());

  private Pages() {}

  /** The parser of every page: GitHub's tables and heading ids. */
  public static Parser parser() {
    return Parser.builder().extensions(EXTENSIONS).build();
  }

  /** The pages of {@code docs}, relative to it, top pages first, then each section's in name order. */
  public static List<Path> list(Path docs) throws IOException {
    List<Path> pages = new ArrayList<>();
    for (String top : TOP) {
      if (Files.isRegularFile(docs.resolve(top))) {
        pages.add(Path.of(top));
      }
    }
    for (String section : SECTIONS) {
      Path dir = docs.resolve(section);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.list(dir)) {
        files.filter(p -> p.getFileName().toString().endsWith(".md"))
            .sorted(Comparator.comparing(p -> p.getFileName().toString()))
            .forEach(p -> pages.add(docs.relativize(p)));
      }
    }
    return pages;
  }

  /** The page's text. */
  public static String read(Path docs, Path page) throws IOException {
    return Files.readString(docs.resolve(page), StandardCharsets.UTF_8);
  }

  /** The fenced code blocks of a parsed page whose language (the first word of the info) is {@code language}. */
  public static List<FencedCodeBlock> blocks(Node document, String language) {
    List<FencedCodeBlock> found = new ArrayList<>();
    document.accept(new AbstractVisitor() {
      @Override
      public void visit(FencedCodeBlock block) {
        if (language.equals(language(block))) {
          found.add(block);
        }
      }
    });
    return found;
  }

  /** The language of a block: the first word of its info string, or "" when it has none. */
  public static String language(FencedCodeBlock block) {
    String info = block.getInfo() == null ? "" : block.getInfo().strip();
    return info.isEmpty() ? "" : info.split("\\s+")[0];
  }

  /** The words of a block's info string after its language ({@code ```java run} gives [run]). */
  public static List<String> options(FencedCodeBlock block) {
    String info = block.getInfo() == null ? "" : block.getInfo().strip();
    String[] words = info.split("\\s+");
    return words.length <= 1 ? List.of() : List.of(words).subList(1, words.length);
  }

  /** The plain text of a node: its text and code spans. */
  public static String text(Node node) {
    StringBuilder sb = new StringBuilder();
    node.accept(new AbstractVisitor() {
      @Override
      public void visit(Text t) {
        sb.append(t.getLiteral());
      }

      @Override
      public void visit(Code c) {
        sb.append(c.getLiteral());
      }
    });
    return sb.toString();
  }

  /** {@code how-to/writes.md} becomes {@code how-to/writes.html}. */
  public static Path html(Path page) {
    String name = page.getFileName().toString();
    return page.resolveSibling(name.substring(0, name.length() - ".md".length()) + ".html");
  }
}
