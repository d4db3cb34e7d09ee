package dev.cordon.executor.wsl;

import java.nio.charset.StandardCharsets;

/**
 * Text printed by {@code wsl.exe} itself. It writes UTF-16LE unless {@code WSL_UTF8=1} is set
 * (which this executor sets, but older versions ignore): text whose every other byte is zero is
 * read as UTF-16LE, anything else as UTF-8.
 */
final class WslOutput {

    private WslOutput() {
    }

    static String decode(byte[] bytes) {
        int start = 0;
        if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
            start = 2;
        }
        int pairs = 0;
        int zeroHigh = 0;
        for (int i = start + 1; i < bytes.length; i += 2) {
            pairs++;
            if (bytes[i] == 0) {
                zeroHigh++;
            }
        }
        boolean utf16 = start == 2 || (pairs > 0 && zeroHigh * 10 >= pairs * 9);
        String text = utf16 ? new String(bytes, start, bytes.length - start, StandardCharsets.UTF_16LE)
                : new String(bytes, StandardCharsets.UTF_8);
        return text.replace("\r\n", "\n");
    }
}
