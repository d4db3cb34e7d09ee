package dev.cordon.hook;

/**
 * What the hook command prints and how it exits.
 *
 * @param exitCode the exit code
 * @param stdout standard output: the agent's answer, or nothing
 * @param stderr standard error: the reason of a refusal, or nothing
 */
public record HookAnswer(int exitCode, String stdout, String stderr) {

    /**
     * The exit code of a refusal made before any decision. Claude Code, Codex and Gemini CLI all
     * block the tool on exit 2 and show standard error as the reason; exit 1 would let it run.
     */
    public static final int REFUSED = 2;

    /** Exit 0 with nothing on standard output: the agent carries on as it would without cordon. */
    public static HookAnswer silent() {
        return new HookAnswer(0, "", "");
    }

    /** Exit 0 with this JSON line on standard output. */
    public static HookAnswer json(String line) {
        return new HookAnswer(0, line + "\n", "");
    }

    /** The tool must not run; nothing was decided (bad input, a time-out, an error). */
    public static HookAnswer refusal(String reason) {
        return new HookAnswer(REFUSED, "", "cordon: refused: " + oneLine(reason) + "\n");
    }

    /** Whether this is a refusal made before any decision. */
    public boolean refused() {
        return exitCode == REFUSED;
    }

    /** The reason of a refusal, without the prefix. */
    public String refusalReason() {
        String text = stderr.strip();
        return text.startsWith("cordon: refused: ") ? text.substring("cordon: refused: ".length()) : text;
    }

    private static String oneLine(String text) {
        return text == null ? "no reason given" : text.replace('\n', ' ').replace('\r', ' ').replace('\0', ' ');
    }
}
