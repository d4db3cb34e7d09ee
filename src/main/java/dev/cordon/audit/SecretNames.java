package dev.cordon.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a key, variable or flag name names a secret: {@code password}, {@code GITHUB_TOKEN},
 * {@code apiKey}, {@code X-Api-Key}, {@code --auth}. The name is split into words (at
 * {@code _ - .} and camel case) and its LAST word decides, so {@code password_file},
 * {@code max_tokens}, {@code token_type} and {@code tokenizer} are not secrets.
 */
final class SecretNames {

    /** Last words that are secrets when they are the whole word. */
    private static final Set<String> WORDS = Set.of(
            "pwd", "pass", "bearer", "auth", "credential", "credentials", "cookie", "signature", "sig");

    /** Last words that are secrets when they end with one of these ({@code PGPASSWORD}, {@code clientsecret}). */
    private static final List<String> ENDINGS = List.of(
            "password", "passwd", "passphrase", "token", "secret", "apikey");

    /** Two last words that together name a secret ({@code api_key}, {@code AWS_SECRET_ACCESS_KEY}). */
    private static final Set<String> PAIRS = Set.of(
            "apikey", "accesskey", "secretkey", "privatekey", "authkey", "signingkey", "encryptionkey", "masterkey");

    private SecretNames() {
    }

    static boolean isSecret(String name) {
        List<String> words = words(name);
        if (words.isEmpty()) {
            return false;
        }
        String last = words.get(words.size() - 1);
        if (WORDS.contains(last)) {
            return true;
        }
        for (String ending : ENDINGS) {
            if (last.endsWith(ending)) {
                return true;
            }
        }
        return words.size() >= 2 && PAIRS.contains(words.get(words.size() - 2) + last);
    }

    /** {@code X-Api-Key} → [x, api, key]; {@code apiKey} → [api, key]; {@code APIKey} → [apikey]. */
    static List<String> words(String name) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean separator = c == '_' || c == '-' || c == '.';
            boolean camel = Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1));
            if ((separator || camel) && word.length() > 0) {
                words.add(word.toString().toLowerCase(Locale.ROOT));
                word.setLength(0);
            }
            if (!separator) {
                word.append(c);
            }
        }
        if (word.length() > 0) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
        }
        return words;
    }
}
