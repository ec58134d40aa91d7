package org.mpiguard.agent;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import org.mpiguard.core.site.CallSites;

import java.util.Map;

/**
 * Rewrites every call a class makes into the bindings into a static call of its
 * trampoline, with one more argument: the id of the call site (class, method, source
 * file, line), registered here, once, as the class loads. The extra int is pushed right
 * before the call and consumed by it, so no stack map frame changes; only the maximum
 * stack grows by one.
 *
 * <p>Constructors of the bindings ({@code new Win(...)}) are intercepted when the
 * methods' local counts are known ({@link MethodLocals}): the arguments are parked in
 * fresh local slots, handed to {@code new$before} if it exists, passed on to the
 * constructor, and handed with the new object to {@code new$}. Between the stores and
 * the loads there is no branch, so no stack map frame changes either. A super() call of
 * a subclass is told apart from a {@code new} by counting NEW instructions per owner.
 */
public final class CallSiteRewriter extends ClassVisitor {

    private static final String STRUCT_GET_TYPE = "getType";
    private static final String STRUCT_TYPE_DESCRIPTOR = "()Lmpi/Datatype;";
    private static final String STRUCT_HOOK = "org/mpiguard/advice/lifecycle/StructTypes";
    private static final String NIO_ACCESS = "org/mpiguard/advice/buffers/NioAccess";
    /** The accessors of an access recorded at its loop's entry: the same shapes, without the recording. */
    private static final String NIO_LOOP_ACCESS = "org/mpiguard/advice/buffers/NioLoopAccess";
    private static final String ACCESS_LOOPS = "org/mpiguard/advice/buffers/AccessLoops";
    private static final String LOOP_ENTRY = "(Ljava/nio/Buffer;IIIII)V";
    private static final String LOOP_ENTRY_AT_ELEMENT = "([Ljava/lang/Object;IIIIII)V";

    private final TrampolineIndex index;
    private final Map<String, Integer> maxLocals;
    private final Map<String, LoopAccesses.MethodPlan> loops;
    private String className = "?";
    private String sourceFile;
    private int rewritten;

    public CallSiteRewriter(ClassVisitor next, TrampolineIndex index) {
        this(next, index, null);
    }

    /** With {@code maxLocals} from {@link MethodLocals}, constructors are intercepted too. */
    public CallSiteRewriter(ClassVisitor next, TrampolineIndex index, Map<String, Integer> maxLocals) {
        this(next, index, maxLocals, null);
    }

    /**
     * With {@code loops} from {@link LoopAccesses} (read with the reader flags of this pass), the
     * buffer accesses it names are recorded once at their loop's entry ({@code AccessLoops}) and
     * go to {@code NioLoopAccess}, which records nothing.
     */
    public CallSiteRewriter(ClassVisitor next, TrampolineIndex index, Map<String, Integer> maxLocals,
                            Map<String, LoopAccesses.MethodPlan> loops) {
        super(Opcodes.ASM9, next);
        this.index = index;
        this.maxLocals = maxLocals;
        this.loops = loops;
    }

    /** How many call instructions this class had rewritten. */
    public int rewritten() {
        return rewritten;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        className = name.replace('/', '.');
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        sourceFile = source;
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
        Integer locals = maxLocals == null ? null : maxLocals.get(MethodLocals.key(name, descriptor));
        LoopAccesses.MethodPlan plan = loops == null ? null : loops.get(MethodLocals.key(name, descriptor));
        return next == null ? null : new Calls(next, name, locals == null ? -1 : locals,
                plan == null ? LoopAccesses.MethodPlan.NONE : plan);
    }

