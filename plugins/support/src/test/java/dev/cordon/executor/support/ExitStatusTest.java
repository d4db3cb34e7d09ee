package dev.cordon.executor.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExitStatusTest {

    @Test
    void readsJavaExitValues() {
        assertEquals(new ExitStatus(0, 0), ExitStatus.fromJava(0));
        assertEquals(new ExitStatus(128, 0), ExitStatus.fromJava(128));
        assertEquals(new ExitStatus(137, 9), ExitStatus.fromJava(137));
        assertEquals(new ExitStatus(192, 64), ExitStatus.fromJava(192));
        assertEquals(new ExitStatus(200, 0), ExitStatus.fromJava(200));
    }

    @Test
    void namesSignals() {
        assertEquals("SIGKILL", ExitStatus.signalName(9));
        assertEquals("SIGSYS", ExitStatus.signalName(31));
        assertEquals("signal 40", ExitStatus.signalName(40));
    }
}
