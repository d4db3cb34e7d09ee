package dev.cordon.approval;

import dev.cordon.request.Tool;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What an "always" answer is remembered by: the tool and, for a shell tool, the command prefix.
 * A file tool's key has an empty prefix: "always" for {@code write_file} covers every later
 * {@code write_file} call that a soft rule asks about.
 *
 * @param tool the tool name
 * @param prefix the leading command words; empty for a file tool
 */
public record ApprovalKey(String tool, List<String> prefix) {

    private static final Pattern TOOL = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    public ApprovalKey {
        Objects.requireNonNull(tool, "tool");
        prefix = List.copyOf(prefix);
    }

    /**
     * The key a request would be remembered by, or empty when it may not be remembered at all:
     * a request for weaker isolation, a shell command that is not one plain command (see
     * {@link CommandPrefix}), or an odd tool name.
     */
    public static Optional<ApprovalKey> of(ApprovalRequest request) {
        if (request.kind() == ApprovalRequest.Kind.ESCALATION || !TOOL.matcher(request.tool()).matches()) {
            return Optional.empty();
        }
        if (!Tool.of(request.tool()).isShell()) {
            return Optional.of(new ApprovalKey(request.tool(), List.of()));
        }
        return CommandPrefix.of(request.commandOrPath()).map(prefix -> new ApprovalKey(request.tool(), prefix));
    }

    /** How the key reads to a human: {@code bash `npm test`} or {@code write_file}. */
    public String describe() {
        return prefix.isEmpty() ? tool : tool + " `" + String.join(" ", prefix) + "`";
    }
}