    private final class Calls extends MethodVisitor {
        private final String methodName;
        private int line = -1;
        private boolean changed;
        /** First free local slot, or -1 when constructors are left alone. */
        private final int freeLocal;
        private int extraLocals;
        /** One for a site id; two where a Struct's getType() is hooked (its receiver kept, and the id). */
        private int extraStack = 1;
        private final Map<String, Integer> pendingNew = new java.util.HashMap<>(4);
        private final LoopAccesses.MethodPlan loops;
        /** Labels and calls visited so far: how {@link LoopAccesses}' ordinals are found again. */
        private int labels;
        private int calls;
        /** The sites of the accesses recorded at their loop's entry, by call ordinal. */
        private final Map<Integer, Integer> loopSites = new java.util.HashMap<>(4);

        Calls(MethodVisitor next, String methodName, int freeLocal, LoopAccesses.MethodPlan loops) {
            super(Opcodes.ASM9, next);
            this.methodName = methodName;
            this.freeLocal = freeLocal;
            this.loops = loops;
        }

        @Override
        public void visitLabel(Label label) {
            java.util.List<LoopAccesses.Access> entry = loops.beforeLabel().get(labels++);
            if (entry != null) {
                for (LoopAccesses.Access a : entry) {
                    recordAtEntry(a);
                }
            }
            super.visitLabel(label);
        }

