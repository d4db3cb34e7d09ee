package dev.cordon.shell;

import java.util.List;

/**
 * What {@code printf FORMAT ARGS…} prints, for the formats that build text: {@code %s},
 * {@code %b}, {@code %c}, {@code %d}/{@code %i}/{@code %u}, {@code %x}, {@code %o}, {@code %%},
 * flags and widths, escapes in the format. The format is reused while arguments remain, as
 * the shell does.
 */
final class Printf {

    private Printf() {
    }

    /** The text, or null for a format cordon does not follow. */
    static String format(String format, List<String> args) {
        StringBuilder out = new StringBuilder();
        int next = 0;
        do {
            int before = next;
            int i = 0;
            while (i < format.length()) {
                char c = format.charAt(i);
                if (c == '\\') {
                    int end = escapeEnd(format, i);
                    out.append(Escapes.decode(format, i, end));
                    i = end;
                    continue;
                }
                if (c != '%') {
                    out.append(c);
                    i++;
                    continue;
                }
                int spec = i + 1;
                while (spec < format.length() && "-+ #0123456789.".indexOf(format.charAt(spec)) >= 0) {
                    spec++;
                }
                if (spec >= format.length()) {
                    return null;
                }
                char conversion = format.charAt(spec);
                String flags = format.substring(i + 1, spec);
                if (conversion == '%') {
                    out.append('%');
                } else {
                    String arg = next < args.size() ? args.get(next) : null;
                    next++;
                    String text = convert(conversion, arg == null ? "" : arg);
                    if (text == null) {
                        return null;
                    }
                    out.append(pad(text, flags));
                }
                i = spec + 1;
            }
            if (next == before) {
                break;
            }
        } while (next < args.size());
        return out.toString();
    }

    private static String convert(char conversion, String arg) {
        switch (conversion) {
            case 's':
                return arg;
            case 'b':
                return Escapes.decode(arg, 0, arg.length());
            case 'c':
                return arg.isEmpty() ? "" : arg.substring(0, 1);
            case 'd':
            case 'i':
            case 'u':
            case 'x':
            case 'X':
            case 'o':
                Long number = number(arg);
                if (number == null) {
                    return null;
                }
                return switch (conversion) {
                    case 'x' -> Long.toHexString(number);
                    case 'X' -> Long.toHexString(number).toUpperCase(java.util.Locale.ROOT);
                    case 'o' -> Long.toOctalString(number);
                    default -> Long.toString(number);
                };
            default:
                return null;
        }
    }

    /** A number as printf reads it: decimal, {@code 0x} hex, leading-zero octal, {@code 'c} a character. */
    private static Long number(String arg) {
        String text = arg.strip();
        if (text.isEmpty()) {
            return 0L;
        }
        if (text.charAt(0) == '\'' || text.charAt(0) == '"') {
            return text.length() > 1 ? (long) text.codePointAt(1) : 0L;
        }
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return Long.parseLong(text.substring(2), 16);
            }
            if (text.length() > 1 && text.charAt(0) == '0') {
                return Long.parseLong(text.substring(1), 8);
            }
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Applies a width and a precision such as {@code -10.3}; other flags change nothing for text. */
    private static String pad(String text, String flags) {
        int dot = flags.indexOf('.');
        int width = digits(flags, 0, dot < 0 ? flags.length() : dot);
        String value = text;
        if (dot >= 0) {
            int precision = digits(flags, dot + 1, flags.length());
            if (value.length() > precision) {
                value = value.substring(0, precision);
            }
        }
        if (value.length() >= width) {
            return value;
        }
        String fill = " ".repeat(width - value.length());
        return flags.indexOf('-') >= 0 ? value + fill : fill + value;
    }

    /** The number the digits of {@code text[from, to)} make, at most 4096. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                value = Math.min(4096, value * 10 + (c - '0'));
            }
        }
        return value;
    }

    /** Where the escape starting at {@code at} ends. */
    private static int escapeEnd(String format, int at) {
        if (at + 1 >= format.length()) {
            return format.length();
        }
        char e = format.charAt(at + 1);
        int max = switch (e) {
            case 'x' -> 2;
            case 'u' -> 4;
            case 'U' -> 8;
            default -> e >= '0' && e <= '7' ? 3 : 0;
        };
        int i = at + 2;
        if (max > 0) {
            int radix = e == 'x' || e == 'u' || e == 'U' ? 16 : 8;
            int from = radix == 8 ? at + 1 : at + 2;
            i = from;
            while (i < format.length() && i - from < max && Character.digit(format.charAt(i), radix) >= 0) {
                i++;
            }
        }
        return Math.max(i, at + 2);
    }
}
