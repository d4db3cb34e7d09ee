package dev.cordon.linux;

import java.util.Locale;
import java.util.Optional;

/** The CPU architectures whose system-call numbers this library knows; others fail closed. */
public enum Arch {
    /** x86-64; the audit value seccomp sees for native 64-bit calls. */
    X86_64(0xC000003E, 0400000),
    /** 64-bit ARM. */
    AARCH64(0xC00000B7, 0100000);

    private final int auditArch;
    private final int oNoFollow;

    Arch(int auditArch, int oNoFollow) {
        this.auditArch = auditArch;
        this.oNoFollow = oNoFollow;
    }

    /** {@code AUDIT_ARCH_*} value in {@code seccomp_data.arch}. */
    public int auditArch() {
        return auditArch;
    }

    /** {@code O_NOFOLLOW}, which differs between the two. */
    int oNoFollow() {
        return oNoFollow;
    }

    /** The architecture this JVM runs on, if known. */
    public static Optional<Arch> current() {
        String name = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        switch (name) {
            case "amd64":
            case "x86_64":
                return Optional.of(X86_64);
            case "aarch64":
            case "arm64":
                return Optional.of(AARCH64);
            default:
                return Optional.empty();
        }
    }

    /** The architecture this JVM runs on, or an exception naming the unsupported one. */
    public static Arch require() throws KernelException {
        return current().orElseThrow(() -> new KernelException(
                "unsupported cpu architecture `" + System.getProperty("os.arch") + "`", 0));
    }
}
