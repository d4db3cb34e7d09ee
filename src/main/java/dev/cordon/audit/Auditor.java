package dev.cordon.audit;

import dev.cordon.profile.Profile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What the rest of cordon calls after each decision and each run: applies the profile's audit
 * settings ({@link AuditFilter}) and appends the events they keep to the audit log.
 */
public final class Auditor implements Closeable {

    private final Profile.Audit settings;
    private final AuditLog log;

    private Auditor(Profile.Audit settings, AuditLog log) {
        this.settings = settings;
        this.log = log;
    }

    /**
     * The auditor for a profile's settings, writing to {@code file} (the settings' {@code file}
     * with variables expanded); with audit disabled nothing is opened or written.
     */
    public static Auditor open(Profile.Audit settings, Path file, Rotation rotation) {
        Objects.requireNonNull(settings, "settings");
        return new Auditor(settings, settings.enabled() ? new AuditLog(Objects.requireNonNull(file, "file"), rotation) : null);
    }

    /**
     * Appends the event when the settings keep it.
     *
     * @return whether it was written
     * @throws IOException when the log cannot be written; callers should treat a command they
     *     cannot audit as one they may not run
     */
    public boolean record(AuditEvent event) throws IOException {
        if (log == null || !AuditFilter.keeps(settings, event)) {
            return false;
        }
        log.append(event);
        return true;
    }

    @Override
    public void close() throws IOException {
        if (log != null) {
            log.close();
        }
    }
}
