package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RedactorTest {

    private static final String BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    @Test
    void nothingToRedactInNothing() {
        assertNull(Redactor.redact((String) null));
        assertEquals("", Redactor.redact(""));
        assertEquals("ls -la", Redactor.redact("ls -la"));
    }

    @Test
    void randomKeysOfThirtyTwoCharactersAreAlmostAlwaysCaught() {
        Random random = new Random(7);
        int caught = 0;
        int samples = 2_000;
        for (int i = 0; i < samples; i++) {
            StringBuilder key = new StringBuilder();
            for (int j = 0; j < 32; j++) {
                key.append(BASE62.charAt(random.nextInt(BASE62.length())));
            }
            if (Redactor.redact("deploy " + key + " now").equals("deploy [REDACTED] now")) {
                caught++;
            }
        }
        // a key with no digit, or one that reads as words, is kept: about 0.5%
        assertTrue(caught >= samples * 0.99, "caught " + caught + " of " + samples);
    }

    @Test
    void everyTextOfAnEventIsRedactedAndTheRestKept() {
        String secret = "password=hunter2";
        AuditEvent event = new AuditEvent(Instant.parse("2025-01-31T12:00:00Z"), secret, "bash", secret, secret,
                Decision.DENY, secret, secret, secret, 3, List.of(new AuditViolation(secret, secret)), secret, secret,
                secret, false, secret);
        String masked = "password=[REDACTED]";
        assertEquals(new AuditEvent(Instant.parse("2025-01-31T12:00:00Z"), masked, "bash", masked, masked,
                Decision.DENY, masked, masked, masked, 3, List.of(new AuditViolation(masked, masked)), masked, masked,
                masked, false, masked), Redactor.redact(event));
    }

    @Test
    void secretNamesAreJudgedByTheirLastWord() {
        for (String name : List.of("password", "GITHUB_TOKEN", "apiKey", "X-Api-Key", "AWS_SECRET_ACCESS_KEY", "PGPASSWORD",
                "client_secret", "db.password", "pwd", "auth", "session-cookie", "APIKey", "x-amz-signature")) {
            assertTrue(SecretNames.isSecret(name), name);
        }
        for (String name : List.of("tokenizer", "max_tokens", "token_type", "password_file", "author", "secret_name",
                "OLDPWD", "key", "passport", "bypass", "keyboard", "signature_version_x", "")) {
            assertEquals(false, SecretNames.isSecret(name), name);
        }
    }
}
