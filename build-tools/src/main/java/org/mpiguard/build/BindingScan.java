package org.mpiguard.build;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.mpiguard.core.index.Descriptors;

/** The public API of the bindings (package {@code mpi}) a call site can name, found by reflection. */
final class BindingScan {

    private BindingScan() {
    }

    /** Public, concrete classes of package {@code mpi} in the jars of {@code classPath}, by name. */
    static List<Class<?>> bindingClasses(String classPath, ClassLoader loader) throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                for (JarEntry e : Collections.list(jar.entries())) {
                    String n = e.getName();
                    if (n.startsWith("mpi/") && n.endsWith(".class") && n.indexOf('/', 4) < 0) {
                        Class<?> c = Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false, loader);
                        if (Modifier.isPublic(c.getModifiers()) && !Throwable.class.isAssignableFrom(c)
                                && !c.isInterface() && !c.isAnnotation()
                                && (c.getEnclosingClass() == null || Modifier.isStatic(c.getModifiers()))) {
                            classes.add(c);
                        }
                    }
                }
            }
        }
        classes.sort(Comparator.comparing(Class::getName));
        return classes;
    }

    /** Public, non-bridge methods a call site on {@code owner} can name, declared in package mpi. */
    static List<Method> publicMethods(Class<?> owner) {
        List<Method> methods = new ArrayList<>();
        for (Method m : owner.getMethods()) {
            if (m.isBridge() || m.isSynthetic() || !m.getDeclaringClass().getName().startsWith("mpi.")) {
                continue;
            }
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != owner) {
                continue; // javac names the declaring class for static calls
            }
            methods.add(m);
        }
        methods.sort(Comparator.comparing(Method::getName).thenComparing(Descriptors::of));
        return methods;
    }

    /** Public constructors of a class of the bindings; a call site names them with NEW. */
    static List<Constructor<?>> publicConstructors(Class<?> owner) {
        if (Modifier.isAbstract(owner.getModifiers())) {
            return List.of();
        }
        List<Constructor<?>> constructors = new ArrayList<>();
        for (Constructor<?> c : owner.getConstructors()) {
            if (!c.isSynthetic()) {
                constructors.add(c);
            }
        }
        constructors.sort(Comparator.comparing(c -> Descriptors.parameters(c.getParameterTypes())));
        return constructors;
    }
}
