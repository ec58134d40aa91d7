package org.mpiguard.agent;

import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.field.FieldList;
import net.bytebuddy.description.method.MethodList;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.pool.TypePool;

/** Plugs the {@link CallSiteRewriter} into Byte Buddy's class-file pipeline. */
final class RewritingVisitorWrapper extends AsmVisitorWrapper.AbstractBase {

    private final TrampolineIndex index;

    RewritingVisitorWrapper(TrampolineIndex index) {
        this.index = index;
    }

    @Override
    public ClassVisitor wrap(TypeDescription instrumentedType, ClassVisitor classVisitor,
                             Implementation.Context implementationContext, TypePool typePool,
                             FieldList<FieldDescription.InDefinedShape> fields, MethodList<?> methods,
                             int writerFlags, int readerFlags) {
        return new CallSiteRewriter(classVisitor, index);
    }
}
