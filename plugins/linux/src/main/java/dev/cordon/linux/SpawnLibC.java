package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The libc entry points of {@link NativeSpawn}, in a class of their own: registering fails as a
 * whole when one is missing ({@code posix_spawn_file_actions_addclosefrom_np} came with glibc
 * 2.34), and then only the native spawn is unavailable, not the rest of this library.
 */
final class SpawnLibC {

    static {
        Native.register(SpawnLibC.class, "c");
    }

    private SpawnLibC() {
    }

    /** Returns an error number instead of setting errno, as every {@code posix_spawn*} call does. */
    static native int posix_spawnp(int[] pid, byte[] file, Pointer actions, Pointer attributes, Pointer argv, Pointer envp);

    static native int posix_spawn_file_actions_init(Pointer actions);

    static native int posix_spawn_file_actions_destroy(Pointer actions);

    static native int posix_spawn_file_actions_addopen(Pointer actions, int fd, byte[] path, int flags, int mode);

    static native int posix_spawn_file_actions_adddup2(Pointer actions, int fd, int newFd);

    static native int posix_spawn_file_actions_addchdir_np(Pointer actions, byte[] path);

    static native int posix_spawn_file_actions_addclosefrom_np(Pointer actions, int from);

    static native int posix_spawnattr_init(Pointer attributes);

    static native int posix_spawnattr_destroy(Pointer attributes);

    static native int posix_spawnattr_setflags(Pointer attributes, short flags);

    static native int posix_spawnattr_setsigmask(Pointer attributes, Pointer mask);

    static native int sigemptyset(Pointer set);

    static native String strerror(int errno);

    static native int pipe2(int[] fds, int flags) throws LastErrorException;

    static native int fcntl(int fd, int command, int argument) throws LastErrorException;

    static native long read(int fd, byte[] buffer, long count) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native int waitid(int idType, int id, Pointer info, int options) throws LastErrorException;

    static native int memfd_create(String name, int flags) throws LastErrorException;

    static native long write(int fd, byte[] buffer, long count) throws LastErrorException;

    static native long pread(int fd, byte[] buffer, long count, long offset) throws LastErrorException;

    static native long lseek(int fd, long offset, int whence) throws LastErrorException;

    static native int waitpid(int pid, int[] status, int options) throws LastErrorException;
}
