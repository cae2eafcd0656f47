package io.dynakeys.docs;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the method chains of a code example ({@code RunKeys.query("s").score().atLeast(1000)},
 * {@code @Padded(value = 4, max = 9_000)}) and checks each name against the classes it is
 * called on, by reflection: a chain that starts at a class of the {@link ApiClasses} (or a
 * variable the example declares with one) must name, at each step, a method of the class the
 * step before returns, taking that many arguments; an annotation's attributes must be its
 * methods. What cannot be followed (a class of the JDK or the SDK, a generic result, a lambda's
 * parameter) is not checked; a bare call ({@code pathSubtree(folder)}) is checked when asked, as
 * inline Javadoc names generated methods bare.
 */
public final class CallChains {
  /** DynamoDB's expression functions, which Javadoc shows in expressions, not Java calls. */
  private static final Set<String> EXPRESSION_FUNCTIONS = Set.of("attribute_exists", "attribute_not_exists",
      "attribute_type", "begins_with", "contains", "size", "if_not_exists", "list_append");
  private static final Pattern DECLARATION =
      Pattern.compile("\\b([A-Z][A-Za-z0-9_]*)(?:<[^=;(){}]*>)?\\s+([a-z][A-Za-z0-9_]*)\\s*[=:;)]");

  private final ApiClasses api;

  /** @param api the classes examples may name */
  public CallChains(ApiClasses api) {
    this.api = api;
  }

  /** One step of a chain: a call with its number of arguments, or a name (a field, a nested class). */
  private record Step(String name, boolean call, int arguments) {
    @Override
    public String toString() {
      return !call ? name : arguments < 0 ? name + "(...)" : name + "(" + arguments + " argument" + (arguments == 1 ? "" : "s") + ")";
    }
  }

  /** A chain: its start (a name, or null for a call on nothing) and its steps. */
  private record Chain(String start, List<Step> steps, boolean annotation, List<String> attributes) {}

  /** What was checked and what is wrong. */
  public static final class Findings {
    private final List<String> wrong = new ArrayList<>();
    private int checked;

    /** The problems, each with the example's file and text. */
    public List<String> wrong() {
      return wrong;
    }

    /** How many steps were checked. */
    public int checked() {
      return checked;
    }
  }

  /**
   * Checks {@code example}.
   *
   * @param bareCalls whether a call on nothing ({@code key(item)}) is checked as a method of some
   *     generated or API class; in code blocks those are the example's own helpers
   */
  public void check(DocSources.Example example, boolean bareCalls, Findings findings) {
    String code = example.code();
    Map<String, String> variables = new HashMap<>();
    Matcher d = DECLARATION.matcher(code);
    while (d.find()) {
      variables.put(d.group(2), d.group(1));
    }
    for (Chain chain : parse(code)) {
      String problem = check(chain, variables, bareCalls, findings);
      if (problem != null) {
        findings.wrong.add(example.where() + ": {@code " + oneLine(code) + "}: " + problem);
      }
    }
  }

  private String check(Chain chain, Map<String, String> variables, boolean bareCalls, Findings findings) {
    if (chain.annotation()) {
      Class<?> type = api.annotation(chain.start());
      if (type == null) {
        return null;
      }
      for (String attribute : chain.attributes()) {
        findings.checked++;
        if (methods(Set.of(type), attribute, -1).isEmpty()) {
          return "@" + chain.start() + " has no attribute " + attribute;
        }
      }
      return null;
    }
    Set<Class<?>> types;
    List<Step> steps = chain.steps();
    if (chain.start() == null) {
      Step first = steps.get(0);
      if (!bareCalls || EXPRESSION_FUNCTIONS.contains(first.name()) || first.name().contains("_")) {
        return null;
      }
      findings.checked++;
      types = returns(methods(api.exposed(), first.name(), first.arguments()));
      if (types == null) {
        return "no class of the API or of the generated code has a method " + first;
      }
      steps = steps.subList(1, steps.size());
    } else {
      String start = Character.isUpperCase(chain.start().charAt(0)) ? chain.start() : variables.get(chain.start());
      types = start == null ? Set.of() : api.named(start);
      if (types.isEmpty()) {
        return null; // the JDK's, the SDK's, a lambda's parameter: not followed
      }
    }
    for (Step step : steps) {
      if (types.isEmpty()) {
        return null; // a generic or void result: not followed further
      }
      findings.checked++;
      Set<Class<?>> next = step.call() ? returns(methods(types, step.name(), step.arguments())) : member(types, step.name());
      if (next == null) {
        boolean anyArity = step.call() && !methods(types, step.name(), -1).isEmpty();
        return names(types) + (anyArity ? " has no method " + step : " has no " + (step.call() ? "method " : "member ") + step.name());
      }
      types = next;
    }
    return null;
  }

