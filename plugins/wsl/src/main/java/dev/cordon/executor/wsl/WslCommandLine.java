package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.util.List;

/**
 * What can cross the Windows command line of {@code wsl.exe} unchanged. Windows hands a program
 * one string that the program splits itself; Java joins the argv by quoting arguments that hold
 * spaces, but leaves double quotes inside an argument as they are, so the split would differ
 * from what was meant (an argument could become two, or swallow its neighbour). Arguments with a
 * double quote, a control character or a NUL are therefore refused; a backslash is safe, since
 * without a quote after it it is taken literally.
 */
final class WslCommandLine {

    private WslCommandLine() {
    }

    static void check(List<String> argv, String what) throws ExecutorException {
        for (String argument : argv) {
            check(argument, what);
        }
    }

    static void check(String argument, String what) throws ExecutorException {
        if (argument.indexOf('"') >= 0) {
            throw new ExecutorException(what + " `" + printable(argument) + "` holds a double quote, which cannot cross the Windows"
                    + " command line of wsl.exe intact");
        }
        if (argument.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
            throw new ExecutorException(what + " `" + printable(argument) + "` holds a control character");
        }
    }

    private static String printable(String text) {
        return text.replaceAll("\\p{Cntrl}", "?");
    }
}
