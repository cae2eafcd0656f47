package io.dynakeys.site;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Link;
import org.junit.jupiter.api.Test;

/**
 * Every internal link leads somewhere: each relative link of each page of the built site (the
 * Javadoc's own pages aside) to a file of the site, and its {@code #fragment} to an id of that file
 * (so a guide's link into the Javadoc, {@code apidocs/.../Update.html#set(...)}, is checked against
 * the Javadoc the build made); and each relative link of the repository's Markdown files outside the
 * site (README, CHANGELOG, RELEASING, the modules' READMEs) to a file of the repository, or through
 * {@code docs/} to a page and heading of the site.
 */
class LinksTest {
  private static final Path SITE = Path.of(System.getProperty("dynakeys.site", "target/site")).toAbsolutePath().normalize();
  private static final Pattern HREF = Pattern.compile("\\s(?:href|src)=\"([^\"]*)\"");
  private static final Pattern ID = Pattern.compile("\\s(?:id|name)=\"([^\"]*)\"");
  private final Map<Path, Set<String>> ids = new HashMap<>();

  @Test
  void everyLinkOfTheSiteLeadsToAPageAndAnchorOfTheSite() throws IOException {
    List<Path> pages;
    try (Stream<Path> files = Files.walk(SITE)) {
      pages = files.filter(p -> p.toString().endsWith(".html"))
          .filter(p -> !SITE.relativize(p).startsWith("apidocs")).sorted().collect(Collectors.toList());
    }
    assertTrue(pages.size() >= 20, "pages: " + pages);
    assertTrue(Files.isRegularFile(SITE.resolve("apidocs/index.html")), "the Javadoc is part of the site");
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages) {
      Matcher m = HREF.matcher(Files.readString(page));
      while (m.find()) {
        String href = unescape(m.group(1));
        if (external(href)) {
          continue;
        }
        checked++;
        String problem = problem(page, href);
        if (problem != null) {
          broken.add(SITE.relativize(page) + " -> " + href + " (" + problem + ")");
        }
      }
    }
    assertTrue(checked >= 200, "internal links checked: " + checked);
    assertEquals(List.of(), broken, "broken links of the site");
  }

  @Test
  void everyLinkOfTheRepositorysMarkdownOutsideTheSiteLeadsSomewhere() throws IOException {
    Path root = JavaBlocksTest.ROOT;
    List<Path> files = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("CHANGELOG.md"), root.resolve("RELEASING.md")));
    for (String module : List.of("tools", "spark", "benchmarks")) {
      if (Files.isRegularFile(root.resolve(module).resolve("README.md"))) {
        files.add(root.resolve(module).resolve("README.md"));
      }
    }
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path file : files) {
      for (String href : markdownLinks(Files.readString(file, StandardCharsets.UTF_8))) {
        if (external(href)) {
          continue;
        }
        checked++;
        int hash = href.indexOf('#');
        String target = hash < 0 ? href : href.substring(0, hash);
        String fragment = hash < 0 ? null : href.substring(hash + 1);
        Path resolved = target.isEmpty() ? file : file.getParent().resolve(target).normalize();
        Path docs = JavaBlocksTest.DOCS;
        String problem;
        if (resolved.startsWith(docs) && resolved.toString().endsWith(".md")) {
          Path html = SITE.resolve(Pages.html(docs.relativize(resolved)));
          problem = problem(html, fragment == null ? html.getFileName().toString() : html.getFileName() + "#" + fragment);
        } else if (!Files.exists(resolved)) {
          problem = "no such file";
        } else if (fragment != null && resolved.toString().endsWith(".md")) {
          problem = githubIds(Files.readString(resolved, StandardCharsets.UTF_8)).contains(fragment) ? null : "no such heading";
        } else {
          problem = null;
        }
        if (problem != null) {
          broken.add(root.relativize(file) + " -> " + href + " (" + problem + ")");
        }
      }
    }
    assertTrue(checked >= 15, "internal links checked: " + checked);
    assertEquals(List.of(), broken, "broken links of the repository's Markdown");
  }

  private static boolean external(String href) {
    return href.isEmpty() || href.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || href.startsWith("//");
  }

  /** Why {@code href} on {@code page} leads nowhere, or null. */
  private String problem(Path page, String href) throws IOException {
    int hash = href.indexOf('#');
    String file = hash < 0 ? href : href.substring(0, hash);
    String fragment = hash < 0 ? null : URLDecoder.decode(href.substring(hash + 1).replace("+", "%2B"), StandardCharsets.UTF_8);
    Path target = file.isEmpty() ? page
        : page.getParent().resolve(URLDecoder.decode(file.replace("+", "%2B"), StandardCharsets.UTF_8)).normalize();
    if (!target.startsWith(SITE)) {
      return "outside the site";
    }
    if (Files.isDirectory(target)) {
      target = target.resolve("index.html");
    }
    if (!Files.isRegularFile(target)) {
      return "no such page";
    }
    if (fragment != null && !fragment.isEmpty() && !ids(target).contains(fragment)) {
      return "no such anchor";
    }
    return null;
  }

  private Set<String> ids(Path page) throws IOException {
    Set<String> found = ids.get(page);
    if (found == null) {
      found = new HashSet<>();
      Matcher m = ID.matcher(Files.readString(page));
      while (m.find()) {
        found.add(unescape(m.group(1)));
      }
      ids.put(page, found);
    }
    return found;
  }

  private static List<String> markdownLinks(String markdown) {
    List<String> links = new ArrayList<>();
    Pages.parser().parse(markdown).accept(new AbstractVisitor() {
      @Override
      public void visit(Link link) {
        links.add(link.getDestination());
        visitChildren(link);
      }
    });
    return links;
  }

  /** The ids GitHub gives the headings of a Markdown file (what the site's heading ids are too). */
  private static Set<String> githubIds(String markdown) {
    String html = org.commonmark.renderer.html.HtmlRenderer.builder().extensions(Pages.EXTENSIONS).build()
        .render(Pages.parser().parse(markdown));
    Set<String> found = new HashSet<>();
    Matcher m = ID.matcher(html);
    while (m.find()) {
      found.add(unescape(m.group(1)));
    }
    return found;
  }

  private static String unescape(String s) {
    return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
  }
}
