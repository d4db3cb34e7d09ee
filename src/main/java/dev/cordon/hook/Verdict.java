package dev.cordon.hook;

import dev.cordon.decision.Decision;
import dev.cordon.profile.Profile;
import java.util.EnumSet;
import java.util.Set;

/**
 * What cordon decided about a tool call, with what the answer needs.
 *
 * @param decision the decision in force (ALLOW in modes that only report)
 * @param decided what the policy decided, which differs from {@code decision} in modes
 *     {@code permissive} and {@code off}
 * @param rule the deciding rule, or the profile setting that decided
 * @param file where it is defined
 * @param line its line there, 0 when unknown
 * @param reason the message for the agent
 * @param profile the profile in force
 * @param mode its mode
 * @param answers the profile's hook settings
 * @param confined for a SANDBOX shell command: the command line that runs it under
 *     {@code cordon run}; else null
 */
public record Verdict(Decision decision, Decision decided, String rule, String file, int line, String reason,
        String profile, Profile.Mode mode, Profile.Hooks answers, String confined) {

    /** What an agent's hooks can do besides allow and deny. */
    public enum Can {
        /** Answer "ask": the agent asks its user. */
        ASK,
        /** Replace the tool's input, so a command can run under {@code cordon run}. */
        REWRITE_INPUT
    }

    /** The answer, in terms every protocol maps to its own. */
    public enum Reply {
        /** Say nothing: the agent's own permission flow decides. */
        SILENT,
        ALLOW,
        ASK,
        DENY,
        /** Run the command under {@code cordon run} without the agent's prompt. */
        CONFINE,
        /** Run the command under {@code cordon run} once the user agrees. */
        CONFINE_ASK
    }

    /** The reply for an agent that can do these things. */
    public Reply reply(ToolCall call, Set<Can> can) {
        Set<Can> abilities = can.isEmpty() ? EnumSet.noneOf(Can.class) : EnumSet.copyOf(can);
        boolean allowAnswers = answers.allow() == Profile.AllowAnswer.ALLOW;
        return switch (decision) {
            case ALLOW -> allowAnswers ? Reply.ALLOW : Reply.SILENT;
            case ASK -> abilities.contains(Can.ASK) ? Reply.ASK : Reply.DENY;
            case DENY -> Reply.DENY;
            case SANDBOX -> {
                if (confined != null && call.rewritable() && abilities.contains(Can.REWRITE_INPUT)) {
                    yield allowAnswers ? Reply.CONFINE : abilities.contains(Can.ASK) ? Reply.CONFINE_ASK : Reply.DENY;
                }
                yield answers.sandbox() == Profile.SandboxAnswer.ASK && abilities.contains(Can.ASK) ? Reply.ASK
                        : Reply.DENY;
            }
        };
    }

    /** {@code file:line} of the deciding rule or setting. */
    public String location() {
        return line > 0 ? file + ":" + line : file;
    }

    /** The reason with the deciding rule and where it is, for the agent and its user. */
    public String explained() {
        String why = decided == decision ? reason
                : "mode `" + mode.name().toLowerCase(java.util.Locale.ROOT) + "` only reports; the policy says "
                        + decided + ": " + reason;
        return "cordon: " + why + " [" + rule + ", " + location() + "]";
    }

    /** The explanation of a reply that is not simply the decision. */
    public String explained(Reply reply, String agent) {
        if (decision == Decision.SANDBOX) {
            return switch (reply) {
                case CONFINE, CONFINE_ASK -> "cordon: runs confined under `cordon run`: " + reason
                        + " [" + rule + ", " + location() + "]";
                default -> "cordon: " + reason + "; it may only run in a sandbox, which " + agent
                        + " cannot arrange from a hook [" + rule + ", " + location() + "]";
            };
        }
        if (decision == Decision.ASK && reply == Reply.DENY) {
            return "cordon: " + reason + "; it needs a human's approval, which " + agent
                    + " hooks cannot ask for, so it is refused [" + rule + ", " + location() + "]";
        }
        return explained();
    }
}
