package dev.cordon.audit;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes secrets from text before it is written anywhere: the key, flag or scheme stays, the
 * value becomes {@value #MASK}. Best effort by nature; it errs towards hiding a value when a
 * name says it is a secret, and towards keeping a value whose shape says it is not (hashes,
 * paths, words). Idempotent: redacting twice changes nothing more.
 */
public final class Redactor {

    public static final String MASK = "[REDACTED]";

    private static final String VALUE = "(\"[^\"]*\"|'[^']*'|[^\\s\"'`,;&|<>()]+)";

    private static final Pattern PRIVATE_KEY = Pattern.compile(
            "(-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----)(.*?)(-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\\z)",
            Pattern.DOTALL);
    private static final Pattern URL_PASSWORD = Pattern.compile(
            "\\b([A-Za-z][A-Za-z0-9+.-]{0,31}://[^/\\s:@\"'`]+:)([^/\\s\"'`]+)@");
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "(?i)\\b((?:proxy-)?authorization[\"']?[ \\t]*[:=][ \\t]*)"
                    + "((?:bearer|basic|token|bot|digest|negotiate|ntlm|apikey|hmac|aws4-hmac-sha256)[ \\t]+)?"
                    + "([^\\s\"'`,;&]+)");
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer[ \\t]+)([A-Za-z0-9._~+/-]+=*)");
    private static final Pattern BASIC = Pattern.compile("(?i)\\b(basic[ \\t]+)([A-Za-z0-9+/]{4,}={0,2})(?![A-Za-z0-9+/=])");
    private static final Pattern FLAG = Pattern.compile("(?<![\\w-])(--?)([A-Za-z][A-Za-z0-9_-]*)(=|[ \\t]+)" + VALUE);
    private static final Pattern KEY_VALUE = Pattern.compile(
            "(?<![A-Za-z0-9_.-])([A-Za-z_][A-Za-z0-9_.-]*)([\"']?[ \\t]*(?::=|[:=])[ \\t]*)" + VALUE);
    private static final Pattern MYSQL = Pattern.compile("(?<![\\w/-])(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)(?![\\w-])");
    private static final Pattern MYSQL_PASSWORD = Pattern.compile("(?<=\\s)(-p)([^\\s\"'`;&|<>()]+)");
    private static final Pattern SSHPASS = Pattern.compile("(?<![\\w/-])sshpass(?![\\w-])");
    private static final Pattern SSHPASS_PASSWORD = Pattern.compile("(?<=\\s)(-p[ \\t]*)" + VALUE);
    private static final Pattern CURL_USER = Pattern.compile("(?<![\\w-])((?:-u|--user)(?:=|[ \\t]+)[\"']?[^\\s:\"']*:)([^\\s\"']+)");
    private static final List<Pattern> TOKEN_SHAPES = List.of(
            Pattern.compile("\\b((?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|APKA))[A-Z0-9]{16}\\b"),
            Pattern.compile("\\b(gh[pousr]_)[A-Za-z0-9]{20,}"),
            Pattern.compile("\\b(github_pat_)[A-Za-z0-9_]{20,}"),
            Pattern.compile("\\b(glpat-)[A-Za-z0-9_-]{20,}"),
            Pattern.compile("\\b(xox[abposrce]-)[A-Za-z0-9-]{8,}"),
            Pattern.compile("\\b(sk-(?:ant-|proj-|live-)?)[A-Za-z0-9_-]{20,}"),
            Pattern.compile("\\b((?:sk|rk|pk)_(?:live|test)_)[A-Za-z0-9]{10,}"),
            Pattern.compile("\\b(AIza)[0-9A-Za-z_-]{35}"),
            Pattern.compile("\\b(npm_)[A-Za-z0-9]{36}"),
            Pattern.compile("\\b()eyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*"));
    private static final Pattern URL = Pattern.compile("\\b[A-Za-z][A-Za-z0-9+.-]{0,31}://[^\\s\"'`<>]+");
    private static final Pattern QUERY_PARAMETER = Pattern.compile("([?&;])([A-Za-z_][A-Za-z0-9_.-]*)=([^&#;]*)");
    private static final Pattern URL_PIECE = Pattern.compile("[^/?&=#:@;,]+");
    private static final Pattern RUN = Pattern.compile("(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{32,}(?![A-Za-z0-9+/=_-])");

    private Redactor() {
    }

    /** The event with every text in it redacted. */
    public static AuditEvent redact(AuditEvent event) {
        return event.mapText(Redactor::redact);
    }

    /** The text with every secret it recognises replaced by {@value #MASK}. */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        // cheap guards first: most texts (rule ids, short commands) need none of the patterns
        String lower = text.toLowerCase(Locale.ROOT);
        boolean url = text.contains("://");
        String out = text;
        if (text.contains("PRIVATE KEY")) {
            out = replace(PRIVATE_KEY, out, m -> m.group(1) + MASK + m.group(3));
        }
        if (url) {
            out = replace(URL_PASSWORD, out, m -> m.group(1) + MASK + "@");
            // Before the key=value pass, which would take a URL's `host:port/...` for one long value.
            out = replace(URL, out, m -> secretParameters(m.group()));
        }
        if (lower.contains("authorization")) {
            out = replace(AUTHORIZATION, out, m -> isReference(m.group(3))
                    ? m.group()
                    : m.group(1) + (m.group(2) == null ? "" : m.group(2)) + MASK);
        }
        if (lower.contains("bearer")) {
            out = replace(BEARER, out, m -> looksLikeToken(m.group(2)) ? m.group(1) + MASK : m.group());
        }
        if (lower.contains("basic")) {
            out = replace(BASIC, out, m -> isBasicCredential(m.group(2)) ? m.group(1) + MASK : m.group());
        }
        if (text.length() >= 14) {
            for (Pattern shape : TOKEN_SHAPES) {
                out = replace(shape, out, m -> m.group(1) + MASK);
            }
        }
        if (out.indexOf('-') >= 0) {
            out = replace(FLAG, out, Redactor::flag);
        }
        if (out.indexOf('=') >= 0 || out.indexOf(':') >= 0) {
            out = replace(KEY_VALUE, out, Redactor::keyValue);
        }
        if (lower.contains("-p")) {
            // mysql -pSECRET: only the attached form; `-p` alone prompts and elsewhere means a port or parents
            if (MYSQL.matcher(out).find()) {
                out = replace(MYSQL_PASSWORD, out, m -> m.group(1) + MASK);
            }
            if (SSHPASS.matcher(out).find()) {
                out = replace(SSHPASS_PASSWORD, out, m -> m.group(1) + mask(m.group(2)));
            }
        }
        if (lower.contains("curl")) {
            out = replace(CURL_USER, out, m -> m.group(1) + MASK);
        }
        if (out.length() < OpaqueToken.MIN_LENGTH) {
            return out;
        }
        if (url) {
            out = replace(URL, out, m -> urlPieces(m.group()));
        }
        return replace(RUN, out, m -> opaque(m.group()));
    }

    /** A URL with the values of its secret-named query parameters ({@code ?token=…}) masked. */
    private static String secretParameters(String url) {
        int query = url.indexOf('?');
        if (query < 0) {
            return url;
        }
        return url.substring(0, query) + replace(QUERY_PARAMETER, url.substring(query), m ->
                SecretNames.isSecret(m.group(2)) && !m.group(3).isEmpty() && !isReference(m.group(3))
                        ? m.group(1) + m.group(2) + "=" + MASK
                        : m.group());
    }

    private static String flag(Matcher m) {
        String name = m.group(2);
        String separator = m.group(3);
        String value = m.group(4);
        boolean secret = SecretNames.isSecret(name)
                && !name.startsWith("no-")
                && (m.group(1).length() == 2 || name.length() > 1)
                && !(separator.isBlank() && value.startsWith("-"))
                && !isReference(value);
        return secret ? m.group(1) + name + separator + mask(value) : m.group();
    }

    private static String keyValue(Matcher m) {
        String key = m.group(1);
        String value = m.group(3);
        boolean secret = SecretNames.isSecret(key)
                && !isReference(value)
                // PWD=/home/me and OLDPWD are the shell's working directory, not a password
                && !(SecretNames.words(key).equals(List.of("pwd")) && unquote(value).matches("[/~].*"));
        return secret ? key + m.group(2) + mask(value) : m.group();
    }

    /** {@code $TOKEN}, {@code "${TOKEN}"}: names a secret without containing it. */
    private static boolean isReference(String value) {
        String bare = unquote(value);
        return bare.isEmpty() || bare.startsWith("$") || bare.equals(MASK);
    }

    private static String unquote(String value) {
        boolean quoted = value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                && value.charAt(value.length() - 1) == value.charAt(0);
        return quoted ? value.substring(1, value.length() - 1) : value;
    }

    /** The value masked, its quotes kept. */
    private static String mask(String value) {
        boolean quoted = value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'');
        return quoted ? value.charAt(0) + MASK + value.charAt(0) : MASK;
    }

    /** After {@code Bearer}: a credential has a digit or is long and mixed-case, prose does not. */
    private static boolean looksLikeToken(String word) {
        boolean digit = word.chars().anyMatch(Character::isDigit);
        boolean upper = word.chars().anyMatch(Character::isUpperCase);
        boolean lower = word.chars().anyMatch(Character::isLowerCase);
        return (word.length() >= 8 && digit) || (word.length() >= 20 && upper && lower);
    }

    /** After {@code Basic}: base64 of printable {@code user:password}. */
    private static boolean isBasicCredential(String word) {
        try {
            String padded = word + "=".repeat((4 - word.length() % 4) % 4);
            byte[] bytes = Base64.getDecoder().decode(padded);
            String decoded = new String(bytes, StandardCharsets.UTF_8);
            return decoded.indexOf(':') > 0 && decoded.chars().noneMatch(Character::isISOControl);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** In a URL each piece between {@code / ? & = # :} is judged on its own. */
    private static String urlPieces(String url) {
        Matcher piece = URL_PIECE.matcher(url);
        StringBuilder out = new StringBuilder(url.length());
        while (piece.find()) {
            piece.appendReplacement(out, Matcher.quoteReplacement(OpaqueToken.isSecret(piece.group()) ? MASK : piece.group()));
        }
        piece.appendTail(out);
        return out.toString();
    }

    /**
     * A long run outside URLs: an absolute path is judged piece by piece, anything else whole
     * (base64 has {@code /} in it).
     */
    private static String opaque(String run) {
        if (!run.startsWith("/")) {
            return OpaqueToken.isSecret(run) ? MASK : run;
        }
        String[] pieces = run.split("/", -1);
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = OpaqueToken.isSecret(pieces[i]) ? MASK : pieces[i];
        }
        return String.join("/", pieces);
    }

    private static String replace(Pattern pattern, String text, Function<Matcher, String> replacement) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        do {
            m.appendReplacement(out, Matcher.quoteReplacement(replacement.apply(m)));
        } while (m.find());
        m.appendTail(out);
        return out.toString();
    }
}
