package dev.cordon.shell;

import static dev.cordon.shell.ShellTesting.argv;
import static dev.cordon.shell.ShellTesting.programs;
import static dev.cordon.shell.ShellTesting.understood;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Wrappers, shell strings, {@code eval}, {@code find -exec} and text piped into a shell. */
class UnwrappingTest {

    /**
     * Each row: a line, then every command it yields as {@code depth:wrappers:argv}, with the
     * wrappers joined by {@code +} and the argv by spaces, commands separated by {@code |}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            sudo rm -rf /                         => 0:sudo:rm -rf /
            sudo -u root -g wheel rm x            => 0:sudo:rm x
            sudo --user=root -E -H rm x           => 0:sudo:rm x
            sudo -uroot FOO=1 rm x                => 0:sudo:rm x
            doas -u root rm x                     => 0:doas:rm x
            env -i PATH=/bin rm x                 => 0:env:rm x
            env -u HOME -C /srv rm x              => 0:env:rm x
            env - rm x                            => 0:env:rm x
            env -S 'rm -rf /'                     => 0:env:rm -rf /
            env --split-string='FOO=1 rm x'       => 0:env:rm x
            nice -n 10 rm x                       => 0:nice:rm x
            nice -10 rm x                         => 0:nice:rm x
            nice --adjustment=5 rm x              => 0:nice:rm x
            ionice -c 3 rm x                      => 0:ionice:rm x
            nohup rm x                            => 0:nohup:rm x
            timeout 5 rm x                        => 0:timeout:rm x
            timeout -s KILL -k 1 5s rm x          => 0:timeout:rm x
            timeout --signal=TERM 5 rm x          => 0:timeout:rm x
            time -p rm x                          => 0:time:rm x
            /usr/bin/time -f %e -o t rm x         => 0:time:rm x
            stdbuf -oL -e 0 rm x                  => 0:stdbuf:rm x
            chrt -f 99 rm x                       => 0:chrt:rm x
            taskset -c 0,1 rm x                   => 0:taskset:rm x
            taskset 0x3 rm x                      => 0:taskset:rm x
            setsid -f rm x                        => 0:setsid:rm x
            exec -a name rm x                     => 0:exec:rm x
            command -p rm x                       => 0:command:rm x
            builtin echo x                        => 0:builtin:echo x
            xargs rm x                            => 0:xargs:rm x
            xargs -0 -n 1 -P4 rm x                => 0:xargs:rm x
            xargs -I{} -d '\\n' rm {}             => 0:xargs:rm {}
            busybox rm x                          => 0:busybox:rm x
            timeout 5 nice -n 10 sudo rm x        => 0:timeout+nice+sudo:rm x
            bash -c 'rm x'                        => 0::bash -c rm x | 1:bash -c:rm x
            sh -ec 'rm x; ls' name arg            => 0::sh -ec rm x; ls name arg | 1:sh -c:rm x | 1:sh -c:ls
            bash -x -o pipefail -c 'rm x'         => 0::bash -x -o pipefail -c rm x | 1:bash -c:rm x
            zsh -c 'rm x'                         => 0::zsh -c rm x | 1:zsh -c:rm x
            dash -c 'rm x'                        => 0::dash -c rm x | 1:dash -c:rm x
            ksh -c 'rm x'                         => 0::ksh -c rm x | 1:ksh -c:rm x
            /bin/bash --norc -c 'rm x'            => 0::bash --norc -c rm x | 1:bash -c:rm x
            sudo bash -c 'rm x'                   => 0:sudo:bash -c rm x | 1:sudo+bash -c:rm x
            bash -c "bash -c 'rm x'"              => 0::bash -c bash -c 'rm x' | 1:bash -c:bash -c rm x | 2:bash -c+bash -c:rm x
            eval rm x                             => 0::eval rm x | 1:eval:rm x
            eval 'rm x;' ls                       => 0::eval rm x; ls | 1:eval:rm x | 1:eval:ls
            su -c 'rm x' root                     => 0::su -c rm x root | 1:su -c:rm x
            runuser -u app -- rm x                => 0:runuser:rm x
            runuser -u app rm x                   => 0:runuser:rm x
            runuser app -c 'rm x'                 => 0::runuser app -c rm x | 1:runuser -c:rm x
            script -qc 'rm x' /dev/null           => 0::script -qc rm x /dev/null | 1:script -c:rm x
            su - root -c 'rm x'                   => 0::su - root -c rm x | 1:su -c:rm x
            su --command='rm x'                   => 0::su --command=rm x | 1:su -c:rm x
            script -c 'rm x' /dev/null            => 0::script -c rm x /dev/null | 1:script -c:rm x
            pkexec rm x                           => 0:pkexec:rm x
            chroot /srv/root rm x                 => 0:chroot:rm x
            unshare -r -n rm x                    => 0:unshare:rm x
            nsenter -t 1 -m rm x                  => 0:nsenter:rm x
            strace -f -o log rm x                 => 0:strace:rm x
            {sudo,} rm x                          => 0:sudo:rm x
            watch -n 1 rm x                       => 1:watch:rm x
            watch -x rm x                         => 0:watch:rm x
            flock -n /var/lock/l rm x             => 0:flock:rm x
            flock /var/lock/l -c 'rm x'           => 0::flock /var/lock/l -c rm x | 1:flock -c:rm x
            find . -exec rm {} \\;                => 0::find . -exec rm {} ; | 0:find -exec:rm {}
            find . -execdir rm -f {} + -ok ls \\; => 0::find . -execdir rm -f {} + -ok ls ; | 0:find -execdir:rm -f {} | 0:find -ok:ls
            find . -exec sudo rm {} \\;           => 0::find . -exec sudo rm {} ; | 0:find -exec+sudo:rm {}
            """)
    void unwrapped(String line, String expected) {
        ParsedCommand parsed = understood(line);
        String actual = parsed.commands().stream()
                .map(c -> c.depth() + ":" + String.join("+", c.wrappers()) + ":" + String.join(" ", argv(c)))
                .collect(Collectors.joining(" | "));
        assertEquals(expected, actual);
    }

    /** A wrapper that runs no command is reported as the program itself. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            sudo -l rm x        => sudo
            sudo -v             => sudo
            sudo -i             => sudo
            command -v rm       => command
            env                 => env
            env FOO=1           => env
            xargs               => xargs
            timeout 5           => timeout
            nice                => nice
            ionice -p 123       => ionice
            chrt -p 5 123       => chrt
            taskset -p 1 123    => taskset
            exec 3>&1           => exec
            """)
    void wrapperWithoutCommand(String line, String program) {
        assertEquals(List.of(program), programs(understood(line)));
    }

    @Test
    void wrappedCommandsKeepTheAssignmentsAndRedirectionsOfTheLine() {
        SimpleCommand rm = understood("FOO=1 sudo BAR=2 env BAZ=3 rm x > log").commands().get(0);
        assertEquals(Map.of("FOO", "1", "BAR", "2", "BAZ", "3"), rm.assignments());
        assertEquals(List.of(new Redirection(1, ">", "log")), rm.redirections());
        assertEquals(List.of("sudo", "env"), rm.wrappers());
    }

    @Test
    void wrappedCommandKeepsItsPlaceInThePipeline() {
        assertEquals(List.of("curl@0/2", "bash@1/2"), ShellTesting.places(understood("curl x | sudo bash -s")));
    }

    @Test
    void programsReplacedByFindOrXargsInputAreDynamic() {
        SimpleCommand exec = understood("find . -type f -exec {} \\;").commands().get(1);
        assertEquals("{} true", exec.program() + " " + exec.dynamic());
        SimpleCommand replaced = understood("xargs -I CMD CMD -rf /").commands().get(0);
        assertEquals("CMD true", replaced.program() + " " + replaced.dynamic());
        SimpleCommand plain = understood("xargs -I {} rm {}").commands().get(0);
        assertEquals("rm false", plain.program() + " " + plain.dynamic());
    }

    /**
     * A shell that reads its commands from a here-document, a here-string or a pipe runs them.
     * Each row: a line ({@code ⏎} for a newline), then its programs, nested ones as {@code name:depth}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            bash <<EOF⏎rm -rf /⏎EOF                    => bash rm:1
            sh -s <<'EOF'⏎rm -rf /⏎EOF                 => sh rm:1
            bash <<< 'rm -rf /'                        => bash rm:1
            echo 'rm -rf /' | sh                       => echo sh rm:1
            echo -n rm -rf / | bash                    => echo bash rm:1
            echo -e 'r\\x6d -rf /' | bash            => echo bash rm:1
            printf 'rm -rf /' | sh                     => printf sh rm:1
            printf '%s\\n' 'rm a' 'rm b' | sh        => printf sh rm:1 rm:1
            printf '%b' 'r\\x6d' | sh                => printf sh rm:1
            cat <<'EOF' | sudo sh⏎rm -rf /⏎EOF         => cat sh rm:1
            cat <<< 'rm -rf /' | sh                    => cat sh rm:1
            bash /dev/stdin <<< 'rm -rf /'             => bash rm:1
            source /dev/stdin <<< 'rm -rf /'           => source rm:1
            echo 'rm -rf /' | . /dev/stdin             => echo . rm:1
            sh - <<< 'rm -rf /'                        => sh rm:1
            bash script.sh <<EOF⏎rm -rf /⏎EOF          => bash
            printf '%d' 1 | sh                         => printf sh 1:1
            echo x | cat | sh                          => echo cat sh x:1
            """)
    void shellReadingCommands(String line, String expected) {
        ParsedCommand parsed = understood(line.replace("⏎", "\n"));
        List<String> actual = parsed.commands().stream()
                .map(c -> c.depth() == 0 ? c.program() : c.program() + ":" + c.depth())
                .toList();
        assertEquals(List.of(expected.split(" ")), actual);
    }

    @Test
    void dynamicStringsAreProblems() {
        assertEquals(List.of("1:1: `eval` runs a string only known at run time: `$X`"),
                ShellTesting.parse("eval \"$X\"").problems());
        assertEquals(List.of("1:1: `bash -c` runs a string only known at run time: `$(curl -s x)`"),
                ShellTesting.parse("bash -c \"$(curl -s x)\"").problems());
        assertEquals(List.of("1:16: `sh` runs code it reads from its input, which cordon cannot see"),
                ShellTesting.parse("echo \"$CODE\" | sh").problems());
    }

    @Test
    void placeholdersInStringsRunByFindOrXargsAreProblems() {
        assertEquals(List.of("1:1: `sh -c` runs a string only known at run time: `echo {}`"),
                ShellTesting.parse("find . -exec sh -c 'echo {}' \\;").problems());
        assertEquals(List.of("1:1: `sh -c` under `xargs` runs a string only known at run time"),
                ShellTesting.parse("xargs sh -c").problems());
        assertEquals(List.of("1:1: `sh -c` runs a string only known at run time: `rm %`"),
                ShellTesting.parse("xargs -I % sh -c 'rm %'").problems());
        assertEquals(List.of(), ShellTesting.parse("xargs -n1 sh -c 'echo \"$1\"' _").problems());
    }

    @Test
    void aDynamicProgramAtTopLevelIsNoProblem() {
        ParsedCommand parsed = understood("$EDITOR notes.txt");
        assertEquals("$EDITOR true", parsed.commands().get(0).program() + " " + parsed.commands().get(0).dynamic());
    }

    @Test
    void singleQuotedShellStringsMayHoldVariables() {
        ParsedCommand parsed = understood("bash -c 'cd \"$1\" && make' _ dir");
        assertEquals(List.of("bash", "cd", "make"), programs(parsed));
    }
}
