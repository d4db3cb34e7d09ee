package dev.cordon.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts a child with glibc's {@code posix_spawnp} (a {@code vfork}-like clone and one
 * {@code execve}) instead of {@link ProcessBuilder#start()}, which on Linux first executes the
 * JDK's {@code jspawnhelper} and then the command: one exec fewer, measured at 0.7 ms against
 * 1.5 ms for {@code true} on the project's machines. It also hands the child descriptors above 2,
 * which the JDK cannot.
 *
 * <p>The child gets what {@link ProcessBuilder} would give it: the builder's argv (the program
 * looked up in this JVM's {@code PATH}, a file without a {@code #!} line run by {@code /bin/sh}),
 * exactly the builder's environment, its directory, its redirects, and no other descriptor of this JVM
 * ({@code posix_spawn_file_actions_addclosefrom_np}, glibc 2.34). Signal handlers are reset by
 * the exec, ignored signals stay ignored, and the signal mask is empty. The child is not known
 * to the JDK: the thread that starts it must {@link SpawnedProcess#reap()} it.
 */
public final class NativeSpawn {

    private static final int O_RDONLY = 0;
    private static final int O_WRONLY = 1;
    private static final int O_CREAT = 0100;
    private static final int O_TRUNC = 01000;
    private static final int O_APPEND = 02000;
    private static final int F_DUPFD_CLOEXEC = 1030;
    /** Where memory files' descriptors are copied before a start, above any inherited target. */
    private static final int RELOCATED_FROM = 64;
    private static final int ENOEXEC = 8;
    private static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    /** Larger than glibc's {@code posix_spawn_file_actions_t} (80 bytes) and attributes (336). */
    private static final int ACTIONS_BYTES = 128;
    private static final int ATTRIBUTES_BYTES = 512;
    private static final int SIGSET_BYTES = 128;
    private static final String SHELL = "/bin/sh";
    private static final Charset JNU = Charset.forName(System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name()));

    private static final Unavailability UNAVAILABLE = new Unavailability(NativeSpawn::probe);

    private NativeSpawn() {
    }

    /**
     * A file the child gets on a descriptor above 2: opened in the child by path, or a memory
     * file of this JVM duplicated. The descriptors of a start must be 3, 4, … without a gap.
     */
    public record Inherited(int fd, Path path, int flags, MemFile memory) {

        public Inherited {
            if (fd < 3) {
                throw new IllegalArgumentException("descriptors 0-2 are the standard streams: " + fd);
            }
        }

        /** {@code path} opened with {@code flags} in the child. */
        public static Inherited opened(int fd, Path path, int flags) {
            return new Inherited(fd, path, flags, null);
        }

        /** A memory file, sharing its offset with this JVM's descriptor. */
        public static Inherited duplicated(int fd, MemFile memory) {
            return new Inherited(fd, null, 0, memory);
        }
    }

    /**
     * Why children cannot be started this way here (a libc without the calls, e.g. glibc before
     * 2.34 or musl), or empty when they can. {@code -Dcordon.spawn=jdk} turns it off.
     */
    public static Optional<String> unavailable() {
        return UNAVAILABLE.get();
    }

    private static Optional<String> probe() {
        if ("jdk".equals(System.getProperty("cordon.spawn"))) {
            return Optional.of("turned off (cordon.spawn=jdk)");
        }
        try {
            SpawnLibC.sigemptyset(new Memory(SIGSET_BYTES));
            return Optional.empty();
        } catch (LinkageError e) {
            return Optional.of("this libc lacks posix_spawn_file_actions_addclosefrom_np (glibc 2.34): " + e.getMessage());
        }
    }

    /**
     * Starts the builder's command, on the calling thread, as described above. Standard input
     * must come from a file or be inherited (there is no stdin pipe); output and error may be
     * pipes, files or inherited.
     *
     * @throws IOException when the program cannot be started; the message has the JDK's form
     *     ({@code Cannot run program "x": error=2, No such file or directory})
     */
    public static SpawnedProcess start(ProcessBuilder builder, List<Inherited> inherited) throws IOException {
        if (builder.redirectInput() == ProcessBuilder.Redirect.PIPE) {
            throw new IllegalArgumentException("a native spawn reads standard input from a file or inherits it");
        }
        List<String> command = builder.command();
        if (command.isEmpty()) {
            throw new IndexOutOfBoundsException("empty command");
        }
        String[] argv = command.toArray(new String[0]);
        String[] envp = environment(builder.environment());
        for (String text : argv) {
            checkNoNul(text);
        }
        for (String text : envp) {
            checkNoNul(text);
        }
        List<Integer> parentEnds = new ArrayList<>();
        List<Integer> ours = new ArrayList<>();
        boolean started = false;
        try {
            int[] out = builder.redirectOutput() == ProcessBuilder.Redirect.PIPE ? pipe(parentEnds, ours) : null;
            int[] err = builder.redirectError() == ProcessBuilder.Redirect.PIPE && !builder.redirectErrorStream()
                    ? pipe(parentEnds, ours) : null;
            int pid = spawn(argv, envp, builder, out, err, inherited);
            started = true;
            return new SpawnedProcess(pid, pidfd(pid), out == null ? InputStream.nullInputStream() : new PipeInputStream(out[0]),
                    err == null ? InputStream.nullInputStream() : new PipeInputStream(err[0]));
        } finally {
            parentEnds.forEach(NativeSpawn::closeQuietly);
            if (!started) {
                ours.forEach(NativeSpawn::closeQuietly);
            }
        }
    }

    private static int spawn(String[] argv, String[] envp, ProcessBuilder builder, int[] out, int[] err,
            List<Inherited> inherited) throws IOException {
        checkContiguous(inherited);
        // A memory file's own descriptor may be one of the targets: a copy far above them is
        // duplicated instead, so that no duplication overwrites another's source.
        Map<Integer, Integer> relocated = new java.util.HashMap<>();
        try (Scratch scratch = new Scratch()) {
            for (Inherited file : inherited) {
                if (file.memory() != null) {
                    relocated.put(file.fd(), relocate(file.memory().descriptor()));
                }
            }
            return spawn(scratch, argv, envp, builder, out, err, inherited, relocated);
        } finally {
            relocated.values().forEach(NativeSpawn::closeQuietly);
        }
    }

    static void checkContiguous(List<Inherited> inherited) {
        for (int i = 0; i < inherited.size(); i++) {
            if (inherited.get(i).fd() != 3 + i) {
                throw new IllegalArgumentException("inherited descriptors must be 3, 4, … in order: " + inherited);
            }
        }
    }

    private static int relocate(int fd) throws IOException {
        try {
            return SpawnLibC.fcntl(fd, F_DUPFD_CLOEXEC, RELOCATED_FROM);
        } catch (LastErrorException e) {
            throw new IOException("fcntl(F_DUPFD_CLOEXEC): " + Errno.describe(e.getErrorCode()), e);
        }
    }

    private static int spawn(Scratch scratch, String[] argv, String[] envp, ProcessBuilder builder, int[] out, int[] err,
            List<Inherited> inherited, Map<Integer, Integer> relocated) throws IOException {
        File directory = builder.directory();
        Pointer actions = scratch.zeroed(ACTIONS_BYTES);
        Pointer attributes = scratch.zeroed(ATTRIBUTES_BYTES);
        Pointer mask = scratch.zeroed(SIGSET_BYTES);
        check(SpawnLibC.posix_spawn_file_actions_init(actions), argv, directory);
        try {
            check(SpawnLibC.posix_spawnattr_init(attributes), argv, directory);
            try {
                redirect(actions, 1, builder.redirectOutput(), out, argv, directory);
                if (builder.redirectErrorStream()) {
                    check(SpawnLibC.posix_spawn_file_actions_adddup2(actions, 1, 2), argv, directory);
                } else {
                    redirect(actions, 2, builder.redirectError(), err, argv, directory);
                }
                redirect(actions, 0, builder.redirectInput(), null, argv, directory);
                // The files asked for take descriptors 3..n, over whatever this JVM has there; every
                // other descriptor of this JVM goes (many are not close-on-exec).
                for (Inherited file : inherited) {
                    if (file.memory() != null) {
                        check(SpawnLibC.posix_spawn_file_actions_adddup2(actions, relocated.get(file.fd()), file.fd()),
                                argv, directory);
                    } else {
                        check(SpawnLibC.posix_spawn_file_actions_addopen(actions, file.fd(),
                                cString(file.path().toString()), file.flags(), 0), argv, directory);
                    }
                }
                check(SpawnLibC.posix_spawn_file_actions_addclosefrom_np(actions, 3 + inherited.size()), argv, directory);
                if (directory != null) {
                    check(SpawnLibC.posix_spawn_file_actions_addchdir_np(actions, cString(directory.getPath())), argv,
                            directory);
                }
                SpawnLibC.sigemptyset(mask);
                check(SpawnLibC.posix_spawnattr_setsigmask(attributes, mask), argv, directory);
                check(SpawnLibC.posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGMASK), argv, directory);
                int[] pid = new int[1];
                Pointer environment = scratch.stringArray(envp);
                int result = spawnp(scratch, pid, argv, environment, actions, attributes);
                if (result == ENOEXEC) {
                    // A file without a #! line: run by the shell, as the JDK and execvp do.
                    Optional<String> file = resolve(argv[0]);
                    if (file.isPresent()) {
                        String[] viaShell = new String[argv.length + 1];
                        viaShell[0] = SHELL;
                        viaShell[1] = file.get();
                        System.arraycopy(argv, 1, viaShell, 2, argv.length - 1);
                        result = spawnp(scratch, pid, viaShell, environment, actions, attributes);
                    }
                }
                check(result, argv, directory);
                return pid[0];
            } finally {
                SpawnLibC.posix_spawnattr_destroy(attributes);
            }
        } finally {
            SpawnLibC.posix_spawn_file_actions_destroy(actions);
        }
    }

    /** One standard stream: a pipe's child end, a file, or inherited from this JVM (nothing to do). */
    private static void redirect(Pointer actions, int fd, ProcessBuilder.Redirect redirect, int[] pipe, String[] argv,
            File directory) throws IOException {
        switch (redirect.type()) {
            case PIPE -> check(SpawnLibC.posix_spawn_file_actions_adddup2(actions, pipe[1], fd),
                    argv, directory);
            case READ -> check(SpawnLibC.posix_spawn_file_actions_addopen(actions, fd, cString(redirect.file().getPath()),
                    O_RDONLY, 0), argv, directory);
            case WRITE -> check(SpawnLibC.posix_spawn_file_actions_addopen(actions, fd, cString(redirect.file().getPath()),
                    O_WRONLY | O_CREAT | O_TRUNC, 0666), argv, directory);
            case APPEND -> check(SpawnLibC.posix_spawn_file_actions_addopen(actions, fd, cString(redirect.file().getPath()),
                    O_WRONLY | O_CREAT | O_APPEND, 0666), argv, directory);
            case INHERIT -> {
                // The child keeps this JVM's descriptor: closefrom starts above 2.
            }
        }
    }

    private static int spawnp(Scratch scratch, int[] pid, String[] argv, Pointer envp, Pointer actions,
            Pointer attributes) {
        return SpawnLibC.posix_spawnp(pid, cString(argv[0]), actions, attributes, scratch.stringArray(argv), envp);
    }

    /** The file {@code posix_spawnp} ran for a program name: itself with a slash, else the first in {@code PATH}. */
    private static Optional<String> resolve(String program) {
        if (program.contains("/")) {
            return Optional.of(program);
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "/bin:/usr/bin" : path).split(":", -1)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }

    private static String[] environment(Map<String, String> env) {
        List<String> entries = new ArrayList<>(env.size());
        env.forEach((key, value) -> entries.add(key + "=" + value));
        return entries.toArray(new String[0]);
    }

    /**
     * A pipe whose ends are both above 2 (a JVM started with a standard stream closed) and close
     * on exec; {@code [0]} is ours (closed only if the start fails), {@code [1]} the child's
     * (closed in this JVM once the child has it).
     */
    private static int[] pipe(List<Integer> parentEnds, List<Integer> ours) throws IOException {
        int[] fds = new int[2];
        try {
            SpawnLibC.pipe2(fds, LibC.O_CLOEXEC);
            for (int i = 0; i < 2; i++) {
                if (fds[i] < 3) {
                    int moved = SpawnLibC.fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
                    closeQuietly(fds[i]);
                    fds[i] = moved;
                }
            }
            ours.add(fds[0]);
            parentEnds.add(fds[1]);
            return fds;
        } catch (LastErrorException e) {
            throw new IOException("pipe2: " + Errno.describe(e.getErrorCode()), e);
        }
    }

    private static void check(int result, String[] argv, File directory) throws IOException {
        if (result != 0) {
            throw new IOException("Cannot run program \"" + argv[0] + "\""
                    + (directory == null ? "" : " (in directory \"" + directory + "\")") + ": error=" + result + ", "
                    + SpawnLibC.strerror(result));
        }
    }

    /**
     * A pidfd of the child (Linux 5.3), or -1 without one. Nobody can have reaped the child yet,
     * so the pid is still its own.
     */
    private static int pidfd(int pid) {
        try {
            return (int) Syscalls.call(Syscall.PIDFD_OPEN, (long) pid, 0L);
        } catch (KernelException e) {
            return -1;
        }
    }

    private static void checkNoNul(String text) throws IOException {
        if (text.indexOf('\0') >= 0) {
            throw new IOException("invalid null character in command");
        }
    }

    private static byte[] cString(String text) {
        byte[] bytes = text.getBytes(JNU);
        return java.util.Arrays.copyOf(bytes, bytes.length + 1);
    }

    static void closeQuietly(int fd) {
        try {
            SpawnLibC.close(fd);
        } catch (LastErrorException e) {
            // Nothing to do about a failed close of a pipe end.
        }
    }
}
