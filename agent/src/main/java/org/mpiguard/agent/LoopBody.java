package org.mpiguard.agent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import org.mpiguard.agent.LoopAccesses.Insn;

/**
 * A counted loop's body, instruction by instruction, for {@link LoopShape}: its operand stack
 * simulated (only which values are a local's reference, an element of an array local at a
 * constant or an int local, the counter plus a constant, an int local or an int constant;
 * everything else is some value of one or two slots), the locals it stores, whether it stores
 * into any array of references, and its element accesses of a buffer (a local, or an element
 * of an array local: {@code out[k].put(j, v)}) at the counter plus a constant. Any instruction
 * outside straight-line code without calls (but to java.nio and Math) ends the walk.
 */
final class LoopBody {
    private static final int OTHER = 0;
    private static final int REF = 1;
    private static final int COUNTER = 2;
    private static final int CONSTANT = 3;
    private static final int INT_LOCAL = 4;
    /** An element of the array local {@code number}: at the constant {@code index}, or at the int local {@code indexLocal}. */
    private static final int ELEMENT = 5;

    private record Value(int kind, int number, int size, int index, int indexLocal) {
        Value(int kind, int number, int size) {
            this(kind, number, size, 0, -1);
        }
    }

    private static final Value ONE = new Value(OTHER, 0, 1);
    private static final Value TWO = new Value(OTHER, 0, 2);

    final int counter;
    final Set<Integer> stored = new HashSet<>();
    /** Whether the body stores into an array of references: any such store may replace a receiver element. */
    boolean storesReferences;
    final List<Candidate> candidates = new ArrayList<>();
    private final Deque<Value> stack = new ArrayDeque<>();

    /**
     * An accessor call of the body, with what its receiver and index were: the receiver a local
     * ({@code element} false) or the element of the array local {@code receiver} at the constant
     * {@code elementIndex} or, when {@code elementIndexLocal} is not -1, at that int local.
     */
    record Candidate(Insn call, boolean store, int receiver, boolean element, int elementIndex, int elementIndexLocal,
                     int offset, int width) {
    }

    private static final Map<String, Integer> WIDTHS = Map.of("B", 1, "C", 2, "S", 2, "I", 4, "J", 8, "F", 4, "D", 8);

    private final Map<Label, Integer> targetCounts;

    LoopBody(int counter, Map<Label, Integer> targetCounts) {
        this.counter = counter;
        this.targetCounts = targetCounts;
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
        Integer c = LoopShape.constant(in);
        if (c != null) {
            return push(new Value(CONSTANT, c, 1));
        }
        return switch (op) {
            case Opcodes.ACONST_NULL, Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2, LoopShape.LDC_OTHER -> push(ONE);
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1, LoopShape.LDC_WIDE -> push(TWO);
            case Opcodes.ILOAD -> push(in.operand() == counter ? new Value(COUNTER, 0, 1) : new Value(INT_LOCAL, in.operand(), 1));
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
            case Opcodes.AALOAD -> element();
            case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD ->
                    pop(2) && push(ONE);
            case Opcodes.LALOAD, Opcodes.DALOAD -> pop(2) && push(TWO);
            case Opcodes.AASTORE -> {
                storesReferences = true;
                yield pop(3);
            }
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE,
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

    /** AALOAD: an element of an array local at a constant or an int local is kept as such. */
    private boolean element() {
        if (stack.size() < 2) {
            return false;
        }
        Value index = stack.pop();
        Value array = stack.pop();
        if (array.kind == REF && index.kind == CONSTANT) {
            return push(new Value(ELEMENT, array.number, 1, index.number, -1));
        }
        if (array.kind == REF && index.kind == INT_LOCAL) {
            return push(new Value(ELEMENT, array.number, 1, 0, index.number));
        }
        return push(ONE);
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

    /**
     * A method of a java.nio buffer: an element access of a buffer local at the counter plus a
     * constant is a candidate. Only the classes of package java.nio itself, which a program cannot
     * extend (their constructors are the package's own); a channel of java.nio.channels can be the
     * program's, and its method could reach MPI.
     */
    private boolean buffer(Insn in) {
        String owner = in.owner();
        if (!owner.startsWith("java/nio/") || owner.indexOf('/', "java/nio/".length()) >= 0) {
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
        Value receiver = args[0];
        if (width != null && (get || put) && (receiver.kind == REF || receiver.kind == ELEMENT)
                && args[1].kind == COUNTER) {
            candidates.add(new Candidate(in, put, receiver.number, receiver.kind == ELEMENT, receiver.index,
                    receiver.indexLocal, args[1].number, width));
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
