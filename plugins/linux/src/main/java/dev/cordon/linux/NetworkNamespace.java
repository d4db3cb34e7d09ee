package dev.cordon.linux;

import com.sun.jna.Memory;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A network namespace of its own for the calling thread, with its loopback interface up and
 * nothing else: no route leaves it. Sockets the thread creates afterwards, and every process it
 * starts, live in it; the rest of the JVM stays in the host's. A listener the thread opens there
 * can be served by any thread of the JVM, which is how the egress proxy answers inside the sandbox
 * without a process of its own.
 *
 * <p>Like {@link MountNamespace}, {@code unshare(CLONE_NEWNET)} works on one thread of a
 * multi-threaded process but needs {@code CAP_SYS_ADMIN}; a process without it cannot get one
 * here at all ({@code CLONE_NEWUSER} is refused in a multi-threaded process).
 */
public final class NetworkNamespace {

    private static final long CLONE_NEWNET = 0x40000000L;
    private static final int AF_INET = 2;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_CLOEXEC = 02000000;
    private static final int SIOCGIFFLAGS = 0x8913;
    private static final int SIOCSIFFLAGS = 0x8914;
    private static final int IFF_UP = 0x1;
    /** {@code struct ifreq}: the interface name, then a union whose first member is the flags. */
    private static final int IFREQ_SIZE = 40;
    private static final int IFREQ_FLAGS = 16;
    private static final int CAP_SYS_ADMIN = 21;

    private static final Unavailability UNAVAILABLE = new Unavailability(NetworkNamespace::probe);

    private NetworkNamespace() {
    }

    /**
     * Why this process cannot give a thread a network namespace, or empty when it can. Tried once,
     * on a throwaway thread.
     */
    public static Optional<String> unavailable() {
        return UNAVAILABLE.get();
    }

    private static Optional<String> probe() {
        try {
            if ((Capabilities.current().effective() & (1L << CAP_SYS_ADMIN)) == 0) {
                return Optional.of("a network namespace of the sandbox's own needs CAP_SYS_ADMIN, and cordon does not"
                        + " run as root (a user namespace, which would give it, cannot be made in a multi-threaded"
                        + " JVM)");
            }
        } catch (KernelException e) {
            return Optional.of("cannot read capabilities: " + e.getMessage());
        }
        AtomicReference<String> failure = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                enter();
            } catch (KernelException | RuntimeException | LinkageError e) {
                failure.set(e.getMessage());
            }
        }, "cordon-netns-probe");
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while trying a network namespace");
        }
        return Optional.ofNullable(failure.get()).map(message -> "a network namespace is refused here: " + message);
    }

    /**
     * Moves the calling thread into a new network namespace and brings its loopback up. Call it on
     * a thread that starts one child and ends.
     */
    public static void enter() throws KernelException {
        Syscalls.call(Syscall.UNSHARE, CLONE_NEWNET);
        int socket = (int) Syscalls.call(Syscall.SOCKET, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        try (Memory request = new Memory(IFREQ_SIZE)) {
            request.clear();
            request.write(0, "lo".getBytes(StandardCharsets.US_ASCII), 0, 2);
            Syscalls.call(Syscall.IOCTL, socket, SIOCGIFFLAGS, request);
            request.setShort(IFREQ_FLAGS, (short) (request.getShort(IFREQ_FLAGS) | IFF_UP));
            Syscalls.call(Syscall.IOCTL, socket, SIOCSIFFLAGS, request);
        } finally {
            LibC.close(socket);
        }
    }
}
