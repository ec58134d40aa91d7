package org.mpiguard.agent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import org.mpiguard.agent.LoopAccesses.Access;
import org.mpiguard.agent.LoopAccesses.Insn;
import org.mpiguard.agent.LoopAccesses.MethodPlan;

/**
 * The loops whose element accesses can be recorded at the loop's entry: exactly javac's counted
 * loop {@code for (int i = START; i <= BOUND (or <); i++)} whose body runs every time whole, so
 * that each access {@code buf.get(i + c)} or {@code buf.put(i + c, v)} of a buffer local touches
 * precisely the elements {@code START + c} to {@code BOUND + c} (bound's last value) and nothing
 * else. So the body must be straight-line code (no branch, switch, return or throw, no label any
 * jump or handler targets, no try block over the loop), must not change the counter, the bound
 * or the buffer's local, and must call nothing but {@code java.nio} buffers and {@code Math}: a
 * call could reach MPI, and an access recorded at the entry must belong to the epoch the loop runs
 * in. Anything else is left to the per-access recording, which is always right.
 */
final class LoopShape {

    /** Pseudo-opcodes of LDC: a long or double constant (two slots), any other non-int constant. */
    static final int LDC_WIDE = -3;
    static final int LDC_OTHER = -4;

    private static final Map<String, Integer> WIDTHS = Map.of("B", 1, "C", 2, "S", 2, "I", 4, "J", 8, "F", 4, "D", 8);

    private final List<Insn> insns;
    private final List<Label[]> tryBlocks;
    private final Map<Label, Integer> targetCounts = new IdentityHashMap<>();
    private final Map<Label, Integer> positions = new IdentityHashMap<>();

    LoopShape(List<Insn> insns, List<Label[]> tryBlocks, List<Label> switchTargets) {
        this.insns = insns;
        this.tryBlocks = tryBlocks;
        for (int k = 0; k < insns.size(); k++) {
            Insn in = insns.get(k);
            if (in.opcode() == LoopAccesses.LABEL) {
                positions.put(in.label(), k);
            } else if (in.label() != null) {
                targetCounts.merge(in.label(), 1, Integer::sum);
            }
        }
        for (Label l : switchTargets) {
            targetCounts.merge(l, 1, Integer::sum);
        }
        for (Label[] block : tryBlocks) {
            targetCounts.merge(block[2], 1, Integer::sum);
        }
    }

    MethodPlan plan() {
        Map<Integer, List<Access>> before = new HashMap<>();
        Map<Integer, Access> byCall = new HashMap<>();
        for (int k = 1; k + 4 < insns.size(); k++) {
            if (insns.get(k).opcode() == LoopAccesses.LABEL) {
                List<Access> found = loopAt(k);
                if (!found.isEmpty()) {
                    before.put(insns.get(k).extra(), found);
                    for (Access a : found) {
                        byCall.put(a.call(), a);
                    }
                }
            }
        }
        return byCall.isEmpty() ? MethodPlan.NONE : new MethodPlan(before, byCall);
    }

