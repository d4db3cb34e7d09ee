package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The few libc entry points this library needs, bound with JNA's direct mapping: a call costs
 * about a microsecond instead of the several of an interface proxy, which matters when dropping
 * forty-one capabilities on every start. The class loads libc on first use (about 100 ms in a
 * cold JVM). {@code syscall} is variadic in C; calling it with six integer registers is what
 * the variadic convention does on x86-64 and aarch64 Linux.
 */
final class LibC {

    static final int O_PATH = 010000000;
    static final int O_CLOEXEC = 02000000;
    private static final Charset JNU =
            Charset.forName(System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name()));

    static {
        Native.register(LibC.class, "c");
    }

    private LibC() {
    }

    static native long syscall(long number, long a1, long a2, long a3, long a4, long a5) throws LastErrorException;

    static native int prctl(int option, long arg2, long arg3, long arg4, long arg5) throws LastErrorException;

    static native int open(byte[] path, int flags, int mode) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    /** Returns -1 on failure without fetching errno (no exception for an existing directory). */
    static native int mkdir(byte[] path, int mode);

    /** A path as the kernel wants it: bytes in the platform file-name encoding, NUL-terminated. */
    static byte[] cPath(Path path) {
        byte[] bytes = path.toString().getBytes(JNU);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }
}
