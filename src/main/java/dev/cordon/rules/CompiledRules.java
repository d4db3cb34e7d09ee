package dev.cordon.rules;

import java.util.List;
import org.kie.api.KieBase;

/**
 * Rule files compiled into rule bases.
 *
 * @param trusted the rules that decide: built-in, user and trusted-project rules
 * @param untrusted the rules of an untrusted project, run apart so they can only add findings,
 *     or null when there are none
 * @param index where each rule is defined
 * @param files the files compiled
 */
public record CompiledRules(KieBase trusted, KieBase untrusted, RuleIndex index, List<RuleFile> files) {

    public CompiledRules {
        files = List.copyOf(files);
    }
}
