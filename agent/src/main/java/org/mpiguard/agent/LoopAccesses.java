package org.mpiguard.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * A pass before the rewrite, while the buffers family watches {@code java.nio} accesses: which
 * element accesses sit in a counted loop whose whole index range the rewriter can judge against
 * the pending uses, and record for traced windows, once at the loop's entry instead of at every
 * access ({@link LoopShape} says which loops and accesses qualify). Judged per access, a halo loop
 * filling its send buffers while its receives were pending paid a checker call an element
 * (jacobi2d 1.9 x); recorded per access, a traced window loop paid a few nanoseconds an element,
 * 2.9 x on jacobi1d-rma, and even a range kept in the method's own locals cost such a loop
 * 1.6-3.5 x (docs/overhead.md, stops 60 and 61): the loop must carry no work of ours at all.
 *
 * <p>The rewrite finds the places again by counting: the n-th label and the n-th method call of
 * a method, in the order the class reader visits them, which is the same in both passes when
 * both read with the same flags.
 */
final class LoopAccesses {

    /** What a loop's bound is: a local, a constant, an array local's length, a buffer local's capacity. */
    static final int BOUND_LOCAL = 0;
    static final int BOUND_CONSTANT = 1;
    static final int BOUND_LENGTH = 2;
    static final int BOUND_CAPACITY = 3;

    /**
     * An access recorded at its loop's entry: the call (its ordinal in the method, as it names
     * the accessor, and its line) and what the entry passes: the buffer's local, the loop's
     * counter and bound (of {@code boundKind}: the local, the constant, or the local whose length
     * or capacity it is; {@code boundOwner} the buffer class a capacity is asked of), the
     * access's offset from the counter and the element's width in bytes. The loop runs while the
     * counter is below {@code bound + endOffset} (for {@code i <= n}: n and 1; for
     * {@code i < n - 1}: n and -1). None of those locals changes in the loop, nor an array's
     * length or a buffer's capacity ever. With {@code element}, the receiver is the element of the
     * array local {@code receiver} at the constant {@code elementIndex} or, unless
     * {@code elementIndexLocal} is -1, at that int local: the body stores into no array of
     * references and changes neither local, so the element is the same at every turn.
     */
    record Access(int call, String owner, String name, String descriptor, int line, boolean store, int receiver,
                  boolean element, int elementIndex, int elementIndexLocal,
                  int counter, int boundKind, int bound, String boundOwner, int endOffset, int offset, int width) {
    }

    /** One method's plan: the accesses to record before the label of each loop's header, by label ordinal. */
    record MethodPlan(Map<Integer, List<Access>> beforeLabel, Map<Integer, Access> byCall) {
        static final MethodPlan NONE = new MethodPlan(Map.of(), Map.of());
    }

    private LoopAccesses() {
    }

    /** "name descriptor" to the plan of each method that has an access to record at a loop's entry. */
    static Map<String, MethodPlan> of(byte[] classBytes, int readerFlags) {
        Map<String, MethodPlan> plans = new HashMap<>();
        new ClassReader(classBytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                return new Recorder(plans, MethodLocals.key(name, descriptor));
            }
        }, readerFlags);
        return plans;
    }

    /**
     * One instruction as the class reader visited it, or a label (opcode {@link #LABEL});
     * {@code extra} is a label's ordinal, or an IINC's increment.
     */
    record Insn(int opcode, int operand, Label label, String owner, String name, String descriptor, int call,
                int extra, int line) {
    }

    static final int LABEL = -1;
    /** Any instruction the loop shape rejects outright (switches, invokedynamic, multi-dimensional arrays). */
    static final int OTHER = -2;

    /**
     * Records a method's instructions, then puts its plan, if it has an access, at the method's
     * end. (No lambda here or in the loop shape: the checker links no call site at run time,
     * docs/design.md.)
     */
    private static final class Recorder extends MethodVisitor {
        private final Map<String, MethodPlan> plans;
        private final String key;
        private final List<Insn> insns = new ArrayList<>();
        private final List<Label[]> tryBlocks = new ArrayList<>();
        private final List<Label> switchTargets = new ArrayList<>();
        private int calls;
        private int labels;
        private int line = -1;

        Recorder(Map<String, MethodPlan> plans, String key) {
            super(Opcodes.ASM9);
            this.plans = plans;
            this.key = key;
        }

        private void add(int opcode, int operand) {
            insns.add(new Insn(opcode, operand, null, null, null, null, -1, -1, line));
        }

        @Override
        public void visitInsn(int opcode) {
            add(opcode, 0);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            add(opcode, operand);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            add(opcode, var);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            insns.add(new Insn(opcode, 0, null, type, null, null, -1, -1, line));
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            insns.add(new Insn(opcode, 0, null, owner, name, descriptor, -1, -1, line));
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            insns.add(new Insn(isInterface ? OTHER : opcode, 0, null, owner, name, descriptor, calls++, -1, line));
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... bsmArgs) {
            add(OTHER, 0);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            insns.add(new Insn(opcode, 0, label, null, null, null, -1, -1, line));
        }

        @Override
        public void visitLabel(Label label) {
            insns.add(new Insn(LABEL, 0, label, null, null, null, -1, labels++, line));
        }

        @Override
        public void visitLdcInsn(Object value) {
            // an int constant keeps its value; a long or double is two slots, anything else one
            int kind = value instanceof Integer ? Opcodes.LDC
                    : value instanceof Long || value instanceof Double ? LoopShape.LDC_WIDE : LoopShape.LDC_OTHER;
            add(kind, value instanceof Integer i ? i : 0);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            insns.add(new Insn(Opcodes.IINC, var, null, null, null, null, -1, increment, line));
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... targets) {
            switchTargets.add(dflt);
            switchTargets.addAll(List.of(targets));
            add(OTHER, 0);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] targets) {
            switchTargets.add(dflt);
            switchTargets.addAll(List.of(targets));
            add(OTHER, 0);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            add(OTHER, 0);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            tryBlocks.add(new Label[] {start, end, handler});
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
        }

        @Override
        public void visitEnd() {
            MethodPlan plan;
            try {
                plan = new LoopShape(insns, tryBlocks, switchTargets).plan();
            } catch (RuntimeException e) {
                plan = MethodPlan.NONE; // a shape not foreseen: every access stays recorded where it is
            }
            if (!plan.byCall().isEmpty()) {
                plans.put(key, plan);
            }
        }
    }
}
