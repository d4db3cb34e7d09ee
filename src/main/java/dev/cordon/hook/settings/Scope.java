package dev.cordon.hook.settings;

/** Which settings of an agent: the user's, or the project's in the current directory. */
public enum Scope {
    USER,
    PROJECT
}
