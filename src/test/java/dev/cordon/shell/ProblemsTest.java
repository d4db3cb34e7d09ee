package dev.cordon.shell;

import static dev.cordon.shell.ShellTesting.parse;
import static dev.cordon.shell.ShellTesting.programs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What cannot be understood is reported, with where it is; nothing is silently dropped. */
class ProblemsTest {

    /** Each row: a line ({@code ⏎} for a newline), then its problems, separated by {@code ¦}. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            echo 'abc        => 1:6: unterminated single quote
            echo "abc        => 1:6: unterminated double quote
            echo $'abc       => 1:6: unterminated `$'` quote
            echo `abc        => 1:6: unterminated backtick substitution
            echo $(abc       => 1:6: unterminated `$(`
            echo ${abc       => 1:6: unterminated `${`
            cat <<EOF⏎abc    => 1:5: unterminated here-document: no line `EOF` before the end
            cat <<EOF        => 1:5: unterminated here-document: no line `EOF` before the end
            ( a              => 1:4: expected `)` to go with `(` at 1:1, found end of input
            { a;             => 1:5: expected `}` to go with `{` at 1:1, found end of input
            if a; then b     => 1:13: expected `fi` to go with `if` at 1:1, found end of input
            while a; do b    => 1:14: expected `done` to go with `while` at 1:1, found end of input
            case x in a) b;; => 1:17: expected `esac` to go with `case` at 1:1, found end of input
            [[ -f x          => 1:8: expected `]]` to go with `[[` at 1:1, found end of input
            )                => 1:1: unexpected `)`
            a⏎fi             => 2:1: unexpected `fi`
            a &&             => 1:5: expected a command before end of input
            a |              => 1:4: expected a command before end of input
            a; ; b           => 1:4: expected a command before `;`
            echo >           => 1:7: expected a file name after `>`, found end of input
            coproc a         => 1:1: unsupported syntax `coproc`
            ls @(a           => 1:5: unterminated `(`
            echo {1..5000}   => 1:6: brace expansion of `{1..5000}` gives more than 1024 words
            eval "$X"        => 1:1: `eval` runs a string only known at run time: `$X`
            bash -c "echo 'x"   => 1:6: unterminated single quote (in `bash -c` string)
            eval 'echo ( x'  => 1:8: expected `)` after `echo (`, found `x` (in `eval` string) ¦ 1:8: unexpected `x` (in `eval` string)
            echo `echo "x`   => 1:6: unterminated double quote (in backtick substitution at 1:6)
            f() echo x       => 1:5: a function body must be a compound command such as `{ …; }`, found `echo` ¦ 1:5: unexpected `echo`
            if a; b; fi      => 1:10: expected `then` to go with `if` at 1:1, found `fi` ¦ 1:10: unexpected `fi`
            """)
    void reported(String line, String expected) {
        assertEquals(List.of(expected.split(" ¦ ")), parse(line.replace("⏎", "\n")).problems());
    }

    @Test
    void commandsBeforeAndAfterAProblemAreStillReported() {
        ParsedCommand parsed = parse("echo a; ) ; rm -rf /");
        assertEquals(List.of("echo", "rm"), programs(parsed));
        assertFalse(parsed.understood());
    }

    @Test
    void nestingDeeperThanEightLevelsIsAProblem() {
        String eight = "$(".repeat(7) + "echo hi" + ")".repeat(7);
        assertTrue(parse("x=" + eight).understood());
        String nine = "$(".repeat(9) + "echo hi" + ")".repeat(9);
        assertEquals(List.of("1:19: commands nested more than 8 levels deep"), parse("x=" + nine).problems());
        String shells = "bash -c 'x'";
        for (int i = 0; i < 9; i++) {
            shells = "eval " + quote(shells);
        }
        assertEquals(List.of("1:1: commands nested more than 8 levels deep (in `eval` string)"),
                parse(shells).problems());
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    @Test
    void tooManyWrappersIsAProblem() {
        assertEquals(List.of("1:1: more than 16 wrapper commands around `sudo`"),
                parse("sudo ".repeat(17) + "rm -rf /").problems());
        assertTrue(parse("sudo ".repeat(16) + "rm -rf /").understood());
    }

    /** Hostile shapes must end quickly, with a problem, and without a stack overflow. */
    @Test
    void deepOrHugeInputIsRefusedCheaply() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (String line : List.of(
                    "(".repeat(20_000),
                    "{ ".repeat(20_000),
                    "$(".repeat(20_000),
                    "\"${x:-".repeat(10_000),
                    "`".repeat(10_001),
                    "if ".repeat(10_000),
                    "a=(".repeat(10_000),
                    "echo " + "{a,b}".repeat(2_000),
                    "echo $((".repeat(10_000),
                    "<(".repeat(10_000),
                    "cat <<A ".repeat(5_000) + "\n")) {
                ParsedCommand parsed = parse(line);
                assertFalse(parsed.understood(), () -> line.substring(0, 20));
                assertFalse(parsed.problems().stream().anyMatch(p -> p.contains("internal")),
                        () -> line.substring(0, 20) + ": " + parsed.problems());
            }
        });
    }

    @Test
    void longButFlatInputParsesInLinearTime() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            ParsedCommand parsed = parse("echo a; ".repeat(10_000));
            assertEquals(10_000, parsed.commands().size());
            assertTrue(parsed.understood());
            assertEquals(10_000, parse("a | ".repeat(9_999) + "a").commands().size());
            assertEquals(1, parse("echo " + "'x' ".repeat(20_000)).commands().size());
        });
    }

    @Test
    void problemsAreCappedWithACount() {
        List<String> problems = parse(")\n".repeat(30)).problems();
        assertEquals(21, problems.size());
        assertEquals("10 more problems not shown", problems.get(20));
    }
}