        /**
         * Before the loop's header label, so only on the way in (the back edge jumps to the
         * label): {@code AccessLoops.loads|stores(buffer, counter, bound, offset, width, site)}, or
         * {@code loadsAt|storesAt(array, index, ...)} for an element of an array, with the bound
         * made exclusive (an array's length or a buffer's capacity asked again, as the loop's
         * first test asks it). The stack is the entry's, no branch is added, so no
         * stack map frame changes.
         */
        private void recordAtEntry(LoopAccesses.Access a) {
            TrampolineIndex.Target target = index.find(a.owner(), a.name(), a.descriptor());
            if (target == null || !target.owner().equals(NIO_ACCESS)) {
                return;
            }
            int site = CallSites.register(target.op(), className, methodName, sourceFile, a.line());
            loopSites.put(a.call(), site);
            super.visitVarInsn(Opcodes.ALOAD, a.receiver());
            if (a.element()) {
                // the array and the index: the entry takes the element itself, so that an index
                // out of the array's bounds throws only where the loop's first turn throws it
                if (a.elementIndexLocal() >= 0) {
                    super.visitVarInsn(Opcodes.ILOAD, a.elementIndexLocal());
                } else {
                    super.visitLdcInsn(a.elementIndex());
                }
            }
            super.visitVarInsn(Opcodes.ILOAD, a.counter());
            switch (a.boundKind()) {
                case LoopAccesses.BOUND_LOCAL -> super.visitVarInsn(Opcodes.ILOAD, a.bound());
                case LoopAccesses.BOUND_LENGTH -> {
                    super.visitVarInsn(Opcodes.ALOAD, a.bound());
                    super.visitInsn(Opcodes.ARRAYLENGTH);
                }
                case LoopAccesses.BOUND_CAPACITY -> {
                    super.visitVarInsn(Opcodes.ALOAD, a.bound());
                    super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, a.boundOwner(), "capacity", "()I", false);
                }
                default -> super.visitLdcInsn(a.bound());
            }
            if (a.endOffset() != 0) {
                super.visitLdcInsn(a.endOffset());
                super.visitInsn(Opcodes.IADD);
            }
            super.visitLdcInsn(a.offset());
            super.visitLdcInsn(a.width());
            super.visitLdcInsn(site);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, ACCESS_LOOPS, (a.store() ? "stores" : "loads")
                    + (a.element() ? "At" : ""), a.element() ? LOOP_ENTRY_AT_ELEMENT : LOOP_ENTRY, false);
            changed = true;
            extraStack = Math.max(extraStack, a.element() ? 7 : 6);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW && freeLocal >= 0 && type.startsWith("mpi/")) {
                pendingNew.put(type, pendingNew.getOrDefault(type, 0) + 1);
            }
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            Integer loopSite = loopSites.get(calls++);
            if (opcode == Opcodes.INVOKESPECIAL && "<init>".equals(name) && pendingNew.getOrDefault(owner, 0) > 0) {
                pendingNew.put(owner, pendingNew.get(owner) - 1);
                TrampolineIndex.ConstructorTarget target = index.findConstructor(owner, descriptor);
                if (target != null) {
                    construct(owner, descriptor, target);
                    return;
                }
            }
            if (!isInterface && (owner.startsWith("mpi/") || owner.startsWith("java/nio/"))
                    && (opcode == Opcodes.INVOKEVIRTUAL
                    || opcode == Opcodes.INVOKESTATIC)) {
                TrampolineIndex.Target target = index.find(owner, name, descriptor);
                if (target != null && target.isStatic() == (opcode == Opcodes.INVOKESTATIC)) {
                    int site = loopSite != null ? loopSite
                            : CallSites.register(target.op(), className, methodName, sourceFile, line);
                    super.visitLdcInsn(site);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, loopSite != null ? NIO_LOOP_ACCESS : target.owner(),
                            target.name(), target.descriptor(), false);
                    changed = true;
                    rewritten++;
                    return;
                }
            }
            if (opcode == Opcodes.INVOKEVIRTUAL && !isInterface && STRUCT_GET_TYPE.equals(name)
                    && STRUCT_TYPE_DESCRIPTOR.equals(descriptor) && !owner.startsWith("mpi/")) {
                structType(owner);
                return;
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        /**
         * {@code getType()} on a class of the program, which may be its own subclass of
         * {@code mpi.Struct} (the call then names that class, not the bindings): the call
         * stays as it is, and the receiver and the datatype it returned go to
         * {@code StructTypes.taken}, which keeps only a program's Struct and returns the datatype
         * (as an Object, the families naming no binding type: cast back here).
         */
        private void structType(String owner) {
            int site = CallSites.register("Struct.getType", className, methodName, sourceFile, line);
            super.visitInsn(Opcodes.DUP);
            super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, owner, STRUCT_GET_TYPE, STRUCT_TYPE_DESCRIPTOR, false);
            super.visitLdcInsn(site);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, STRUCT_HOOK, "taken",
                    "(Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", false);
            super.visitTypeInsn(Opcodes.CHECKCAST, "mpi/Datatype");
            changed = true;
            extraStack = Math.max(extraStack, 2);
            rewritten++;
        }

        private void construct(String owner, String descriptor, TrampolineIndex.ConstructorTarget target) {
            int site = CallSites.register(target.op(), className, methodName, sourceFile, line);
            Type[] args = Type.getArgumentTypes(descriptor);
            int[] slots = new int[args.length];
            int next = freeLocal;
            for (int i = 0; i < args.length; i++) {
                slots[i] = next;
                next += args[i].getSize();
            }
            extraLocals = Math.max(extraLocals, next - freeLocal);
            for (int i = args.length - 1; i >= 0; i--) {
                super.visitVarInsn(args[i].getOpcode(Opcodes.ISTORE), slots[i]);
            }
            String argDescriptors = descriptor.substring(1, descriptor.indexOf(')'));
            if (target.checkedBefore()) {
                loadAll(args, slots);
                super.visitLdcInsn(site);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, target.owner(), target.beforeName(),
                        "(" + argDescriptors + "I)V", false);
            }
            loadAll(args, slots);
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", descriptor, false);
            super.visitInsn(Opcodes.DUP);
            loadAll(args, slots);
            super.visitLdcInsn(site);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, target.owner(), target.afterName(),
                    "(L" + owner + ";" + argDescriptors + "I)V", false);
            changed = true;
            rewritten++;
        }

        private void loadAll(Type[] args, int[] slots) {
            for (int i = 0; i < args.length; i++) {
                super.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), slots[i]);
            }
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(changed ? maxStack + extraStack : maxStack, maxLocals + extraLocals);
        }
    }
}
