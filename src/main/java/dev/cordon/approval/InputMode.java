package dev.cordon.approval;

/** Whether cordon may ask a human at all ({@code --no-input} says it may not). */
public enum InputMode {
    INTERACTIVE,
    NO_INPUT
}