    /** The accesses of the loop whose header is the label at {@code k}, or none when it is not such a loop. */
    private List<Access> loopAt(int k) {
        Insn init = insns.get(k - 1);
        Insn load = insns.get(k + 1);
        Label header = insns.get(k).label();
        if (init.opcode() != Opcodes.ISTORE || load.opcode() != Opcodes.ILOAD || load.operand() != init.operand()
                || targetCounts.getOrDefault(header, 0) != 1) {
            return List.of();
        }
        int counter = init.operand();
        // the bound: a local other than the counter, a constant, an array's length or a buffer's
        // capacity (neither ever changes), maybe plus or minus a constant
        Insn bound = insns.get(k + 2);
        Insn next = insns.get(k + 3);
        Integer constant = constant(bound);
        int boundKind;
        int boundValue;
        String boundOwner = null;
        int at = k + 3;
        if (bound.opcode() == Opcodes.ILOAD && bound.operand() != counter) {
            boundKind = LoopAccesses.BOUND_LOCAL;
            boundValue = bound.operand();
        } else if (constant != null) {
            boundKind = LoopAccesses.BOUND_CONSTANT;
            boundValue = constant;
        } else if (bound.opcode() == Opcodes.ALOAD && next.opcode() == Opcodes.ARRAYLENGTH) {
            boundKind = LoopAccesses.BOUND_LENGTH;
            boundValue = bound.operand();
            at = k + 4;
        } else if (bound.opcode() == Opcodes.ALOAD && next.opcode() == Opcodes.INVOKEVIRTUAL
                && next.owner().startsWith("java/nio/") && next.name().equals("capacity")
                && next.descriptor().equals("()I")) {
            boundKind = LoopAccesses.BOUND_CAPACITY;
            boundValue = bound.operand();
            boundOwner = next.owner();
            at = k + 4;
        } else {
            return List.of();
        }
        long adjust = 0;
        Integer more = at + 1 < insns.size() ? constant(insns.get(at)) : null;
        if (more != null && (insns.get(at + 1).opcode() == Opcodes.IADD || insns.get(at + 1).opcode() == Opcodes.ISUB)) {
            adjust = insns.get(at + 1).opcode() == Opcodes.IADD ? (long) more : -(long) more;
            at += 2;
        }
        Insn test = at < insns.size() ? insns.get(at) : null;
        if (test == null || test.opcode() != Opcodes.IF_ICMPGT && test.opcode() != Opcodes.IF_ICMPGE) {
            return List.of();
        }
        long endOffset = adjust + (test.opcode() == Opcodes.IF_ICMPGT ? 1 : 0);
        if (endOffset != (int) endOffset) {
            return List.of();
        }
        int back = backEdge(at + 1, header);
        if (back < 0 || insns.get(back - 1).opcode() != Opcodes.IINC || insns.get(back - 1).operand() != counter
                || insns.get(back - 1).extra() != 1 || back + 1 >= insns.size()
                || insns.get(back + 1).label() != test.label() || insns.get(back + 1).opcode() != LoopAccesses.LABEL
                || underTry(k, back + 1)) {
            return List.of();
        }
        Body body = new Body(counter);
        for (int j = at + 1; j < back - 1; j++) {
            if (!body.step(insns.get(j))) {
                return List.of();
            }
        }
        if (body.stored.contains(counter) || boundKind != LoopAccesses.BOUND_CONSTANT && body.stored.contains(boundValue)) {
            return List.of();
        }
        List<Access> accesses = new ArrayList<>();
        for (Candidate c : body.candidates) {
            if (!body.stored.contains(c.receiver)) {
                Insn call = c.call;
                accesses.add(new Access(call.call(), call.owner(), call.name(), call.descriptor(), call.line(), c.store,
                        c.receiver, counter, boundKind, boundValue, boundOwner, (int) endOffset, c.offset, c.width));
            }
        }
        return accesses;
    }

