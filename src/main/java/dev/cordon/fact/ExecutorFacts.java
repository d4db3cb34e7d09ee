package dev.cordon.fact;

/**
 * The executor that would run the command, as far as the policy cares: gate 7 (forced ASK)
 * depends on whether it isolates writes.
 *
 * @param id the executor's id, e.g. {@code landlock}
 * @param writeIsolation the OS confines writes to the profile's roots
 * @param readIsolation the OS confines reads to the profile's roots
 * @param networkIsolation the OS confines network access
 */
public record ExecutorFacts(String id, boolean writeIsolation, boolean readIsolation, boolean networkIsolation) {

    /** No isolation at all ({@code local}). */
    public static ExecutorFacts none(String id) {
        return new ExecutorFacts(id, false, false, false);
    }
}
