package dev.cordon.linux;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Runs a seccomp program the way the kernel would, for the instructions {@link Bpf} emits, on a
 * {@code struct seccomp_data}: nr, arch, instruction pointer, six 64-bit arguments.
 */
final class BpfInterpreter {

    private final ByteBuffer program;

    BpfInterpreter(byte[] program) {
        this.program = ByteBuffer.wrap(program).order(ByteOrder.nativeOrder());
    }

    int run(int arch, int nr, long... args) {
        ByteBuffer data = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        data.putInt(0, nr);
        data.putInt(4, arch);
        for (int i = 0; i < args.length; i++) {
            data.putLong(16 + 8 * i, args[i]);
        }
        int accumulator = 0;
        int pc = 0;
        int count = program.capacity() / 8;
        for (int steps = 0; steps < 10_000; steps++) {
            if (pc < 0 || pc >= count) {
                throw new IllegalStateException("ran off the program at " + pc);
            }
            int base = pc * 8;
            int code = program.getShort(base) & 0xFFFF;
            int jt = program.get(base + 2) & 0xFF;
            int jf = program.get(base + 3) & 0xFF;
            int k = program.getInt(base + 4);
            switch (code) {
                case Bpf.LD_W_ABS -> {
                    if (k < 0 || k > 60 || k % 4 != 0) {
                        throw new IllegalStateException("bad load offset " + k);
                    }
                    accumulator = data.getInt(k);
                    pc++;
                }
                case Bpf.JMP_JEQ_K -> pc += 1 + (accumulator == k ? jt : jf);
                case Bpf.JMP_JGE_K -> pc += 1 + (Integer.compareUnsigned(accumulator, k) >= 0 ? jt : jf);
                case Bpf.JMP_JSET_K -> pc += 1 + ((accumulator & k) != 0 ? jt : jf);
                case Bpf.JMP_JA -> pc += 1 + k;
                case Bpf.RET_K -> {
                    return k;
                }
                default -> throw new IllegalStateException("unknown opcode " + code);
            }
        }
        throw new IllegalStateException("program does not terminate");
    }
}
