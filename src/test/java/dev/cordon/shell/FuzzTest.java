package dev.cordon.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property tests with seeded randomness: no input makes the parser throw or fail internally, and
 * generated well-formed lines give back exactly the commands they were built from.
 */
class FuzzTest {

    private static final String INTERNAL = "internal parser error";

    private static final String ALPHABET =
            "abcxyz019 \t\n;&|()<>{}[]$`'\"\\#=~*?!@%^+-,.:/_";

    private static final String[] TOKENS = {
        "a", "rm", "-rf", "/", "~", "$HOME", "${x:-y}", "$(", ")", "`", "'", "\"", "$'", "\\", "(", "{", "}",
        ";", ";;", "&", "&&", "|", "||", "|&", "<", ">", ">>", "<<", "<<-", "<<<", "&>", "2>&1", ">&", "<(",
        ">(", "$((", "))", "((", "if", "then", "elif", "else", "fi", "for", "in", "do", "done", "while", "until",
        "case", "esac", "function", "f()", "[[", "]]", "!", "time", "\n", " ", "EOF", "bash", "-c", "sudo", "env",
        "eval", "find", "-exec", "\\;", "xargs", "{a,b}", "{1..3}", "*", "@(", "x=", "a=(", "#", "\\\n", "$'\\x41'",
        "coproc", "select", "watch", "flock", "su", "echo", "printf", "sh", "-S", "--", "=", "{}",
    };

    @Test
    void randomCharactersNeverBreakTheParser() {
        Random random = new Random(20240611L);
        for (int i = 0; i < 3000; i++) {
            int length = random.nextInt(60);
            StringBuilder line = new StringBuilder(length);
            for (int k = 0; k < length; k++) {
                line.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            assertParses(line.toString());
        }
    }

    @Test
    void randomTokenSoupsNeverBreakTheParser() {
        Random random = new Random(7L);
        for (int i = 0; i < 3000; i++) {
            int count = random.nextInt(25);
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < count; k++) {
                line.append(TOKENS[random.nextInt(TOKENS.length)]);
                if (random.nextInt(3) > 0) {
                    line.append(' ');
                }
            }
            assertParses(line.toString());
        }
    }

    @Test
    void arbitraryUnicodeAndControlCharactersNeverBreakTheParser() {
        Random random = new Random(99L);
        for (int i = 0; i < 1000; i++) {
            StringBuilder line = new StringBuilder();
            for (int k = random.nextInt(40); k > 0; k--) {
                line.append((char) random.nextInt(0x3000));
            }
            assertParses(line.toString());
        }
    }

    private static void assertParses(String line) {
        ParsedCommand parsed = ShellParser.parse(line, ShellTesting.ENV);
        assertFalse(parsed.problems().stream().anyMatch(p -> p.contains(INTERNAL)),
                () -> "`" + line + "` gave " + parsed.problems());
        for (SimpleCommand c : parsed.commands()) {
            CommandFiles.of(c);
        }
    }

    /**
     * Programs the generator uses: none is a keyword, a wrapper, a shell or an interpreter (which
     * reads code from a pipe), so each stays itself.
     */
    private static final String[] PROGRAMS = {"ls", "cat", "grep", "rm", "cp", "mv", "git", "make", "npm", "java",
        "cargo", "tar", "chmod", "mkdir", "touch", "curl", "wc", "sort", "head", "tail", "/usr/bin/jq", "./run.sh"};

    private static final String[] OPERATORS = {"; ", " && ", " || ", " | ", "\n", " & ", " |& "};

    private static final String SAFE = "abcdefghijklmnopqrstuvwxyz0123456789._/-+:%@";

    private static final String ANY = SAFE + " ;&|()<>{}[]*?!#~$`'\"\\\t=,^";

    @Test
    void generatedLinesGiveBackTheirCommands() {
        Random random = new Random(42L);
        for (int i = 0; i < 2000; i++) {
            List<List<String>> expected = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            int commands = 1 + random.nextInt(4);
            for (int c = 0; c < commands; c++) {
                if (c > 0) {
                    line.append(OPERATORS[random.nextInt(OPERATORS.length)]);
                }
                List<String> argv = new ArrayList<>();
                String program = PROGRAMS[random.nextInt(PROGRAMS.length)];
                argv.add(program.substring(program.lastIndexOf('/') + 1));
                StringBuilder command = new StringBuilder(quote(program, random));
                for (int a = random.nextInt(5); a > 0; a--) {
                    String arg = word(random);
                    argv.add(arg);
                    command.append(' ').append(quote(arg, random));
                }
                if (random.nextInt(4) == 0) {
                    command.append(" > ").append(quote("out" + random.nextInt(9), random));
                }
                expected.add(argv);
                line.append(wrap(command.toString(), random));
            }
            String text = line.toString();
            ParsedCommand parsed = ShellParser.parse(text, ShellTesting.ENV);
            assertTrue(parsed.understood(), () -> "`" + text + "`: " + parsed.problems());
            assertEquals(expected, ShellTesting.argvs(parsed), () -> "`" + text + "`");
        }
    }

    private static String word(Random random) {
        String alphabet = random.nextInt(3) == 0 ? ANY : SAFE;
        StringBuilder word = new StringBuilder();
        for (int k = 1 + random.nextInt(8); k > 0; k--) {
            word.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return word.toString();
    }

    /** Writes {@code word} so that the shell reads it back unchanged, in one of several ways. */
    private static String quote(String word, Random random) {
        boolean plain = word.chars().allMatch(ch -> SAFE.indexOf(ch) >= 0);
        switch (random.nextInt(plain ? 5 : 4)) {
            case 0:
                return "'" + word.replace("'", "'\\''") + "'";
            case 1: {
                StringBuilder out = new StringBuilder("\"");
                for (char ch : word.toCharArray()) {
                    if ("\"$`\\".indexOf(ch) >= 0) {
                        out.append('\\');
                    }
                    out.append(ch);
                }
                return out.append('"').toString();
            }
            case 2: {
                StringBuilder out = new StringBuilder();
                for (char ch : word.toCharArray()) {
                    if (SAFE.indexOf(ch) < 0) {
                        out.append('\\');
                    }
                    out.append(ch);
                }
                return out.toString();
            }
            case 3: {
                StringBuilder out = new StringBuilder("$'");
                for (char ch : word.toCharArray()) {
                    out.append(SAFE.indexOf(ch) >= 0 ? String.valueOf(ch) : String.format("\\x%02x", (int) ch));
                }
                return out.append('\'').toString();
            }
            default:
                return word;
        }
    }

    /** Optionally puts the command in a subshell or a group (same place in the pipeline, same depth). */
    private static String wrap(String command, Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> "(" + command + ")";
            case 1 -> "{ " + command + "; }";
            default -> command;
        };
    }
}
