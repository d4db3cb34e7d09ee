package dev.cordon.linux;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Native memory for the arguments of a burst of calls (paths, structs), taken from a few large
 * blocks and freed together on {@link #close()}. Each JNA {@link Memory} costs about a
 * microsecond (a malloc, a map entry and a cleaner), and a confined start made about a hundred.
 */
final class Scratch implements AutoCloseable {

    private static final long BLOCK = 8192;
    private static final Charset JNU =
            Charset.forName(System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name()));

    private final List<Memory> blocks = new ArrayList<>();
    private Memory current;
    private long used;

    /** {@code bytes} of zeroed memory, 8-byte aligned. */
    Pointer zeroed(long bytes) {
        Pointer pointer = take(bytes);
        pointer.setMemory(0, bytes, (byte) 0);
        return pointer;
    }

    /** A path as the kernel wants it: the platform file-name encoding, NUL-terminated. */
    Pointer cString(Path path) {
        return terminated(path.toString().getBytes(JNU));
    }

    /** Text as UTF-8, NUL-terminated. */
    Pointer cString(String text) {
        return terminated(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A copy of {@code bytes}. */
    Pointer bytes(byte[] bytes) {
        Pointer pointer = take(bytes.length);
        pointer.write(0, bytes, 0, bytes.length);
        return pointer;
    }

    /** A NULL-terminated {@code char *[]} of the strings, in the platform file-name encoding. */
    Pointer stringArray(String[] values) {
        Pointer array = zeroed((values.length + 1L) * com.sun.jna.Native.POINTER_SIZE);
        for (int i = 0; i < values.length; i++) {
            array.setPointer((long) i * com.sun.jna.Native.POINTER_SIZE, terminated(values[i].getBytes(JNU)));
        }
        return array;
    }

    private Pointer terminated(byte[] bytes) {
        Pointer pointer = take(bytes.length + 1L);
        pointer.write(0, bytes, 0, bytes.length);
        pointer.setByte(bytes.length, (byte) 0);
        return pointer;
    }

    private Pointer take(long bytes) {
        long aligned = (bytes + 7) & ~7L;
        if (current == null || used + aligned > current.size()) {
            current = new Memory(Math.max(BLOCK, aligned));
            blocks.add(current);
            used = 0;
        }
        Pointer pointer = new Pointer(Pointer.nativeValue(current) + used);
        used += aligned;
        return pointer;
    }

    @Override
    public void close() {
        blocks.forEach(Memory::close);
        blocks.clear();
        current = null;
    }
}
