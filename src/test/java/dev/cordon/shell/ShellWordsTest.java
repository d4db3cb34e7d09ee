package dev.cordon.shell;

import static dev.cordon.shell.ShellTesting.argv;
import static dev.cordon.shell.ShellTesting.single;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Quoting, escapes and the expansions cordon performs itself (tilde, a few variables, braces). */
class ShellWordsTest {

    /** Each row: the words after {@code echo}, then the argument they give (one argument each). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            'a b'                   => a b
            "a  b"                  => a  b
            "say \\"hi\\""          => say "hi"
            "\\$HOME \\\\ \\x"      => $HOME \\ \\x
            a\\ b                   => a b
            a'b'"c"\\d              => abcd
            $'a\\tb\\x41\\u00e9\\101'   => a	bAéA
            $'it\\'s'               => it's
            $"x y"                  => x y
            ~                       => /home/agent
            ~/.ssh/id_rsa           => /home/agent/.ssh/id_rsa
            ~+/src                  => /srv/project/src
            ~root/x                 => ~root/x
            "~"/x                   => ~/x
            \\~/x                   => ~/x
            a~/x                    => a~/x
            $HOME/x                 => /home/agent/x
            ${HOME}/x               => /home/agent/x
            "$PWD:$USER:$TMPDIR"    => /srv/project:agent:/var/tmp
            $OTHER/x                => $OTHER/x
            ${HOME:-/x}             => /home/agent
            ${OTHER:-/x}            => ${OTHER:-/x}
            ${#HOME}                => 11
            ${HOME:0:1}             => /
            ${HOME: -5}             => agent
            ${HOME%/*}              => /home
            ${HOME##*/}             => agent
            ${HOME/agent/root}      => /home/root
            ${USER^^}               => AGENT
            ${!OTHER}               => ${!OTHER}
            '$HOME'                 => $HOME
            $1$@$?                  => $1$@$?
            $                       => $
            "a$"                    => a$
            "{a,b}"                 => {a,b}
            {}                      => {}
            {a}                     => {a}
            *.txt                   => *.txt
            """)
    void oneArgument(String words, String expected) {
        assertEquals(List.of("echo", expected), argv(single("echo " + words)));
    }

    /** Each row: the words after {@code echo}, then the arguments they give, comma-separated. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            a{b,c}d                 => abd,acd
            {a,b}{1,2}              => a1,a2,b1,b2
            x{a,{b,c}}              => xa,xb,xc
            {1..3}                  => 1,2,3
            {3..1}                  => 3,2,1
            {a..c}                  => a,b,c
            {0..10..5}              => 0,5,10
            {,x}y                   => y,xy
            '' ""                   => ,
            ~/{a,b}                 => /home/agent/a,/home/agent/b
            """)
    void severalArguments(String words, String expected) {
        List<String> wanted = new java.util.ArrayList<>(List.of("echo"));
        wanted.addAll(List.of(expected.split(",", -1)));
        assertEquals(wanted, argv(single("echo " + words)));
    }

    /** Each row: a program word, then the program name it gives and whether it is dynamic. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            rm                      => rm => false
            /usr/bin/rm             => rm => false
            ./node_modules/.bin/x   => x => false
            \\rm                    => rm => false
            'rm'                    => rm => false
            r""m                    => rm => false
            $'\\x72m'               => rm => false
            ~/bin/tool              => tool => false
            {rm,-v}                 => rm => false
            [                       => [ => false
            $CMD                    => $CMD => true
            $DIR/rm                 => rm => true
            "${X}"                  => ${X} => true
            $(which rm)             => $(which rm) => true
            `echo /bin/rm`          => rm => false
            `ls /bin/rm`            => `ls /bin/rm` => true
            /bin/r?                 => r? => true
            /usr/bin/r[m]           => r[m] => true
            ~other/rm               => rm => true
            """)
    void programWords(String word, String program, boolean dynamic) {
        SimpleCommand c = ShellParser.parse(word + " x", ShellTesting.ENV).commands().get(0);
        assertEquals(program + " " + dynamic, c.program() + " " + c.dynamic());
    }

    @Test
    void rawProgramIsTheWordAfterQuoteRemoval() {
        assertEquals("/bin/rm", single("\"/bin/r\"m -rf x").rawProgram());
    }

    @Test
    void withoutAnEnvironmentTildeAndVariablesStayAsWritten() {
        ParsedCommand parsed = ShellParser.parse("cat ~/.netrc $HOME/x", Map.of());
        assertEquals(List.of("cat", "~/.netrc", "$HOME/x"), argv(parsed.commands().get(0)));
        assertEquals(List.of(), parsed.problems());
        assertEquals(List.of("cat", "~/.netrc"), argv(ShellParser.parse("cat ~/.netrc", null).commands().get(0)));
    }

    @Test
    void aVariableAssignedEarlierInTheLineHasItsNewValue() {
        ParsedCommand parsed = ShellTesting.understood("HOME=/etc; cat ~/shadow $HOME/passwd");
        assertEquals(List.of("cat", "/etc/shadow", "/etc/passwd"), argv(parsed.commands().get(1)));
    }

    @Test
    void aVariableAssignedAValueCordonCannotKnowIsAProblem() {
        ParsedCommand parsed = ShellTesting.parse("HOME=$(id -un); cat ~/shadow $HOME/passwd");
        assertEquals(List.of("cat", "~/shadow", "$HOME/passwd"), argv(parsed.commands().get(2)));
        assertEquals(List.of(
                "1:21: `HOME` is assigned earlier in the line, so `~` cannot be known",
                "1:30: `HOME` is assigned earlier in the line, so `$HOME` cannot be known"), parsed.problems());
    }

    /** Each row: a line, then the arguments of its first command, comma-separated. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            echo "$(echo /x)"                   => /x
            echo `printf %s y`                  => y
            echo $(printf '%s/%s' a b)          => a/b
            echo $(echo 'a  b')                 => a,b
            echo "$(echo cm0= | base64 -d)"     => rm
            echo $(rev <<< 'cba')               => abc
            echo $(ls)                          => $(ls)
            """)
    void knownOutputReplacesASubstitution(String line, String expected) {
        ParsedCommand parsed = ShellTesting.understood(line);
        assertEquals(List.of(expected.split(",")), parsed.commands().get(0).args());
    }

    /** Each row: a line, then the arguments of its last command, comma-separated. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            set -- a 'b c'; echo "$@"                      => a,b c
            set -- a b; shift; echo $1 $#                  => b,1
            a=(x 'y z'); echo "${a[@]}" ${a[1]} ${#a[@]}   => x,y z,y,z,2
            x='-r -f'; echo $x                             => -r,-f
            x='-r -f'; echo "$x"                           => -r -f
            IFS=,; x=a,b; echo $x                          => a,b
            IFS=:; x=a:b; echo "$x"                        => a:b
            read -r v <<< 'p q'; echo $v                   => p,q
            printf -v v '%s-%s' a b; echo $v               => a-b
            X=1; true && X=2; echo $X                      => 1,2
            X=1; (X=2); echo $X                            => 1,2
            Y=; : ${Y:=dflt}; echo $Y                      => dflt
            : ${Y:=dflt}; echo $Y                          => $Y
            """)
    void variablesFollowTheLine(String line, String expected) {
        ParsedCommand parsed = ShellTesting.understood(line);
        List<SimpleCommand> commands = parsed.commands();
        assertEquals(List.of(expected.split(",")), commands.get(commands.size() - 1).args());
    }

    @Test
    void aPrefixAssignmentDoesNotChangeTheExpansionOfItsOwnCommand() {
        assertEquals(List.of("cat", "/home/agent/x"), argv(single("HOME=/etc cat ~/x")));
    }

    @Test
    void exportDeclareCdAndLoopsChangeVariables() {
        assertEquals(List.of("cat", "/etc/x"), argv(ShellTesting.understood("export HOME=/etc && cat $HOME/x")
                .commands().get(1)));
        // `cd` may fail: the directory is either one.
        assertEquals(List.of("cat", "/srv/project/shadow", "/etc/shadow"),
                argv(ShellTesting.understood("cd /etc; cat $PWD/shadow").commands().get(1)));
        assertEquals(List.of("cat", "/etc/x", "/usr/x"),
                argv(ShellTesting.understood("for T in /etc /usr; do cat $T/x; done").commands().get(0)));
    }

    @Test
    void lineContinuationInsideDoubleQuotesIsRemoved() {
        assertEquals(List.of("echo", "ab"), argv(single("echo \"a\\\nb\"")));
    }

    @Test
    void singleQuotesKeepBackslashesAndNewlines() {
        assertEquals(List.of("echo", "a\\\nb"), argv(single("echo 'a\\\nb'")));
    }
}
