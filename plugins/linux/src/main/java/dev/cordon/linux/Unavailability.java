package dev.cordon.linux;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Why a kernel facility cannot be used by this process, found out by a probe the first time it is
 * asked and then kept: the answer does not change while the process runs, and a probe may cost a
 * thread or a system call that fails. Two threads asking at once may both probe; both get the
 * same answer.
 */
final class Unavailability {

    private final Supplier<Optional<String>> probe;
    private volatile Optional<String> known;

    Unavailability(Supplier<Optional<String>> probe) {
        this.probe = probe;
    }

    /** The reason it cannot be used, or empty when it can. */
    Optional<String> get() {
        Optional<String> answer = known;
        if (answer == null) {
            answer = probe.get();
            known = answer;
        }
        return answer;
    }
}
