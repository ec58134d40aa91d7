package org.mpiguard.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import org.mpiguard.core.options.ClassFilter;

/**
 * Asks the include/exclude filter and the byte pre-filter before handing a class to
 * Byte Buddy, so classes that cannot contain an MPI call cost a name check and one scan.
 */
final class FilteringTransformer implements ClassFileTransformer {

    private final ClassFilter filter;
    private final ClassFileTransformer byteBuddy;

    FilteringTransformer(ClassFilter filter, ClassFileTransformer byteBuddy) {
        this.filter = filter;
        this.byteBuddy = byteBuddy;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer)
            throws IllegalClassFormatException {
        if (!wanted(className, classfileBuffer)) {
            return null;
        }
        return byteBuddy.transform(module, loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer)
            throws IllegalClassFormatException {
        if (!wanted(className, classfileBuffer)) {
            return null;
        }
        return byteBuddy.transform(loader, className, classBeingRedefined, protectionDomain, classfileBuffer);
    }

    private boolean wanted(String className, byte[] bytes) {
        return className != null && bytes != null && filter.accepts(className.replace('/', '.'))
                && MpiReferenceFilter.mentionsMpi(bytes);
    }
}
