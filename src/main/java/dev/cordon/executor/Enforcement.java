package dev.cordon.executor;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.Executor;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the kernel keeps of one confinement under one executor, and what only the policy layer
 * does (a gap). Every promise of the confinement is in exactly one of the two lists; a promise
 * the executor does not answer for is a gap.
 *
 * @param kernel promises the kernel keeps, with how
 * @param policy promises left to the policy layer, with why
 */
public record Enforcement(List<Guarantee> kernel, List<Guarantee> policy) {

    /** Nothing promised, nothing kept: no executor, or mode {@code off}. */
    public static final Enforcement NONE = new Enforcement(List.of(), List.of());

    public Enforcement {
        kernel = List.copyOf(kernel);
        policy = List.copyOf(policy);
    }

    public static Enforcement of(Executor executor, Confinement confinement) {
        List<Guarantee> answers;
        try {
            answers = executor.guarantees(confinement);
        } catch (RuntimeException e) {
            answers = List.of();
        }
        List<Guarantee> kernel = new ArrayList<>();
        List<Guarantee> policy = new ArrayList<>();
        for (Promise promise : Promise.madeBy(confinement)) {
            Guarantee answer = answers == null ? null
                    : answers.stream().filter(g -> g != null && g.promise() == promise).findFirst().orElse(null);
            if (answer == null) {
                policy.add(Guarantee.policy(promise, "the " + executor.id() + " executor does not say"));
            } else if (answer.byKernel()) {
                kernel.add(answer);
            } else {
                policy.add(answer);
            }
        }
        return new Enforcement(kernel, policy);
    }

    /** Whether the kernel keeps every promise. */
    public boolean complete() {
        return policy.isEmpty();
    }

    /** The same, with {@code promise} left to the policy layer for a reason outside the executor. */
    public Enforcement withGap(Promise promise, String why) {
        List<Guarantee> kept = kernel.stream().filter(g -> g.promise() != promise).toList();
        List<Guarantee> gaps = new ArrayList<>(policy.stream().filter(g -> g.promise() != promise).toList());
        gaps.add(Guarantee.policy(promise, why));
        return new Enforcement(kept, gaps);
    }

    /** The gaps in one line: {@code metadata (needs a mount namespace…); temp-size (…)}. */
    public String gaps() {
        return policy.stream().map(g -> name(g.promise()) + " (" + g.detail() + ")").collect(Collectors.joining("; "));
    }

    /** A promise as users read it: {@code protected-paths}. */
    public static String name(Promise promise) {
        return promise.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
