package dev.cordon.engine;

/** Which layer decided: the policy's rules, a standing approval, or the OS sandbox. */
public enum Layer {
    POLICY,
    APPROVAL,
    OS
}
