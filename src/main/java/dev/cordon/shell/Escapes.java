package dev.cordon.shell;

/** Backslash escapes as bash decodes them in {@code $'…'} (and {@code printf}, {@code echo -e}). */
final class Escapes {

    private Escapes() {
    }

    /** The text of {@code text[from, to)} with its escapes decoded. */
    static String decode(String text, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        int i = from;
        while (i < to) {
            char c = text.charAt(i++);
            if (c != '\\' || i >= to) {
                out.append(c);
                continue;
            }
            char e = text.charAt(i++);
            switch (e) {
                case 'a' -> out.append('\007');
                case 'b' -> out.append('\b');
                case 'e', 'E' -> out.append('\033');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'v' -> out.append('\013');
                case '\\', '\'', '"', '?' -> out.append(e);
                case 'x' -> i = number(text, i, to, 16, 2, e, out);
                case 'u' -> i = number(text, i, to, 16, 4, e, out);
                case 'U' -> i = number(text, i, to, 16, 8, e, out);
                case 'c' -> {
                    if (i < to) {
                        out.append((char) (text.charAt(i++) & 0x1f));
                    }
                }
                default -> {
                    if (e >= '0' && e <= '7') {
                        i = number(text, i - 1, to, 8, 3, e, out);
                    } else {
                        out.append('\\').append(e);
                    }
                }
            }
        }
        return out.toString();
    }

    /** Reads up to {@code maxDigits} digits at {@code from}; returns the index after them. */
    private static int number(String text, int from, int to, int radix, int maxDigits, char escape,
            StringBuilder out) {
        int value = 0;
        int i = from;
        while (i < to && i - from < maxDigits && Character.digit(text.charAt(i), radix) >= 0) {
            value = value * radix + Character.digit(text.charAt(i), radix);
            i++;
        }
        if (i == from) {
            out.append('\\').append(escape);
        } else if (radix == 8 || maxDigits == 2) {
            out.append((char) (value & 0xff));
        } else if (Character.isValidCodePoint(value)) {
            out.appendCodePoint(value);
        }
        return i;
    }
}
