package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.request.Connection;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RememberedPolicyTest {

    @Test
    void eachDestinationIsDecidedOnceUpToTheBound() {
        AtomicInteger asked = new AtomicInteger();
        RememberedPolicy remembered = new RememberedPolicy(c -> {
            asked.incrementAndGet();
            return new EgressDecision(EgressDecision.Outcome.ALLOWED, "r", "f", 1, c.hostPort());
        });
        for (int i = 0; i < 3; i++) {
            assertEquals("a.test:443", remembered.decide(Connection.to("a.test", 443)).reason());
            assertEquals("a.test:443", remembered.decide(Connection.to("A.TEST.", 443)).reason());
            remembered.decide(Connection.to("a.test", 443).at("10.0.0.1"));
        }
        assertEquals(2, asked.get(), "the name, and the name at one address");
        for (int i = 0; i < RememberedPolicy.LIMIT + 10; i++) {
            remembered.decide(Connection.to("n" + i + ".test", 443));
        }
        int before = asked.get();
        remembered.decide(Connection.to("n" + (RememberedPolicy.LIMIT + 5) + ".test", 443));
        assertEquals(before + 1, asked.get(), "past the bound, answers are not kept");
    }
}