    private static Integer constant(Insn in) {
        int op = in.opcode();
        if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
            return op - Opcodes.ICONST_0;
        }
        return op == Opcodes.BIPUSH || op == Opcodes.SIPUSH || op == Opcodes.LDC ? in.operand() : null;
    }

    /** The position of the GOTO back to {@code header}, or -1. */
    private int backEdge(int from, Label header) {
        for (int j = from; j < insns.size(); j++) {
            Insn in = insns.get(j);
            if (in.opcode() == Opcodes.GOTO && in.label() == header) {
                return j;
            }
        }
        return -1;
    }

    /** Whether a try block covers any of the positions {@code [from, to]}. */
    private boolean underTry(int from, int to) {
        for (Label[] block : tryBlocks) {
            Integer start = positions.get(block[0]);
            Integer end = positions.get(block[1]);
            if (start == null || end == null || start <= to && end > from) {
                return true;
            }
        }
        return false;
    }

    /** An accessor call of the body, with what its receiver and index were. */
    private record Candidate(Insn call, boolean store, int receiver, int offset, int width) {
    }

    /**
     * The body's operand stack, simulated: only which values are a local's reference, the
     * counter plus a constant, or an int constant; everything else is some value of one or two slots.
     */
    private final class Body {
        private static final int OTHER = 0;
        private static final int REF = 1;
        private static final int COUNTER = 2;
        private static final int CONSTANT = 3;

        private record Value(int kind, int number, int size) {
        }

        private static final Value ONE = new Value(OTHER, 0, 1);
        private static final Value TWO = new Value(OTHER, 0, 2);

        final int counter;
        final Set<Integer> stored = new HashSet<>();
        final List<Candidate> candidates = new ArrayList<>();
        private final Deque<Value> stack = new ArrayDeque<>();

        Body(int counter) {
            this.counter = counter;
        }

        /** Takes one instruction of the body; false when the loop is not one to record at its entry. */
        boolean step(Insn in) {
            int op = in.opcode();
            if (op == LoopAccesses.LABEL) {
                return targetCounts.getOrDefault(in.label(), 0) == 0;
            }
            if (op == Opcodes.NOP) {
                return true;
            }
            Integer c = constant(in);
            if (c != null) {
                return push(new Value(CONSTANT, c, 1));
            }
            return switch (op) {
                case Opcodes.ACONST_NULL, Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2, LDC_OTHER -> push(ONE);
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1, LDC_WIDE -> push(TWO);
                case Opcodes.ILOAD -> push(in.operand() == counter ? new Value(COUNTER, 0, 1) : ONE);
                case Opcodes.FLOAD -> push(ONE);
                case Opcodes.LLOAD, Opcodes.DLOAD -> push(TWO);
                case Opcodes.ALOAD -> push(new Value(REF, in.operand(), 1));
                case Opcodes.ISTORE, Opcodes.LSTORE, Opcodes.FSTORE, Opcodes.DSTORE, Opcodes.ASTORE -> {
                    stored.add(in.operand());
                    yield pop(1);
                }
                case Opcodes.IINC -> {
                    stored.add(in.operand());
                    yield true;
                }
                case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.AALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD ->
                        pop(2) && push(ONE);
                case Opcodes.LALOAD, Opcodes.DALOAD -> pop(2) && push(TWO);
                case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE,
                        Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE -> pop(3);
                case Opcodes.POP -> pop(1);
                case Opcodes.POP2 -> pop2();
                case Opcodes.DUP -> dup();
                case Opcodes.DUP2 -> dup2();
                case Opcodes.DUP_X1 -> dupX1();
                case Opcodes.SWAP -> swap();
                case Opcodes.IADD -> add(1);
                case Opcodes.ISUB -> add(-1);
                default -> arithmetic(op) || other(in);
            };
        }

        private boolean arithmetic(int op) {
            if (op >= Opcodes.IADD && op <= Opcodes.DREM) {
                return pop(2) && push(size((op - Opcodes.IADD) % 4));
            }
            if (op >= Opcodes.INEG && op <= Opcodes.DNEG) {
                return pop(1) && push(size(op - Opcodes.INEG));
            }
            if (op >= Opcodes.ISHL && op <= Opcodes.LXOR) {
                return pop(2) && push((op - Opcodes.ISHL) % 2 == 0 ? ONE : TWO);
            }
            if (op >= Opcodes.I2L && op <= Opcodes.I2S) {
                boolean wide = op == Opcodes.I2L || op == Opcodes.I2D || op == Opcodes.L2D || op == Opcodes.F2L
                        || op == Opcodes.F2D || op == Opcodes.D2L;
                return pop(1) && push(wide ? TWO : ONE);
            }
            if (op >= Opcodes.LCMP && op <= Opcodes.DCMPG) {
                return pop(2) && push(ONE);
            }
            return false;
        }

        /** Size by the type index of IADD's family: int, long, float, double. */
        private Value size(int type) {
            return type == 1 || type == 3 ? TWO : ONE;
        }

        private boolean other(Insn in) {
            return switch (in.opcode()) {
                case Opcodes.GETSTATIC -> push(slots(in.descriptor()));
                case Opcodes.PUTSTATIC -> pop(1);
                case Opcodes.GETFIELD -> pop(1) && push(slots(in.descriptor()));
                case Opcodes.PUTFIELD -> pop(2);
                case Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.ARRAYLENGTH, Opcodes.CHECKCAST,
                        Opcodes.INSTANCEOF -> pop(1) && push(ONE);
                case Opcodes.INVOKESTATIC -> math(in);
                case Opcodes.INVOKEVIRTUAL -> buffer(in);
                default -> false; // branches, switches, returns, throws, monitors, new, other calls
            };
        }

        private Value slots(String descriptor) {
            return Type.getType(descriptor).getSize() == 2 ? TWO : ONE;
        }

        private boolean math(Insn in) {
            if (!in.owner().equals("java/lang/Math") && !in.owner().equals("java/lang/StrictMath")) {
                return false;
            }
            return call(in.descriptor(), false) != null;
        }

        /** A method of a java.nio buffer: an element access of a buffer local at the counter plus a constant is a candidate. */
        private boolean buffer(Insn in) {
            if (!in.owner().startsWith("java/nio/")) {
                return false;
            }
            Value[] args = call(in.descriptor(), true);
            if (args == null) {
                return false;
            }
            String type = elementOf(in.owner());
            Integer width = type == null ? null : WIDTHS.get(type);
            boolean get = in.name().equals("get") && in.descriptor().equals("(I)" + type);
            boolean put = in.name().equals("put") && in.descriptor().equals("(I" + type + ")L" + in.owner() + ";");
            if (width != null && (get || put) && args[0].kind == REF && args[1].kind == COUNTER) {
                candidates.add(new Candidate(in, put, args[0].number, args[1].number, width));
            }
            return true;
        }

        /** The element descriptor of one of the seven typed buffers (ByteBuffer to DoubleBuffer), else null. */
        private static String elementOf(String owner) {
            return switch (owner) {
                case "java/nio/ByteBuffer" -> "B";
                case "java/nio/CharBuffer" -> "C";
                case "java/nio/ShortBuffer" -> "S";
                case "java/nio/IntBuffer" -> "I";
                case "java/nio/LongBuffer" -> "J";
                case "java/nio/FloatBuffer" -> "F";
                case "java/nio/DoubleBuffer" -> "D";
                default -> null;
            };
        }

        /** Pops a call's arguments (and receiver), pushes its result; the popped values receiver first, or null. */
        private Value[] call(String descriptor, boolean receiver) {
            Type[] params = Type.getArgumentTypes(descriptor);
            Value[] popped = new Value[params.length + (receiver ? 1 : 0)];
            for (int i = popped.length - 1; i >= 0; i--) {
                if (stack.isEmpty()) {
                    return null;
                }
                popped[i] = stack.pop();
            }
            Type result = Type.getReturnType(descriptor);
            if (result.getSize() > 0) {
                push(result.getSize() == 2 ? TWO : ONE);
            }
            return popped;
        }

        private boolean add(int sign) {
            if (stack.size() < 2) {
                return false;
            }
            Value b = stack.pop();
            Value a = stack.pop();
            if (a.kind == COUNTER && b.kind == CONSTANT) {
                return push(new Value(COUNTER, a.number + sign * b.number, 1));
            }
            if (sign > 0 && a.kind == CONSTANT && b.kind == COUNTER) {
                return push(new Value(COUNTER, b.number + a.number, 1));
            }
            return push(ONE);
        }

        private boolean push(Value v) {
            stack.push(v);
            return true;
        }

        private boolean pop(int n) {
            for (int i = 0; i < n; i++) {
                if (stack.isEmpty()) {
                    return false;
                }
                stack.pop();
            }
            return true;
        }

        private boolean pop2() {
            if (stack.isEmpty()) {
                return false;
            }
            return stack.pop().size == 2 || pop(1);
        }

        private boolean dup() {
            return !stack.isEmpty() && push(stack.peek());
        }

        private boolean dup2() {
            if (stack.isEmpty()) {
                return false;
            }
            Value top = stack.pop();
            if (top.size == 2) {
                return push(top) && push(top);
            }
            if (stack.isEmpty()) {
                return false;
            }
            Value under = stack.peek();
            return push(top) && push(under) && push(top);
        }

        private boolean dupX1() {
            if (stack.size() < 2) {
                return false;
            }
            Value top = stack.pop();
            Value under = stack.pop();
            return push(top) && push(under) && push(top);
        }

        private boolean swap() {
            if (stack.size() < 2) {
                return false;
            }
            Value top = stack.pop();
            Value under = stack.pop();
            return push(top) && push(under);
        }
    }
}
