package dev.cordon.linux;

/**
 * Work done on the dedicated spawning thread before it starts the child, e.g. entering a cgroup
 * or restricting the thread with Landlock and seccomp. Whatever it changes about the thread, the
 * child inherits; the thread itself ends right after the start.
 */
@FunctionalInterface
public interface ThreadSetup {

    ThreadSetup NONE = () -> {
    };

    void apply() throws KernelException;
}
