package dev.cordon.approval;

import dev.cordon.diagnostic.Provenance;
import java.util.List;

/**
 * An "always" answer kept beyond one session: a reviewable entry in the user's own approvals
 * file. It turns a soft ASK (forced ASK, approval requirements) for this tool and command prefix
 * into ALLOW; it never overrides a hard gate and never covers a request for weaker isolation.
 *
 * @param id stable id shown as the deciding rule, e.g. {@code approved.npm-test}
 * @param tool the tool name it covers
 * @param prefix the leading words of the command it covers (empty for a file tool)
 * @param source where the entry is in the approvals file it was read from
 */
public record StandingApproval(String id, String tool, List<String> prefix, Provenance source) {

    public StandingApproval {
        prefix = List.copyOf(prefix);
    }
}
