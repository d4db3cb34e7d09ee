package dev.cordon.approval;

import dev.cordon.request.Tool;
import java.io.BufferedReader;
import java.io.Console;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Asks a human at a terminal: shows the tool, the command or path, the rule that asked and why,
 * and reads {@code y} / {@code n} / {@code a}. Anything that is not a clear yes is a no: input
 * that cannot be understood is asked again a few times and then denied, end of input is denied.
 */
public final class TerminalApprover implements Approver {

    /** How many unclear answers are tolerated before the request is denied. */
    public static final int MAX_ATTEMPTS = 3;

    private static final String INDENT = "           ";

    private final BufferedReader in;
    private final PrintWriter out;
    private final AlwaysScope scope;

    /** @param scope how long an "always" lasts, as the prompt tells the human */
    public TerminalApprover(Reader in, PrintWriter out, AlwaysScope scope) {
        this.in = new BufferedReader(Objects.requireNonNull(in, "in"));
        this.out = Objects.requireNonNull(out, "out");
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    /** A prompt whose "always" lasts for the session. */
    public TerminalApprover(Reader in, PrintWriter out) {
        this(in, out, AlwaysScope.SESSION);
    }

    /**
     * The approver for the real terminal: the controlling terminal ({@code /dev/tty}) when there
     * is one, so that a hook protocol on stdin is left alone, else {@link System#console()}.
     * Empty when neither exists.
     */
    public static Optional<TerminalApprover> openConsole(AlwaysScope scope) {
        Objects.requireNonNull(scope, "scope");
        Optional<TerminalApprover> tty = openTty(scope);
        if (tty.isPresent()) {
            return tty;
        }
        Console console = System.console();
        if (console == null) {
            return Optional.empty();
        }
        return Optional.of(new TerminalApprover(console.reader(), console.writer(), scope));
    }

    /** {@link #openConsole(AlwaysScope)} for a session whose "always" ends with it. */
    public static Optional<TerminalApprover> openConsole() {
        return openConsole(AlwaysScope.SESSION);
    }

    private static Optional<TerminalApprover> openTty(AlwaysScope scope) {
        try {
            // fails with ENXIO when the process has no controlling terminal
            FileInputStream input = new FileInputStream("/dev/tty");
            try {
                FileOutputStream output = new FileOutputStream("/dev/tty");
                Charset charset = Charset.defaultCharset();
                return Optional.of(new TerminalApprover(new InputStreamReader(input, charset),
                        new PrintWriter(new OutputStreamWriter(output, charset)), scope));
            } catch (IOException e) {
                input.close();
                return Optional.empty();
            }
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized Answer ask(ApprovalRequest request) {
        Optional<ApprovalKey> key = ApprovalKey.of(request);
        showQuestion(request);
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            out.print(prompt(request, key));
            out.flush();
            String line = readLine();
            if (line == null) {
                out.println();
                out.println("no answer (input closed): denied");
                out.flush();
                return Answer.DENIED;
            }
            Optional<Answer> answer = parse(line);
            if (answer.isPresent() && answer.get() == Answer.APPROVED_ALWAYS && key.isEmpty()) {
                out.println(request.kind() == ApprovalRequest.Kind.ESCALATION
                        ? "\"always\" is not offered for weaker isolation; answer y or n"
                        : "\"always\" is not offered for this command (it is not one plain command); answer y or n");
            } else if (answer.isPresent()) {
                out.println(confirmation(answer.get(), key));
                out.flush();
                return answer.get();
            } else {
                out.println("please answer " + choices(key));
            }
        }
        out.println("no valid answer after " + MAX_ATTEMPTS + " tries: denied");
        out.flush();
        return Answer.DENIED;
    }

    private String readLine() {
        try {
            return in.readLine();
        } catch (IOException e) {
            // a terminal that cannot be read is no one answering
            return null;
        }
    }

    private void showQuestion(ApprovalRequest request) {
        out.println();
        out.println(request.kind() == ApprovalRequest.Kind.ESCALATION
                ? "cordon: weaker isolation requested"
                : "cordon: approval needed");
        out.println(field("tool", TerminalText.line(request.tool())));
        out.println(field(Tool.of(request.tool()).isShell() ? "command" : "path",
                TerminalText.block(request.commandOrPath(), INDENT)));
        for (String note : TerminalText.notes(request.commandOrPath())) {
            out.println(field("note", note));
        }
        out.println(field("rule", request.rule() == null ? "-" : TerminalText.line(request.rule())));
        out.println(field("why", request.reason() == null ? "-" : TerminalText.block(request.reason(), INDENT)));
    }

    private static String field(String name, String value) {
        return "  " + String.format("%-9s", name) + value;
    }

    private String prompt(ApprovalRequest request, Optional<ApprovalKey> key) {
        String question = request.kind() == ApprovalRequest.Kind.ESCALATION
                ? "allow weaker isolation for this call?"
                : "allow?";
        return question + " " + choices(key) + ": ";
    }

    private String choices(Optional<ApprovalKey> key) {
        return key.map(k -> "[y]es, [n]o, [a]lways for " + k.describe() + " " + lasting()).orElse("[y]es, [n]o");
    }

    private String confirmation(Answer answer, Optional<ApprovalKey> key) {
        return switch (answer) {
            case APPROVED -> "approved once";
            case DENIED -> "denied";
            case APPROVED_ALWAYS -> "approved: " + key.map(ApprovalKey::describe).orElse("") + " " + lasting();
        };
    }

    private String lasting() {
        return switch (scope) {
            case SESSION -> "in this session";
            case SAVED -> "from now on (kept in your approvals file)";
        };
    }

    /** {@code y}/{@code yes}, {@code n}/{@code no}, {@code a}/{@code always}, any case. */
    static Optional<Answer> parse(String line) {
        return switch (line.strip().toLowerCase(Locale.ROOT)) {
            case "y", "yes" -> Optional.of(Answer.APPROVED);
            case "n", "no" -> Optional.of(Answer.DENIED);
            case "a", "always" -> Optional.of(Answer.APPROVED_ALWAYS);
            default -> Optional.empty();
        };
    }
}