  /** The public methods named {@code name} of {@code types} taking {@code arguments} (-1: any number). */
  private static List<Method> methods(Set<Class<?>> types, String name, int arguments) {
    List<Method> out = new ArrayList<>();
    for (Class<?> type : types) {
      for (Method m : type.getMethods()) {
        if (m.getName().equals(name) && (arguments < 0 || m.getParameterCount() == arguments
            || m.isVarArgs() && arguments >= m.getParameterCount() - 1)) {
          out.add(m);
        }
      }
    }
    return out;
  }

  /** What the methods return, when known; null when there are no methods. */
  private static Set<Class<?>> returns(List<Method> methods) {
    if (methods.isEmpty()) {
      return null;
    }
    Set<Class<?>> out = new LinkedHashSet<>();
    for (Method m : methods) {
      if (m.getGenericReturnType() instanceof TypeVariable<?> || m.getReturnType() == Object.class
          || m.getReturnType() == void.class || m.getReturnType().isPrimitive()) {
        return Set.of(); // not followed
      }
      out.add(m.getReturnType());
    }
    return out;
  }

  /** A field's type, a nested class, or (named without a call) a method; null when none. */
  private static Set<Class<?>> member(Set<Class<?>> types, String name) {
    Set<Class<?>> out = new LinkedHashSet<>();
    boolean found = false;
    for (Class<?> type : types) {
      for (Field f : type.getFields()) {
        if (f.getName().equals(name)) {
          out.add(f.getType());
          found = true;
        }
      }
      for (Class<?> nested : type.getClasses()) {
        if (nested.getSimpleName().equals(name)) {
          out.add(nested);
          found = true;
        }
      }
    }
    if (!found && !methods(types, name, -1).isEmpty()) {
      return Set.of(); // TransactWrite.insert: a method named in prose
    }
    return found ? out : null;
  }

  private static String names(Set<Class<?>> types) {
    return types.stream().map(Class::getSimpleName).distinct().sorted().reduce((a, b) -> a + "/" + b).orElse("?");
  }

  private static String oneLine(String code) {
    String line = code.replaceAll("\\s+", " ").trim();
    return line.length() > 120 ? line.substring(0, 117) + "..." : line;
  }

  // ---- reading

  /** The chains of {@code code}, those inside arguments included. */
  static List<Chain> parse(String code) {
    List<Chain> out = new ArrayList<>();
    parse(code, out);
    return out;
  }

  private static void parse(String code, List<Chain> out) {
    int n = code.length();
    int i = 0;
    while (i < n) {
      char c = code.charAt(i);
      if (c == '"' || c == '\'') {
        i = skipQuoted(code, i);
      } else if (c == '/' && i + 1 < n && code.charAt(i + 1) == '/') {
        i = code.indexOf('\n', i) < 0 ? n : code.indexOf('\n', i);
      } else if (c == '/' && i + 1 < n && code.charAt(i + 1) == '*') {
        i = code.indexOf("*/", i) < 0 ? n : code.indexOf("*/", i) + 2;
      } else if (c == '@' && i + 1 < n && Character.isJavaIdentifierStart(code.charAt(i + 1))) {
        i = annotation(code, i + 1, out);
      } else if (c == '.' && i + 1 < n && Character.isJavaIdentifierStart(code.charAt(i + 1))
          && (before(code, i) == 0 || "(,;=".indexOf(before(code, i)) >= 0)) {
        i = chain(code, i + 1, null, out); // {@code .orders()}: a call on what the prose names
      } else if (Character.isJavaIdentifierStart(c) && (i == 0 || !Character.isJavaIdentifierPart(code.charAt(i - 1))
          && code.charAt(i - 1) != '>') && before(code, i) != '.') { // <Record>Keys: a placeholder
        int end = identifierEnd(code, i);
        String word = code.substring(i, end);
        if (end < n && code.charAt(end) == '(' && (Character.isUpperCase(word.charAt(0)) || isKeyword(word))) {
          i = end; // a constructor, a record's header, if (...): its arguments are read on
        } else if (end < n && code.charAt(end) == '(') {
          i = chain(code, i, null, out);
        } else if (end < n && code.charAt(end) == '.' && end + 1 < n && Character.isJavaIdentifierStart(code.charAt(end + 1))) {
          i = chain(code, end + 1, word, out);
        } else {
          i = end;
        }
      } else {
        i++;
      }
    }
  }

