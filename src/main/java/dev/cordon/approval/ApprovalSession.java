package dev.cordon.approval;

import dev.cordon.diagnostic.PolicyException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The approvals of one session: asks through an {@link Approver} and remembers an "always"
 * answer for the rest of the session, per tool and command prefix ({@link ApprovalKey}). A
 * request for weaker isolation is always asked, whatever was answered before. Optionally an
 * "always" is also kept beyond the session as a standing approval in the user's own file.
 *
 * <p>Thread-safe: a session may serve concurrent tool calls; they are asked one at a time.
 */
public final class ApprovalSession implements Approver {

    private final Approver asker;
    private final Path standingFile;
    private final Clock clock;
    private final Set<ApprovalKey> remembered = new LinkedHashSet<>();

    private ApprovalSession(Approver asker, Path standingFile, Clock clock) {
        this.asker = Objects.requireNonNull(asker, "asker");
        this.standingFile = standingFile;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A session that remembers "always" answers until it ends. */
    public static ApprovalSession inMemory(Approver asker) {
        return new ApprovalSession(asker, null, Clock.systemUTC());
    }

    /**
     * A session that also writes each "always" answer to the user's approvals file (see
     * {@link StandingApprovals#userFile}), never to a project file.
     */
    public static ApprovalSession keepingAlwaysIn(Approver asker, Path userApprovalsFile, Clock clock) {
        return new ApprovalSession(asker, Objects.requireNonNull(userApprovalsFile, "userApprovalsFile"), clock);
    }

    @Override
    public Answer ask(ApprovalRequest request) {
        return resolve(request).answer();
    }

    @Override
    public String denialMessage(ApprovalRequest request) {
        return asker.denialMessage(request);
    }

    /** Answers from memory when an earlier "always" covers the request, else asks. */
    public synchronized Outcome resolve(ApprovalRequest request) {
        Optional<ApprovalKey> key = ApprovalKey.of(request);
        if (key.isPresent() && remembered.contains(key.get())) {
            return new Outcome(Answer.APPROVED, Source.REMEMBERED, key.get(), null, null);
        }
        Answer answer = asker.ask(request);
        if (answer != Answer.APPROVED_ALWAYS) {
            return new Outcome(answer, Source.ASKED, null, null, null);
        }
        if (key.isEmpty()) {
            // an approver offered "always" where it must not count (weaker isolation, compound
            // command): it approves this one call only
            return new Outcome(Answer.APPROVED, Source.ASKED, null, null, null);
        }
        remembered.add(key.get());
        if (standingFile == null) {
            return new Outcome(answer, Source.ASKED, key.get(), null, null);
        }
        try {
            String id = StandingApprovals.append(standingFile, key.get(), clock.instant()).id();
            return new Outcome(answer, Source.ASKED, key.get(), id, null);
        } catch (IOException | UncheckedIOException | PolicyException e) {
            // the answer still holds for this session; the user is told it was not kept
            String warning = "could not keep the approval for " + key.get().describe() + " in `"
                    + standingFile + "`: " + firstLine(e.getMessage());
            return new Outcome(answer, Source.ASKED, key.get(), null, warning);
        }
    }

    /** The keys remembered so far, in the order they were approved. */
    public synchronized List<ApprovalKey> remembered() {
        return List.copyOf(remembered);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /** Where an answer came from. */
    public enum Source {
        /** The approver was asked. */
        ASKED,
        /** An earlier "always" in this session covered it; no one was asked. */
        REMEMBERED
    }

    /**
     * The result of {@link #resolve}.
     *
     * @param answer the answer to act on ({@link Answer#APPROVED} when remembered)
     * @param source asked now or remembered
     * @param key the key remembered or used, or null
     * @param standingId the id of the standing approval written for it, or null
     * @param warning a one-line problem to show the user (e.g. the approvals file could not be
     *     written), or null
     */
    public record Outcome(Answer answer, Source source, ApprovalKey key, String standingId, String warning) {

        /** The label for the audit log: the answer, or {@code REMEMBERED}. */
        public String auditLabel() {
            return source == Source.REMEMBERED ? "REMEMBERED" : answer.name();
        }
    }
}
