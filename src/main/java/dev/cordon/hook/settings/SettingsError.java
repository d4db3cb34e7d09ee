package dev.cordon.hook.settings;

/** An agent's settings file that cordon will not change: it does not parse, or editing it would lose something. */
public final class SettingsError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SettingsError(String message) {
        super(message);
    }
}
