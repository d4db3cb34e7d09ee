package dev.cordon.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.executor.Enforcement;
import dev.cordon.spi.Guarantee;
import java.util.List;

/**
 * What the kernel keeps and what it leaves to the policy layer, as {@code run --json} and
 * {@code sandbox status --json} show it: {@code {"kernel": [...], "policy": [...]}}, each item
 * {@code {"promise": "metadata", "promised": "no chmod, …", "detail": "how, or why not"}}.
 */
final class EnforcementJson {

    private EnforcementJson() {
    }

    static void put(ObjectNode node, Enforcement enforcement) {
        items(node.putArray("kernel"), enforcement.kernel());
        items(node.putArray("policy"), enforcement.policy());
    }

    private static void items(ArrayNode array, List<Guarantee> guarantees) {
        for (Guarantee g : guarantees) {
            array.addObject().put("promise", Enforcement.name(g.promise())).put("promised", g.promise().description())
                    .put("detail", g.detail());
        }
    }
}
