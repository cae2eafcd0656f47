package io.dynakeys.processor.reading;

import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Reads, in a compilation unit's syntax tree, the calls {@code update.set(XKeys.CONSTANT, values...)}
 * whose receiver is certainly an {@code io.dynakeys.runtime.write.Update} and whose first argument
 * certainly a constant of a keys class this compilation generates. The trees are read before javac
 * attributes them, so both are proved from the source alone: the receiver is a chain of
 * {@code Update}'s own methods from {@code Update.of(...)}, or a variable or parameter declared as
 * an {@code Update}; a name is resolved through the unit's imports and package as javac would.
 * Whatever cannot be proved is left out: a call read here is exactly the call written.
 */
public final class UpdateCalls {
  /** The class whose calls are read. */
  public static final String UPDATE = "io.dynakeys.runtime.write.Update";
  private static final String UPDATE_PACKAGE = "io.dynakeys.runtime.write";

  /**
   * The public methods of {@code Update} that return the update itself, through which a chain
   * keeps its type ({@code UpdateCallsTest} holds the list equal to {@code Update}'s methods).
   */
  public static final Set<String> CHAINED = Set.of("set", "setIfAbsent", "remove", "add", "subtract",
      "addElements", "deleteElements", "append", "prepend", "when", "expectVersion", "anyVersion",
      "returning", "returnOldItemOnConditionFailure", "clock");

  /**
   * One call of {@code set}.
   *
   * @param at the call's method select ({@code u.set}), where javac reports a call
   * @param keysClass the qualified name of the keys class of the first argument
   * @param constant the constant, {@code OWNER} for {@code TaskKeys.OWNER}
   * @param values the number of arguments after the constant
   */
  public record Call(TreePath at, String keysClass, String constant, int values) {}

  private final CompilationUnitTree unit;
  private final Set<String> keysClasses;
  private final Predicate<String> typeExists;
  private final String packageName;
  private final Map<String, String> singleImports = new HashMap<>();
  private final List<String> onDemandImports = new ArrayList<>();
  private final Map<String, String> staticImports = new HashMap<>();
  private final List<String> staticOnDemandImports = new ArrayList<>();
  /** Every class name declared in the unit, at any depth: such a name may hide an import. */
  private final Set<String> declaredTypes = new HashSet<>();

  /** The methods of {@code Update} that build or send its request, where a missing version is refused. */
  public static final Set<String> SENDS = Set.of("run", "runAsync", "toRequest", "toTransactUpdate");

  /**
   * One request built from an update written in one expression from {@code Update.of(XKeys.tableSchema(), ...)}
   * whose chain says no version ({@code expectVersion}, {@code anyVersion}).
   *
   * @param at the call's method select ({@code ....run}), where javac reports a call
   * @param keysClass the qualified name of the keys class whose schema the update is of
   * @param method the method, {@code run} for instance
   */
  public record Send(TreePath at, String keysClass, String method) {}

  private UpdateCalls(CompilationUnitTree unit, Set<String> keysClasses, Predicate<String> typeExists) {
    this.unit = unit;
    this.keysClasses = keysClasses;
    this.typeExists = typeExists;
    this.packageName = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
    for (ImportTree i : unit.getImports()) {
      String name = i.getQualifiedIdentifier().toString();
      String owner = name.substring(0, Math.max(0, name.lastIndexOf('.')));
      String simple = name.substring(name.lastIndexOf('.') + 1);
      if (i.isStatic()) {
        if (simple.equals("*")) {
          staticOnDemandImports.add(owner);
        } else {
          staticImports.put(simple, owner);
        }
      } else if (simple.equals("*")) {
        onDemandImports.add(owner);
      } else {
        singleImports.put(simple, name);
      }
    }
  }

