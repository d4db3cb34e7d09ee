package dev.cordon.linux;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A tiny classic-BPF assembler with named labels: enough for a seccomp filter. Conditional jumps
 * name their targets; {@link #assemble()} resolves them to the 8-bit forward offsets cBPF uses
 * and encodes {@code struct sock_filter} entries in native byte order.
 */
final class Bpf {

    static final int LD_W_ABS = 0x20;
    static final int JMP_JA = 0x05;
    static final int JMP_JEQ_K = 0x15;
    static final int JMP_JGE_K = 0x35;
    static final int JMP_JSET_K = 0x45;
    static final int RET_K = 0x06;

    /** An instruction whose jump targets are labels (null: the next instruction). */
    private record Op(int code, String jumpTrue, String jumpFalse, int k, String label) {
    }

    private final List<Op> ops = new ArrayList<>();
    private final Map<String, Integer> labels = new HashMap<>();

    /** Marks the next instruction with a label. */
    Bpf label(String name) {
        if (labels.putIfAbsent(name, ops.size()) != null) {
            throw new IllegalStateException("label defined twice: " + name);
        }
        return this;
    }

    Bpf load(int offset) {
        ops.add(new Op(LD_W_ABS, null, null, offset, null));
        return this;
    }

    Bpf jumpIfEqual(int k, String whenTrue, String whenFalse) {
        ops.add(new Op(JMP_JEQ_K, whenTrue, whenFalse, k, null));
        return this;
    }

    Bpf jumpIfAtLeast(int k, String whenTrue, String whenFalse) {
        ops.add(new Op(JMP_JGE_K, whenTrue, whenFalse, k, null));
        return this;
    }

    Bpf jumpIfAnyBit(int k, String whenTrue, String whenFalse) {
        ops.add(new Op(JMP_JSET_K, whenTrue, whenFalse, k, null));
        return this;
    }

    Bpf jump(String target) {
        ops.add(new Op(JMP_JA, null, null, 0, target));
        return this;
    }

    Bpf ret(int value) {
        ops.add(new Op(RET_K, null, null, value, null));
        return this;
    }

    /** The program as {@code struct sock_filter[]}: u16 code, u8 jt, u8 jf, u32 k each. */
    byte[] assemble() {
        ByteBuffer out = ByteBuffer.allocate(ops.size() * 8).order(ByteOrder.nativeOrder());
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            int k = op.code() == JMP_JA ? offset(i, op.label(), 0xFFFF) : op.k();
            out.putShort((short) op.code());
            out.put((byte) offset(i, op.jumpTrue(), 0xFF));
            out.put((byte) offset(i, op.jumpFalse(), 0xFF));
            out.putInt(k);
        }
        return out.array();
    }

    private int offset(int from, String label, int max) {
        if (label == null) {
            return 0;
        }
        Integer target = labels.get(label);
        if (target == null) {
            throw new IllegalStateException("undefined label: " + label);
        }
        int offset = target - from - 1;
        if (offset < 0 || offset > max) {
            throw new IllegalStateException("jump to " + label + " out of range: " + offset);
        }
        return offset;
    }
}
