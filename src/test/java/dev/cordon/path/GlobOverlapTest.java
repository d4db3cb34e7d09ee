package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A shell pattern that matched nothing on disk still stands for files: it is aimed at a denied
 * glob when some path matches both and the secret's name is written out in the pattern.
 */
class GlobOverlapTest {

    @ParameterizedTest(name = "{0} at {1}: {2}")
    @CsvSource(delimiterString = "=>", textBlock = """
            /w/certs/*.pe?            => **/*.pem            => true
            /w/*.ke?                  => **/*.key            => true
            /home/u/.ssh/id_*         => **/id_rsa           => true
            /home/u/.ss?/*            => **/.ssh/**          => true
            /home/u/.s[s]h/id_rsa     => **/.ssh/**          => true
            /home/u/.aws/cred*        => **/.aws/**          => true
            /etc/sha*                 => /etc/shadow         => true
            /etc/sudoers.d/*          => /etc/sudoers.d/**   => true
            /w/cred*                  => **/credentials.*    => true
            /w/*.txt                  => **/credentials.*    => false
            /w/docs/*.md              => **/secrets.*        => false
            /home/u/*                 => **/.ssh/**          => false
            /home/u/*/id_rsa          => **/.ssh/**          => false
            /w/src/*.ts               => **/*.pem            => false
            /w/*.pem.example          => **/*.pem            => false
            /w/id_*.java              => **/id_rsa           => false
            """)
    void aimed(String pattern, String glob, boolean expected) {
        assertEquals(expected, Glob.compile(pattern).aimedAt(Glob.compile(glob)));
    }
}