  /** The last character before {@code i} that is no whitespace, or 0. */
  private static char before(String code, int i) {
    int j = i - 1;
    while (j >= 0 && Character.isWhitespace(code.charAt(j))) {
      j--;
    }
    return j < 0 ? 0 : code.charAt(j);
  }

  /** Reads steps from {@code i} (at a name) on; returns where the chain ends. */
  private static int chain(String code, int i, String start, List<Chain> out) {
    List<Step> steps = new ArrayList<>();
    int n = code.length();
    while (i < n && Character.isJavaIdentifierStart(code.charAt(i))) {
      int end = identifierEnd(code, i);
      String name = code.substring(i, end);
      if (end < n && code.charAt(end) == '(') {
        int close = closing(code, end);
        String inside = code.substring(end + 1, close);
        // page(...): any number of arguments
        int arguments = inside.isBlank() ? 0 : inside.trim().equals("...") ? -1 : DocSources.arguments(code, end + 1);
        steps.add(new Step(name, true, arguments));
        parse(inside, out);
        i = close + 1;
        int j = skipSpace(code, i);
        if (j + 1 < n && code.charAt(j) == '.' && Character.isJavaIdentifierStart(code.charAt(j + 1))) {
          i = j + 1;
          continue;
        }
        break;
      }
      steps.add(new Step(name, false, 0));
      i = end;
      if (i + 1 < n && code.charAt(i) == '.' && Character.isJavaIdentifierStart(code.charAt(i + 1))) {
        i++;
        continue;
      }
      break;
    }
    if (!steps.isEmpty()) {
      out.add(new Chain(start, List.copyOf(steps), false, List.of()));
    }
    return i;
  }

  private static int annotation(String code, int i, List<Chain> out) {
    int end = i;
    while (end < code.length() && (Character.isJavaIdentifierPart(code.charAt(end)) || code.charAt(end) == '.')) {
      end++;
    }
    String name = code.substring(i, end);
    name = name.substring(name.lastIndexOf('.') + 1);
    List<String> attributes = new ArrayList<>();
    if (end < code.length() && code.charAt(end) == '(') {
      int close = closing(code, end);
      String inside = code.substring(end + 1, close);
      int depth = 0;
      int from = 0;
      for (int k = 0; k <= inside.length(); k++) {
        char c = k < inside.length() ? inside.charAt(k) : ',';
        if (c == '"' && k < inside.length()) {
          k = skipQuoted(inside, k) - 1;
        } else if (c == '(' || c == '{') {
          depth++;
        } else if (c == ')' || c == '}') {
          depth--;
        } else if (c == ',' && depth == 0) {
          String part = inside.substring(from, k).trim();
          Matcher m = Pattern.compile("^([a-zA-Z_][A-Za-z0-9_]*)\\s*=").matcher(part);
          if (m.find()) {
            attributes.add(m.group(1));
          } else if (!part.isEmpty()) {
            attributes.add("value");
          }
          from = k + 1;
        }
      }
      parse(inside, out);
      end = close + 1;
    }
    out.add(new Chain(name, List.of(), true, List.copyOf(attributes)));
    return end;
  }

  private static int closing(String code, int open) {
    int depth = 0;
    for (int k = open; k < code.length(); k++) {
      char c = code.charAt(k);
      if (c == '"' || c == '\'') {
        k = skipQuoted(code, k) - 1;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return k;
      }
    }
    return code.length() - 1 < open ? open : code.length() - 1;
  }

  private static int skipQuoted(String code, int at) {
    char quote = code.charAt(at);
    for (int k = at + 1; k < code.length(); k++) {
      if (code.charAt(k) == '\\') {
        k++;
      } else if (code.charAt(k) == quote) {
        return k + 1;
      }
    }
    return code.length();
  }

  private static int identifierEnd(String code, int i) {
    int end = i;
    while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) {
      end++;
    }
    return end;
  }

  private static int skipSpace(String code, int i) {
    while (i < code.length() && Character.isWhitespace(code.charAt(i))) {
      i++;
    }
    return i;
  }

  private static boolean isKeyword(String word) {
    return Set.of("if", "for", "while", "switch", "catch", "synchronized", "return", "new", "record", "try")
        .contains(word);
  }
}