  /**
   * The {@code set} calls of {@code unit} on an {@code Update} whose first argument is a constant
   * of one of {@code keysClasses}.
   *
   * @param keysClasses the qualified names of the keys classes this compilation generates
   * @param typeExists whether a class of a given qualified name exists (an import on demand does not
   *     reach a name that the unit's own package declares)
   */
  public static List<Call> find(CompilationUnitTree unit, Set<String> keysClasses, Predicate<String> typeExists) {
    UpdateCalls reader = new UpdateCalls(unit, keysClasses, typeExists);
    List<Call> calls = new ArrayList<>();
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitClass(ClassTree tree, Void unused) {
        reader.declaredTypes.add(tree.getSimpleName().toString());
        return super.visitClass(tree, unused);
      }
    }.scan(unit, null);
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
        reader.read(new TreePath(getCurrentPath(), tree.getMethodSelect()), tree).ifPresent(calls::add);
        return super.visitMethodInvocation(tree, unused);
      }
    }.scan(unit, null);
    return calls;
  }

  /**
   * The requests of {@code unit} built from an update written whole in the same expression, from
   * {@code Update.of(XKeys.tableSchema(), ...)} through {@code Update}'s own methods to
   * {@link #SENDS}, of a keys class of {@code keysClasses}, that say no version. An update held in a
   * variable or passed along is left out: another line may say its version.
   */
  public static List<Send> sendsWithoutVersion(CompilationUnitTree unit, Set<String> keysClasses,
      Predicate<String> typeExists) {
    UpdateCalls reader = new UpdateCalls(unit, keysClasses, typeExists);
    List<Send> sends = new ArrayList<>();
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitClass(ClassTree tree, Void unused) {
        reader.declaredTypes.add(tree.getSimpleName().toString());
        return super.visitClass(tree, unused);
      }
    }.scan(unit, null);
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree tree, Void unused) {
        if (tree.getMethodSelect() instanceof MemberSelectTree method && SENDS.contains(method.getIdentifier().toString())) {
          String keysClass = reader.unversionedRoot(method.getExpression());
          if (keysClass != null) {
            sends.add(new Send(new TreePath(getCurrentPath(), tree.getMethodSelect()), keysClass,
                method.getIdentifier().toString()));
          }
        }
        return super.visitMethodInvocation(tree, unused);
      }
    }.scan(unit, null);
    return sends;
  }

  /**
   * The keys class of the {@code Update.of(XKeys.tableSchema(), ...)} that {@code expression} is a
   * chain of {@code Update}'s own methods from, when no call of the chain says a version; else null.
   */
  private String unversionedRoot(ExpressionTree expression) {
    ExpressionTree e = expression;
    while (true) {
      if (e instanceof ParenthesizedTree parenthesized) {
        e = parenthesized.getExpression();
        continue;
      }
      if (!(e instanceof MethodInvocationTree invocation)
          || !(invocation.getMethodSelect() instanceof MemberSelectTree method)) {
        return null;
      }
      String name = method.getIdentifier().toString();
      if (name.equals("expectVersion") || name.equals("anyVersion")) {
        return null;
      }
      if (name.equals("of")) {
        if (!isUpdateType(method.getExpression()) || invocation.getArguments().isEmpty()
            || !(invocation.getArguments().get(0) instanceof MethodInvocationTree schema)
            || !schema.getArguments().isEmpty()
            || !(schema.getMethodSelect() instanceof MemberSelectTree schemaMethod)
            || !schemaMethod.getIdentifier().contentEquals("tableSchema")) {
          return null;
        }
        return type(schemaMethod.getExpression(), keysClasses::contains);
      }
      if (!CHAINED.contains(name)) {
        return null;
      }
      e = method.getExpression();
    }
  }

  private java.util.Optional<Call> read(TreePath select, MethodInvocationTree call) {
    if (!(call.getMethodSelect() instanceof MemberSelectTree method) || !method.getIdentifier().contentEquals("set")
        || call.getArguments().isEmpty()) {
      return java.util.Optional.empty();
    }
    String[] constant = constant(call.getArguments().get(0), select);
    if (constant == null || !isUpdate(method.getExpression(), select)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new Call(select, constant[0], constant[1], call.getArguments().size() - 1));
  }

  /** {@code [keys class, constant]} when {@code argument} is a keys class's constant, else null. */
  private String[] constant(ExpressionTree argument, TreePath at) {
    if (argument instanceof MemberSelectTree select) {
      String owner = type(select.getExpression(), keysClasses::contains);
      return owner == null ? null : new String[] {owner, select.getIdentifier().toString()};
    }
    if (argument instanceof IdentifierTree identifier) {
      String name = identifier.getName().toString();
      if (declaration(name, at) != null) {
        return null; // a variable, not the import
      }
      String owner = staticImports.get(name);
      if (owner == null) {
        List<String> candidates = staticOnDemandImports.stream().filter(keysClasses::contains).toList();
        owner = candidates.size() == 1 && staticOnDemandImports.size() == 1 ? candidates.get(0) : null;
      }
      return owner != null && keysClasses.contains(owner) ? new String[] {owner, name} : null;
    }
    return null;
  }

  /** The qualified name {@code tree} names when it is one of {@code wanted}, else null. */
  private String type(Tree tree, Predicate<String> wanted) {
    if (tree instanceof ParameterizedTypeTree parameterized) {
      return type(parameterized.getType(), wanted);
    }
    if (tree instanceof MemberSelectTree select) {
      String name = select.toString();
      return wanted.test(name) ? name : null;
    }
    if (!(tree instanceof IdentifierTree identifier)) {
      return null;
    }
    String simple = identifier.getName().toString();
    if (declaredTypes.contains(simple)) {
      return null; // the unit's own class of that name
    }
    String imported = singleImports.get(simple);
    if (imported != null) {
      return wanted.test(imported) ? imported : null;
    }
    String local = packageName.isEmpty() ? simple : packageName + "." + simple;
    if (wanted.test(local)) {
      return local;
    }
    if (typeExists.test(local)) {
      return null; // the package's own class hides every import on demand
    }
    String found = null;
    for (String p : onDemandImports) {
      if (wanted.test(p + "." + simple)) {
        found = p + "." + simple;
      } else if (typeExists.test(p + "." + simple)) {
        return null; // another class of that name: ambiguous or another one
      }
    }
    return found;
  }

  private boolean isUpdateType(Tree type) {
    return type(type, UPDATE::equals) != null;
  }

  /** Whether {@code expression}, read at {@code at}, is certainly an {@code Update}. */
  private boolean isUpdate(ExpressionTree expression, TreePath at) {
    if (expression instanceof ParenthesizedTree parenthesized) {
      return isUpdate(parenthesized.getExpression(), at);
    }
    if (expression instanceof MethodInvocationTree invocation
        && invocation.getMethodSelect() instanceof MemberSelectTree method) {
      String name = method.getIdentifier().toString();
      if (name.equals("of")) {
        return isUpdateType(method.getExpression());
      }
      return CHAINED.contains(name) && isUpdate(method.getExpression(), at);
    }
    if (expression instanceof IdentifierTree identifier) {
      VariableTree variable = declaration(identifier.getName().toString(), at);
      if (variable == null) {
        return false;
      }
      if (variable.getType() != null && !variable.getType().toString().equals("var")) {
        return isUpdateType(variable.getType());
      }
      return variable.getInitializer() != null && isUpdate(variable.getInitializer(), at);
    }
    return false;
  }

  /** The declaration of the variable {@code name} in scope at {@code at}, or null. */
  private static VariableTree declaration(String name, TreePath at) {
    Tree child = at.getLeaf();
    for (TreePath path = at.getParentPath(); path != null; child = path.getLeaf(), path = path.getParentPath()) {
      Tree tree = path.getLeaf();
      List<? extends Tree> candidates = List.of();
      if (tree instanceof BlockTree block) {
        List<Tree> before = new ArrayList<>();
        for (StatementTree statement : block.getStatements()) {
          if (statement == child) {
            break;
          }
          before.add(statement);
        }
        candidates = before;
      } else if (tree instanceof MethodTree method) {
        candidates = method.getParameters();
      } else if (tree instanceof LambdaExpressionTree lambda) {
        candidates = lambda.getParameters();
      } else if (tree instanceof ForLoopTree loop) {
        candidates = loop.getInitializer();
      } else if (tree instanceof EnhancedForLoopTree loop) {
        candidates = List.of(loop.getVariable());
      } else if (tree instanceof TryTree attempt) {
        candidates = attempt.getResources();
      } else if (tree instanceof CatchTree caught) {
        candidates = List.of(caught.getParameter());
      } else if (tree instanceof ClassTree type) {
        candidates = type.getMembers();
      }
      for (Tree candidate : candidates) {
        if (candidate instanceof VariableTree variable && variable.getName().contentEquals(name)) {
          return variable;
        }
      }
    }
    return null;
  }
}
