package io.dynakeys.site;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * A Java example of a page: its text, where it is ({@code how-to/writes.md:120}), the words after
 * {@code ```java} ({@code fails}: an example of a compile error), and the {@code ```text} block right
 * after it, which is what a program prints ({@code ```text output}) or the error a {@code fails}
 * block gets.
 */
record JavaBlock(String where, String text, List<String> options, String following) {

  private static final Pattern CONTEXT = Pattern.compile("(?s)\\A\\s*<!--\\s*java-context\\s*\\n(.*?)-->\\s*\\z");

  boolean fails() {
    return options.contains("fails");
  }

  /**
   * Whether the block is one step of a record's layout history ({@code ```java version}): it is
   * compiled alone, after the page's steps before it, against the layout files they recorded.
   */
  boolean version() {
    return options.contains("version");
  }

  /** The ```java blocks of a page, and the members its {@code java-context} comments declare. */
  record Page(String name, List<JavaBlock> blocks, String context) {}

  static Page parse(String name, String markdown) {
    Parser parser = Parser.builder().extensions(Pages.EXTENSIONS).includeSourceSpans(IncludeSourceSpans.BLOCKS).build();
    Node document = parser.parse(markdown);
    List<JavaBlock> blocks = new ArrayList<>();
    StringBuilder context = new StringBuilder();
    int program = -1;   // the last program whose output the page has not shown yet
    for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
      if (node instanceof HtmlBlock html) {
        Matcher m = CONTEXT.matcher(html.getLiteral());
        if (m.matches()) {
          context.append(m.group(1));
        }
      } else if (node instanceof FencedCodeBlock block && Pages.language(block).equals("java")) {
        List<String> options = Pages.options(block);
        String following = null;
        if (options.contains("fails") && block.getNext() instanceof FencedCodeBlock next
            && Pages.language(next).equals("text")) {
          following = next.getLiteral();
        }
        List<SourceSpan> spans = block.getSourceSpans();
        int line = spans.isEmpty() ? 0 : spans.get(0).getLineIndex() + 1;
        blocks.add(new JavaBlock(name + ":" + line, block.getLiteral(), options, following));
        if (JavaSource.hasMain(block.getLiteral())) {
          program = blocks.size() - 1;
        }
      } else if (node instanceof FencedCodeBlock block && Pages.language(block).equals("text")
          && Pages.options(block).contains("output") && program >= 0) {
        // What the last program prints: the first ```text output block after it (commands to run it may come between).
        JavaBlock p = blocks.get(program);
        blocks.set(program, new JavaBlock(p.where(), p.text(), p.options(), block.getLiteral()));
        program = -1;
      }
    }
    return new Page(name, blocks, context.toString());
  }
}
