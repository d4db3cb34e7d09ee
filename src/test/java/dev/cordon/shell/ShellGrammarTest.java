package dev.cordon.shell;

import static dev.cordon.shell.ShellTesting.argvs;
import static dev.cordon.shell.ShellTesting.command;
import static dev.cordon.shell.ShellTesting.places;
import static dev.cordon.shell.ShellTesting.programs;
import static dev.cordon.shell.ShellTesting.single;
import static dev.cordon.shell.ShellTesting.understood;
import static dev.cordon.shell.ShellTesting.words;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The grammar: lists, pipelines, compound commands, substitutions, here-documents, redirections. */
class ShellGrammarTest {

    /** Each row: a line, then the programs it runs in order, space-separated ({@code _}: none). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", textBlock = """
            a; b                                       => a b
            a & b &                                    => a b
            a && b || c                                => a b c
            a | b | c                                  => a b c
            ! a | b                                    => a b
            time -p a | b                              => a b
            (a; b) && { c; d; }                        => a b c d
            ( (a) )                                    => a
            if a; then b; elif c; then d; else e; fi   => a b c d e
            for x in 1 2; do a; done                   => a
            for ((i = 0; i < 3; i++)); do a $i; done   => a
            select x in 1 2; do a; done                => a
            while a; do b; done                        => a b
            until a; do b; done                        => a b
            case $x in a|b) c;; (d) e;& *) f;;& esac   => c e f
            case $x in a) b; esac                      => b
            f() { a; }; f                              => f a
            function g { a; }                          => a
            function h() ( a )                         => a
            [[ -n $x && $y == z ]] && a                => [[ a
            (( x += 1 )) && a                          => a
            a # b; c                                   => a
            echo a#b                                   => echo
            x=1                                        => _
            x=$(a) y=`b`                               => _ a b
            echo $(a $(b))                             => echo a b
            diff <(a) >(b)                             => diff a b
            echo $(( 1 + $(a) ))                       => echo a
            echo $((a); b)                             => echo a b
            a=(1 $(b) 3)                               => _ b
            ls @(x|y) !(z)                             => ls
            if [ -f x ]; then echo fi; fi              => [ echo
            """)
    void programsInOrder(String line, String expected) {
        List<String> wanted = words(expected).stream().map(p -> p.equals("_") ? "" : p).toList();
        assertEquals(wanted, programs(understood(line)));
    }

    @Test
    void newlinesSeparateCommandsAndContinuationsJoinLines() {
        assertEquals(List.of(List.of("echo", "hi"), List.of("ls", "-la")),
                argvs(understood("ec\\\nho hi\nls \\\n -la\n")));
    }

    @Test
    void listsAndLoopsMaySpanLines() {
        String line = "for f in a b\ndo\n  cat \"$f\" |\n  wc -l\ndone &&\necho ok";
        assertEquals(List.of("cat", "wc", "echo"), programs(understood(line)));
    }

    @Test
    void substitutionsAreOneLevelDeeperThanTheirCommand() {
        ParsedCommand parsed = understood("echo $(a $(b) `c`) <(d)");
        assertEquals(List.of(0, 1, 2, 2, 1), parsed.commands().stream().map(SimpleCommand::depth).toList());
        assertEquals(List.of("echo", "a", "b", "c", "d"), programs(parsed));
    }

    @Test
    void backticksNestWithEscapedBackticks() {
        ParsedCommand parsed = understood("echo `echo \\`rm -rf /\\``");
        assertEquals(List.of("echo", "echo", "rm"), programs(parsed));
        assertEquals(2, command(parsed, "rm").depth());
    }

    @Test
    void pipelinePlacesAreShared() {
        ParsedCommand parsed = understood("a | b | c; d");
        assertEquals(List.of("a@0/3", "b@1/3", "c@2/3", "d@0/1"), places(parsed));
        List<SimpleCommand> c = parsed.commands();
        assertEquals(c.get(0).pipeline(), c.get(2).pipeline());
        assertNotEquals(c.get(0).pipeline(), c.get(3).pipeline());
    }

    @Test
    void commandsOfACompoundElementTakeItsPlaceInThePipeline() {
        assertEquals(List.of("curl@0/2", "sh@1/2"), places(understood("curl x | (sh)")));
        assertEquals(List.of("curl@0/2", "sh@1/2"), places(understood("curl x | { sh; }")));
        assertEquals(List.of("curl@0/2", "read@1/2", "sh@1/2"),
                places(understood("curl x | while read l; do sh; done")));
    }

    @Test
    void aPipelineInsideAPipelineKeepsItsOwnPlaces() {
        assertEquals(List.of("a@0/2", "b@0/2", "c@1/2"), places(understood("a | (b | c)")));
    }

    @Test
    void pipeWithStderrAddsTheRedirection() {
        SimpleCommand make = understood("make |& tee log").commands().get(0);
        assertEquals(List.of(new Redirection(2, ">&", "1")), make.redirections());
    }

    @Test
    void commandTextIsTheSourceSlice() {
        ParsedCommand parsed = understood("echo hi >out;  ls -la 2>/dev/null | wc -l");
        assertEquals(List.of("echo hi >out", "ls -la 2>/dev/null", "wc -l"),
                parsed.commands().stream().map(SimpleCommand::text).toList());
    }

    /** Each row: a line, then its only command's redirections as fd operator target, comma-separated. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", textBlock = """
            cat < in                                   => 0 < in
            echo > out                                 => 1 > out
            echo >> out                                => 1 >> out
            echo >| out                                => 1 >| out
            cat <> dev                                 => 0 <> dev
            make &> log                                => -1 &> log
            make &>> log                               => -1 &>> log
            make 2>&1                                  => 2 >& 1
            echo >&2                                   => 1 >& 2
            echo x >&-                                 => 1 >& -
            cat <&3                                    => 0 <& 3
            make 2> err                                => 2 > err
            exec 10> f                                 => 10 > f
            exec {fd}> f                               => 1 > f
            cat <<< 'a b'                              => 0 <<< a b
            >out echo 2>err x                          => 1 > out, 2 > err
            """)
    void redirections(String line, String expected) {
        List<Redirection> wanted = Arrays.stream(expected.split(", "))
                .map(r -> r.split(" ", 3))
                .map(p -> new Redirection(Integer.parseInt(p[0]), p[1], p[2]))
                .toList();
        assertEquals(wanted, single(line).redirections());
    }

    @Test
    void redirectionsAfterACompoundApplyToEveryCommandInside() {
        ParsedCommand parsed = understood("{ echo a; echo b; } > f; for x in 1; do cat; done < in");
        assertEquals(List.of(List.of(new Redirection(1, ">", "f")), List.of(new Redirection(1, ">", "f")),
                List.of(new Redirection(0, "<", "in"))),
                parsed.commands().stream().map(SimpleCommand::redirections).toList());
    }

    @Test
    void hereDocumentBodiesAreDataNotCommands() {
        ParsedCommand parsed = understood("cat <<EOF\nrm -rf /\nshutdown now\nEOF\necho done");
        assertEquals(List.of(List.of("cat"), List.of("echo", "done")), argvs(parsed));
        assertEquals(List.of(new Redirection(0, "<<", "EOF")), parsed.commands().get(0).redirections());
    }

    @Test
    void tabStrippedAndQuotedDelimiters() {
        assertEquals(List.of("cat", "echo"), programs(understood("cat <<-END\n\trm -rf /\n\tEND\necho x")));
        assertEquals(List.of("cat", "echo"), programs(understood("cat <<'END'\n$(rm -rf /)\nEND\necho x")));
        assertEquals(List.of("cat", "echo"), programs(understood("cat <<\"E\"N\"D\"\n`rm`\nEND\necho x")));
    }

    @Test
    void severalHereDocumentsOnOneLineAreReadInOrder() {
        ParsedCommand parsed = understood("cat <<A; cat <<B\nrm a\nA\nrm b\nB\nls");
        assertEquals(List.of("cat", "cat", "ls"), programs(parsed));
    }

    @Test
    void substitutionsInAnUnquotedHereDocumentRun() {
        ParsedCommand parsed = understood("cat <<EOF\nuser: $(whoami) `id -u` ${HOME}\nEOF");
        assertEquals(List.of("cat", "whoami", "id"), programs(parsed));
        assertEquals(1, command(parsed, "whoami").depth());
    }

    @Test
    void hereDocumentInsideCommandSubstitution() {
        ParsedCommand parsed = understood("x=$(cat <<EOF\nrm -rf /\nEOF\n); echo \"$x\"");
        assertEquals(List.of("", "cat", "echo"), programs(parsed));
    }

    @Test
    void assignmentsBeforeTheProgram() {
        SimpleCommand c = single("A=1 B='two words' PATH=~/bin:/usr/bin C+=x make all");
        assertEquals(Map.of("A", "1", "B", "two words", "PATH", "/home/agent/bin:/usr/bin", "C", "x"), c.assignments());
        assertEquals(List.of("make", "all"), ShellTesting.argv(c));
    }

    @Test
    void aWordThatOnlyLooksLikeAnAssignmentIsAnArgument() {
        assertEquals(List.of("echo", "A=1"), ShellTesting.argv(single("echo A=1")));
        assertEquals(List.of("A=1"), ShellTesting.argv(single("'A'=1")));
    }

    @Test
    void aFunctionsParametersAreTheArgumentsOfEachCall() {
        ParsedCommand parsed = understood("f() { rm -rf \"$1\"; }; f build; f /tmp/x");
        assertEquals(List.of(List.of("f", "build"), List.of("rm", "-rf", "build"), List.of("f", "/tmp/x"),
                List.of("rm", "-rf", "/tmp/x")), ShellTesting.argvs(parsed));
    }

    @Test
    void functionBodiesAreMarkedWithTheirFunction() {
        // A called function's body is read at the call, below it; one never called, where it is.
        ParsedCommand parsed = understood(":(){ :|:& };:");
        assertEquals(List.of(List.of(), List.of("function :"), List.of("function :")),
                parsed.commands().stream().map(SimpleCommand::wrappers).toList());
        assertEquals(List.of(":@0/1", ":@0/2", ":@1/2"), places(parsed));
        assertEquals(List.of(List.of("function g")),
                understood("g() { a; }").commands().stream().map(SimpleCommand::wrappers).toList());
    }

    @Test
    void reservedWordsAreOnlyReservedWhereACommandStarts() {
        assertEquals(List.of(List.of("echo", "if", "then", "fi", "{", "}", "done")),
                argvs(understood("echo if then fi { } done")));
    }
}
