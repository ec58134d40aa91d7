package org.mpiguard.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.Opcodes;
import org.mpiguard.agent.LoopAccesses.Access;
import org.mpiguard.agent.LoopAccesses.Insn;
import org.mpiguard.agent.LoopAccesses.MethodPlan;

/**
 * The loops whose element accesses can be recorded at the loop's entry: exactly javac's counted
 * loop {@code for (int i = START; i <= BOUND (or <); i++)} whose body runs every time whole, so
 * that each access {@code buf.get(i + c)} or {@code buf.put(i + c, v)} of a buffer local (or of
 * an element of an array local at a constant or an unchanged int local) touches
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
                countTarget(in.label());
            }
        }
        for (Label l : switchTargets) {
            countTarget(l);
        }
        for (Label[] block : tryBlocks) {
            countTarget(block[2]);
        }
    }

    private void countTarget(Label l) {
        targetCounts.put(l, targetCounts.getOrDefault(l, 0) + 1);
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
        LoopBody body = new LoopBody(counter, targetCounts);
        for (int j = at + 1; j < back - 1; j++) {
            if (!body.step(insns.get(j))) {
                return List.of();
            }
        }
        if (body.stored.contains(counter) || boundKind != LoopAccesses.BOUND_CONSTANT && body.stored.contains(boundValue)) {
            return List.of();
        }
        List<Access> accesses = new ArrayList<>();
        for (LoopBody.Candidate c : body.candidates) {
            boolean sameReceiver = !body.stored.contains(c.receiver()) && (!c.element() || !body.storesReferences
                    && (c.elementIndexLocal() < 0 || !body.stored.contains(c.elementIndexLocal())));
            if (sameReceiver) {
                Insn call = c.call();
                accesses.add(new Access(call.call(), call.owner(), call.name(), call.descriptor(), call.line(), c.store(),
                        c.receiver(), c.element(), c.elementIndex(), c.elementIndexLocal(), counter, boundKind, boundValue,
                        boundOwner, (int) endOffset, c.offset(), c.width()));
            }
        }
        return accesses;
    }

    static Integer constant(Insn in) {
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
}
