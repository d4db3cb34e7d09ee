package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The few libc entry points this library needs. Every argument of {@link #syscall} is passed as
 * a {@code Long} or a pointer: the kernel reads whole registers, and a narrower Java integer would
 * leave their upper half undefined.
 */
interface LibC extends Library {

    int O_PATH = 010000000;
    int O_CLOEXEC = 02000000;

    long syscall(long number, Object... args) throws LastErrorException;

    int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;

    int open(byte[] path, int flags, int mode) throws LastErrorException;

    int close(int fd) throws LastErrorException;

    int getpid();

    /** Loaded on first use; the first load costs about 100 ms in a cold JVM. */
    static LibC get() {
        return Holder.INSTANCE;
    }

    /** A path as the kernel wants it: bytes in the platform file-name encoding, NUL-terminated. */
    static byte[] cPath(Path path) {
        String encoding = System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name());
        byte[] bytes = path.toString().getBytes(Charset.forName(encoding));
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /** Lazy holder so that merely referencing the interface loads nothing. */
    final class Holder {
        static final LibC INSTANCE = Native.load("c", LibC.class);

        private Holder() {
        }
    }
}
