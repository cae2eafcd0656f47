package io.dynakeys.site;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Renders the documentation's Markdown pages into a static site: {@code how-to/writes.md} becomes
 * {@code how-to/writes.html}, a link to a {@code .md} page becomes a link to its {@code .html}, and
 * headings get GitHub's ids, so that a link works the same on the repository's web view and on the
 * site. A page that cannot be rendered as meant ({@link PageCheck}) fails the build, with every such
 * problem listed.
 *
 * <p>Run by the build as {@code SiteBuilder <docs directory> <site directory>}.
 */
public final class SiteBuilder {
  private static final Pattern MD_LINK = Pattern.compile("^([^:#?]*)\\.md(#.*)?$");

  private SiteBuilder() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: SiteBuilder <docs directory> <site directory>");
    }
    List<String> problems = build(Path.of(args[0]), Path.of(args[1]));
    if (!problems.isEmpty()) {
      throw new IllegalStateException(problems.size() + " page(s) cannot be rendered:\n  "
          + String.join("\n  ", problems));
    }
  }

  /** Renders every page of {@code docs} into {@code site}; returns the problems found (none: all rendered). */
  public static List<String> build(Path docs, Path site) throws IOException {
    List<Path> pages = Pages.list(docs);
    List<String> problems = new ArrayList<>();
    if (pages.isEmpty()) {
      problems.add(docs + ": no pages");
      return problems;
    }
    Map<Path, Node> parsed = new LinkedHashMap<>();
    Map<Path, String> titles = new LinkedHashMap<>();
    for (Path page : pages) {
      Node document = Pages.parser().parse(Pages.read(docs, page));
      titles.put(page, PageCheck.check(page, document, problems));
      parsed.put(page, document);
    }
    HtmlRenderer renderer = HtmlRenderer.builder().extensions(Pages.EXTENSIONS).build();
    for (Map.Entry<Path, Node> page : parsed.entrySet()) {
      page.getValue().accept(new LinkRewriter());
      Path out = site.resolve(Pages.html(page.getKey()));
      Files.createDirectories(out.getParent());
      Files.writeString(out, Layout.page(page.getKey(), titles.get(page.getKey()),
          renderer.render(page.getValue()), titles), StandardCharsets.UTF_8);
    }
    Files.writeString(site.resolve("style.css"), Layout.CSS, StandardCharsets.UTF_8);
    return problems;
  }

  /** {@code x.md} and {@code x.md#a} become {@code x.html} and {@code x.html#a}; other links stay as written. */
  private static final class LinkRewriter extends AbstractVisitor {
    @Override
    public void visit(Link link) {
      Matcher m = MD_LINK.matcher(link.getDestination());
      if (m.matches()) {
        link.setDestination(m.group(1) + ".html" + (m.group(2) == null ? "" : m.group(2)));
      }
      visitChildren(link);
    }
  }
}
