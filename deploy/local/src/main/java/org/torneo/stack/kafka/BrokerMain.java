package org.torneo.stack.kafka;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Main class of the broker JVM: starts {@code kafka.Kafka} and, when {@code torneo.parent.pid} is
 * given, exits (cleanly) as soon as that process is gone, so a test JVM or supervisor that dies
 * with SIGKILL never leaves an orphan broker behind. Runs on the broker's own classpath plus this
 * module's classes; it uses only the JDK, and Kafka through reflection.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        long parentPid = Long.getLong("torneo.parent.pid", -1L);
        if (parentPid > 0) {
            Optional<ProcessHandle> parent = ProcessHandle.of(parentPid);
            Thread watchdog = new Thread(() -> {
                while (parent.map(ProcessHandle::isAlive).orElse(false)) {
                    try {
                        Thread.sleep(500);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                System.err.println("torneo: parent process " + parentPid + " is gone, stopping the broker");
                System.exit(0);
            }, "torneo-parent-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
        Method main = Class.forName("kafka.Kafka").getMethod("main", String[].class);
        main.invoke(null, (Object) args);
    }
}
