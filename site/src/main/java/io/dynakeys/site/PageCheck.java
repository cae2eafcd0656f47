package io.dynakeys.site;

import java.nio.file.Path;
import java.util.List;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Node;

/**
 * What makes a page one the builder cannot render as meant: no single leading {@code # Title}, a
 * second title, a code fence that is never closed (the rest of the page would be code), a code fence
 * without a language, raw HTML other than a comment (the site's template owns the markup).
 */
final class PageCheck {
  private PageCheck() {}

  /** The page's title; adds each problem of the page to {@code problems}, naming the page and line. */
  static String check(Path page, Node document, List<String> problems) {
    Node first = document.getFirstChild();
    String title = null;
    if (first instanceof Heading heading && heading.getLevel() == 1) {
      title = Pages.text(first);
    } else {
      problems.add(page + ": the page does not start with a '# Title'");
    }
    document.accept(new AbstractVisitor() {
      private int titles;

      @Override
      public void visit(Heading heading) {
        if (heading.getLevel() == 1 && ++titles > 1) {
          problems.add(page + ": a second '# ' title: " + Pages.text(heading));
        }
        visitChildren(heading);
      }

      @Override
      public void visit(FencedCodeBlock block) {
        if (block.getClosingFenceLength() == null) {
          problems.add(page + ": a code fence that is never closed: " + firstLine(block.getLiteral()));
        }
        if (Pages.language(block).isEmpty()) {
          problems.add(page + ": a code fence without a language (```java, ```sh, ```text…): "
              + firstLine(block.getLiteral()));
        }
      }

      @Override
      public void visit(HtmlBlock html) {
        if (!html.getLiteral().strip().startsWith("<!--")) {
          problems.add(page + ": raw HTML, which the template does not expect: " + firstLine(html.getLiteral()));
        }
      }
    });
    return title == null ? page.toString() : title;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
