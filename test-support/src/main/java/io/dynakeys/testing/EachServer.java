package io.dynakeys.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.AfterClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.BeforeClassTemplateInvocationCallback;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContext;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * The class template behind {@link OnEachServer}: one invocation of the class per server, each
 * recording its server where {@link DynaliteExtension} looks for it.
 */
public final class EachServer implements ClassTemplateInvocationContextProvider {

    /**
     * System property listing the local servers {@link OnEachServer} classes run on, separated by
     * commas: {@code dynalite}, {@code moto}, or both (the default).
     */
    public static final String SERVERS_PROPERTY = "dynakeys.servers";

    /** Creates the extension; JUnit calls this when the extension is registered. */
    public EachServer() {
    }

    @Override
    public boolean supportsClassTemplate(ExtensionContext context) {
        return AnnotationSupport.isAnnotated(context.getRequiredTestClass(), OnEachServer.class);
    }

    @Override
    public Stream<ClassTemplateInvocationContext> provideClassTemplateInvocationContexts(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        Set<Capability> required = EnumSet.noneOf(Capability.class);
        AnnotationSupport.findAnnotation(testClass, OnEachServer.class)
                .ifPresent(on -> required.addAll(Arrays.asList(on.requires())));
        List<ServerKind> servers = servers(required);
        if (servers.isEmpty()) {
            throw new ExtensionConfigurationException(testClass.getName() + " needs " + required
                    + ", which none of the servers allowed by -D" + SERVERS_PROPERTY + "=" + allowed()
                    + " has; moto has every capability");
        }
        return servers.stream().map(Invocation::new);
    }

    /** The servers a class with these requirements runs on, in the order they run. */
    static List<ServerKind> servers(Set<Capability> required) {
        if (DynamoEndpoint.configuredEndpoint().isPresent()) {
            return List.of(ServerKind.EXTERNAL);
        }
        List<ServerKind> servers = new ArrayList<>();
        for (ServerKind kind : allowed()) {
            if (kind.has(required)) {
                servers.add(kind);
            }
        }
        return servers;
    }

    private static List<ServerKind> allowed() {
        String value = System.getProperty(SERVERS_PROPERTY, "");
        if (value.isBlank()) {
            return List.of(ServerKind.DYNALITE, ServerKind.MOTO);
        }
        List<ServerKind> kinds = new ArrayList<>();
        for (String name : value.split(",")) {
            String trimmed = name.trim().toUpperCase(Locale.ROOT);
            if (!trimmed.equals("DYNALITE") && !trimmed.equals("MOTO")) {
                throw new ExtensionConfigurationException("-D" + SERVERS_PROPERTY + "=" + value
                        + ": expected dynalite, moto or both, separated by commas");
            }
            kinds.add(ServerKind.valueOf(trimmed));
        }
        return kinds;
    }

    /** One run of the class, on one server. */
    private record Invocation(ServerKind kind) implements ClassTemplateInvocationContext {
        @Override
        public String getDisplayName(int invocationIndex) {
            return "[" + kind + "]";
        }

        @Override
        public List<Extension> getAdditionalExtensions() {
            return List.of(new ServerResolver(kind));
        }
    }

    /**
     * Injects one invocation's server; starts it and runs the class's {@link BeforeEachServer}
     * methods before the invocation's first test, and its {@link AfterEachServer} methods after
     * the last.
     */
    private record ServerResolver(ServerKind kind)
            implements BeforeClassTemplateInvocationCallback, AfterClassTemplateInvocationCallback, ParameterResolver {
        @Override
        public void beforeClassTemplateInvocation(ExtensionContext context) throws Exception {
            DynaliteExtension.endpoint(context, kind);
            for (Method method : lifecycleMethods(context, BeforeEachServer.class, HierarchyTraversalMode.TOP_DOWN)) {
                invoke(context, method);
            }
        }

        @Override
        public void afterClassTemplateInvocation(ExtensionContext context) throws Exception {
            Exception first = null;
            for (Method method : lifecycleMethods(context, AfterEachServer.class, HierarchyTraversalMode.BOTTOM_UP)) {
                try {
                    invoke(context, method);
                } catch (Exception e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        }

        private static List<Method> lifecycleMethods(ExtensionContext context, Class<? extends Annotation> annotation,
                                                     HierarchyTraversalMode order) {
            List<Method> methods = AnnotationSupport.findAnnotatedMethods(context.getRequiredTestClass(), annotation, order);
            for (Method method : methods) {
                if (!Modifier.isStatic(method.getModifiers())) {
                    throw new ExtensionConfigurationException("@" + annotation.getSimpleName() + " method " + method
                            + " must be static: it runs outside any test instance");
                }
            }
            return methods;
        }

        private static void invoke(ExtensionContext context, Method method) throws Exception {
            try {
                context.getExecutableInvoker().invoke(method, null);
            } catch (RuntimeException e) {
                throw e;
            } catch (Throwable t) {
                if (t instanceof Error error) {
                    throw error;
                }
                throw t instanceof Exception e ? e : new IllegalStateException(t);
            }
        }

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return DynaliteExtension.supports(parameter.getParameter().getType());
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return DynaliteExtension.resolve(DynaliteExtension.endpoint(context, kind), parameter.getParameter().getType());
        }
    }
}
