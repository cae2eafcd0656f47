package io.dynakeys.site;

import java.nio.file.Path;
import java.util.Map;

/** The HTML around a rendered page: the navigation of every section and the stylesheet. */
final class Layout {
  private Layout() {}

  static final String CSS = String.join("\n",
      "body{display:flex;margin:0;font:16px/1.55 system-ui,sans-serif;color:#1f2328}",
      "nav{flex:0 0 16rem;padding:1rem 1.2rem;background:#f6f8fa;min-height:100vh;font-size:.92rem}",
      "nav h2{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin:1.2rem 0 .3rem}",
      "nav ul{list-style:none;padding-left:0;margin:0}nav li{margin:.2rem 0}",
      "nav a.here{font-weight:600}",
      "main{max-width:52rem;padding:1rem 2.5rem 4rem;min-width:0}",
      "pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}",
      "code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.88em}",
      "table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;vertical-align:top}",
      "a{color:#0969da}",
      "");

  static String page(Path page, String title, String body, Map<Path, String> titles) {
    String up = "../".repeat(page.getNameCount() - 1);
    StringBuilder nav = new StringBuilder();
    nav.append("<p><a href=\"").append(up).append("index.html\"><strong>dynakeys</strong></a></p>\n");
    for (String section : Pages.SECTIONS) {
      nav.append("<h2>").append(escape(section.equals("how-to") ? "How-to guides" : capitalize(section)))
          .append("</h2>\n<ul>\n");
      for (Map.Entry<Path, String> other : titles.entrySet()) {
        Path key = other.getKey();
        if (key.getNameCount() == 2 && key.getName(0).toString().equals(section)) {
          nav.append("<li><a href=\"").append(up).append(slashes(Pages.html(key))).append('"')
              .append(key.equals(page) ? " class=\"here\"" : "").append('>')
              .append(escape(other.getValue())).append("</a></li>\n");
        }
      }
      nav.append("</ul>\n");
    }
    nav.append("<h2>API</h2>\n<ul>\n<li><a href=\"").append(up).append("apidocs/index.html\">Javadoc</a></li>\n</ul>\n");
    nav.append("<h2>Contributors</h2>\n<ul>\n<li><a href=\"").append(up)
        .append("design.html\">Design notes and decision log</a></li>\n</ul>\n");
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>" + escape(title) + " – dynakeys</title>\n"
        + "<link rel=\"stylesheet\" href=\"" + up + "style.css\">\n</head>\n<body>\n"
        + "<nav>\n" + nav + "</nav>\n<main>\n" + body + "</main>\n</body>\n</html>\n";
  }

  static String slashes(Path path) {
    return path.toString().replace('\\', '/');
  }

  private static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
