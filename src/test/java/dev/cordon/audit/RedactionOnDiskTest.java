package dev.cordon.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cordon.decision.Decision;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every secret pattern, and the near-misses that must stay, written through {@link AuditLog}
 * and checked in the bytes of the file on disk.
 */
class RedactionOnDiskTest {

    private static final String GHP = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    private static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    private static final String OPAQUE = "Zx9aB3kLmN0pQr7sTuV2wXy5zA1bC4dE";

    /** input, what must be on disk, and the secret that must not be. */
    private record Case(String input, String expected, String secret) {
    }

    private static final List<Case> SECRETS = List.of(
            new Case("curl -H \"Authorization: Bearer abc123def456\" https://api.example.com",
                    "curl -H \"Authorization: Bearer [REDACTED]\" https://api.example.com", "abc123def456"),
            new Case("curl -H 'authorization: token 0a1b2c3d4e5f' x", "curl -H 'authorization: token [REDACTED]' x", "0a1b2c3d4e5f"),
            new Case("http get x authorization=abc123", "http get x authorization=[REDACTED]", "abc123"),
            new Case("curl -H \"Authorization: Basic dXNlcjpwYXNzd29yZA==\" x",
                    "curl -H \"Authorization: Basic [REDACTED]\" x", "dXNlcjpwYXNzd29yZA"),
            new Case("wget --header 'Proxy-Authorization: Basic YWxpY2U6czNjcmV0' x",
                    "wget --header 'Proxy-Authorization: Basic [REDACTED]' x", "YWxpY2U6czNjcmV0"),
            new Case("curl x -H 'Basic YWxpY2U6czNjcmV0'", "curl x -H 'Basic [REDACTED]'", "YWxpY2U6czNjcmV0"),
            new Case("echo Bearer eyJ0eXAiOiJKV1QifQ.e30.sig0123", "echo Bearer [REDACTED]", "e30.sig0123"),
            new Case("export API_KEY=k3yvalue", "export API_KEY=[REDACTED]", "k3yvalue"),
            new Case("apikey: 12345abc", "apikey: [REDACTED]", "12345abc"),
            new Case("app --config api_key=zz99 run", "app --config api_key=[REDACTED] run", "zz99"),
            new Case("token=abc", "token=[REDACTED]", "=abc"),
            new Case("password=hunter2", "password=[REDACTED]", "hunter2"),
            new Case("passwd=hunter3 pwd=hunter4", "passwd=[REDACTED] pwd=[REDACTED]", "hunter"),
            new Case("PGPASSWORD=hunter5 psql -h db", "PGPASSWORD=[REDACTED] psql -h db", "hunter5"),
            new Case("secret=s1 client_secret=s2", "secret=[REDACTED] client_secret=[REDACTED]", "=s"),
            new Case("x bearer=abcd", "x bearer=[REDACTED]", "abcd"),
            new Case("tool --api-key V4lue1 run", "tool --api-key [REDACTED] run", "V4lue1"),
            new Case("tool --api-key=V4lue2 run", "tool --api-key=[REDACTED] run", "V4lue2"),
            new Case("tool --token \"two words\"", "tool --token \"[REDACTED]\"", "two words"),
            new Case("tool --password hunter6", "tool --password [REDACTED]", "hunter6"),
            new Case("tool --bearer abc --auth alice:pw7", "tool --bearer [REDACTED] --auth [REDACTED]", "pw7"),
            new Case("tool -password hunter8", "tool -password [REDACTED]", "hunter8"),
            new Case("git clone https://alice:pa55w0rd@github.com/org/repo.git",
                    "git clone https://alice:[REDACTED]@github.com/org/repo.git", "pa55w0rd"),
            new Case("psql \"postgres://admin:p@ss@db:5432/app\"", "psql \"postgres://admin:[REDACTED]@db:5432/app\"", "ss@db"),
            new Case("aws s3 ls --profile x AKIAIOSFODNN7EXAMPLE", "aws s3 ls --profile x AKIA[REDACTED]", "IOSFODNN7EXAMPLE"),
            new Case("export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                    "export AWS_SECRET_ACCESS_KEY=[REDACTED]", "wJalrXUtnFEMI"),
            new Case("echo " + GHP + " | gh auth login --with-token", "echo ghp_[REDACTED] | gh auth login --with-token", GHP.substring(4)),
            new Case("GITHUB_TOKEN=" + GHP + " gh pr list", "GITHUB_TOKEN=[REDACTED] gh pr list", GHP.substring(4)),
            new Case("git push https://github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv@github.com/o/r",
                    "git push https://github_pat_[REDACTED]@github.com/o/r", "11ABCDEFG0123456789"),
            new Case("curl -d token=x xoxb-123456789012-abcdefghijkl", "curl -d token=[REDACTED] xoxb-[REDACTED]", "123456789012"),
            new Case("echo sk-proj-abcdefghij0123456789ABCDEFGHIJ", "echo sk-proj-[REDACTED]", "abcdefghij0123456789"),
            new Case("curl -H \"x-jwt: " + JWT + "\"", "curl -H \"x-jwt: [REDACTED]\"", "dBjftJeZ4CVPmB92K27uhbUJU1p1r"),
            new Case("cat > id <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n"
                            + "-----END OPENSSH PRIVATE KEY-----\nEOF",
                    "cat > id <<EOF\n-----BEGIN OPENSSH PRIVATE KEY-----[REDACTED]-----END OPENSSH PRIVATE KEY-----\nEOF",
                    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmU"),
            new Case("echo '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7", "echo '-----BEGIN RSA PRIVATE KEY-----[REDACTED]",
                    "MIIEpAIBAAKCAQEA7"),
            new Case("deploy --key-id 7 " + OPAQUE, "deploy --key-id 7 [REDACTED]", OPAQUE),
            new Case("curl https://hooks.example.com/services/" + OPAQUE + "/x",
                    "curl https://hooks.example.com/services/[REDACTED]/x", OPAQUE),
            new Case("mysql -u root -phunter9 app", "mysql -u root -p[REDACTED] app", "hunter9"),
            new Case("sshpass -p 'hunter10' ssh host", "sshpass -p '[REDACTED]' ssh host", "hunter10"),
            new Case("curl -u alice:hunter11 https://x", "curl -u alice:[REDACTED] https://x", "hunter11"),
            new Case("curl -sS http://other.test:8080/secret?page=2&access_token=Zq8vX2mN4pL7wR1tY6uK3sD9",
                    "curl -sS http://other.test:8080/secret?page=2&access_token=[REDACTED]",
                    "Zq8vX2mN4pL7wR1tY6uK3sD9"),
            new Case("{\"password\": \"hunter12\", \"user\": \"bob\"}", "{\"password\": \"[REDACTED]\", \"user\": \"bob\"}", "hunter12"),
            new Case("curl -H 'X-Api-Key: 0123abcd' x", "curl -H 'X-Api-Key: [REDACTED]' x", "0123abcd"),
            new Case("curl 'https://a.blob.core.windows.net/c?sv=2022-11-02&sig=abc%2Bdef'",
                    "curl 'https://a.blob.core.windows.net/c?sv=2022-11-02&sig=[REDACTED]'", "abc%2Bdef"),
            new Case("curl -H \"Cookie: session=abc123\" x", "curl -H \"Cookie: [REDACTED]\" x", "abc123"),
            new Case("spring.datasource.password=hunter13 java -jar app.jar", "spring.datasource.password=[REDACTED] java -jar app.jar",
                    "hunter13"));

    private static final List<String> NEAR_MISSES = List.of(
            "python tokenizer.py --max_tokens=100 --token_type=bearer",
            "app --password-file ./secrets/pw.txt --token-file=./t",
            "docker login --password-stdin -u bob registry.example.com",
            "npm login --auth-type=web",
            "the Bearer scheme is described in RFC 6750; pass a bearer token",
            "use Basic authentication, Basic auth or basic mode",
            "git checkout 3f786850e387550fdab836ed7e6dc881de23001b",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  notes.txt",
            "docker pull nginx@sha256:E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
            "kubectl delete pod web-550e8400-e29b-41d4-a716-446655440000",
            "mkdir -p build/out && docker run -p 8080:80 img && ssh -p 22 host",
            "docker run -u 1000:1000 img && sort -u list.txt",
            "git log --author=jane --since=2.weeks",
            "env PWD=/home/me OLDPWD=/tmp make",
            "export TOKEN=$GITHUB_TOKEN; curl -H \"Authorization: Bearer $TOKEN\" x",
            "ls /usr/lib/jvm/temurin-25-jdk-amd64/lib/server/libjvm.so",
            "cargo build --target x86_64-unknown-linux-gnu-toolchain-stable-release",
            "java org.example.AbstractSingletonProxyFactoryBeanDefinitionReader",
            "kill 12345 && docker stop 3f2a1b && app --session abc12",
            "echo secret_name=prod-db token_limit=5 key=value",
            "curl 'https://example.com/api/v1/items?page=2&sort=desc'",
            "git remote add origin git@github.com:org/repo.git",
            "grep -r password src/ && grep 'token:' config.yaml",
            "ls node_modules/.bin/some-really-long-package-name-here-2",
            "mysql -p -h db app",
            "Authorization: Bearer [REDACTED]");

    @TempDir
    Path dir;

    @Test
    void secretsNeverReachTheFileAndNearMissesStay() throws IOException {
        Path file = dir.resolve("audit.jsonl");
        List<String> expected = new ArrayList<>();
        try (AuditLog log = new AuditLog(file, Rotation.NONE)) {
            for (Case c : SECRETS) {
                log.append(event(c.input()));
                expected.add(c.expected());
            }
            for (String nearMiss : NEAR_MISSES) {
                log.append(event(nearMiss));
                expected.add(nearMiss);
            }
        }
        String disk = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = disk.lines().toList();
        assertEquals(expected.size(), lines.size());
        ObjectMapper json = new ObjectMapper();
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = json.readTree(lines.get(i));
            assertEquals(expected.get(i), line.get("command").asText(), "line " + (i + 1));
            // the same text went into every other text field too
            assertEquals(expected.get(i), line.get("cwd").asText(), "cwd of line " + (i + 1));
            assertEquals(expected.get(i), line.get("violations").get(0).get("detail").asText(), "detail of line " + (i + 1));
        }
        for (Case c : SECRETS) {
            assertFalse(disk.contains(c.secret()), "secret `" + c.secret() + "` is on disk");
            assertFalse(disk.contains(jsonEscaped(c.secret())), "secret `" + c.secret() + "` is on disk (escaped)");
        }
    }

    @Test
    void redactingTwiceChangesNothingMore() {
        for (Case c : SECRETS) {
            assertEquals(c.expected(), Redactor.redact(Redactor.redact(c.input())), c.input());
        }
        for (String nearMiss : NEAR_MISSES) {
            assertEquals(nearMiss, Redactor.redact(nearMiss));
        }
    }

    private static AuditEvent event(String text) {
        return AuditEvent.builder("bash", Decision.ALLOW)
                .time(Instant.parse("2025-01-31T12:00:00Z"))
                .session("s1")
                .command(text)
                .cwd(text)
                .violations(List.of(new AuditViolation("write-denied", text)))
                .build();
    }

    private static String jsonEscaped(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
