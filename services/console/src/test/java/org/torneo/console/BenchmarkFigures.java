package org.torneo.console;

import java.util.List;

/** The figures the console's benchmarks print (one copy for all of them): percentiles and the machine's load. */
final class BenchmarkFigures {

    private BenchmarkFigures() {
    }

    /** The {@code q} quantile (nearest rank) of durations sorted in microseconds, in milliseconds. */
    static double millisAt(List<Long> sortedMicros, double q) {
        return sortedMicros.get((int) Math.min(sortedMicros.size() - 1,
                Math.max(0, Math.ceil(q * sortedMicros.size()) - 1))) / 1000.0;
    }

    /**
     * Prints one line of durations: "{benchmark}: {path} ms: p50 .., p95 .., p99 .., max .. ({counted})", or that
     * nothing was measured.
     *
     * @param sortedMicros the durations in microseconds, sorted
     * @param counted      how many were measured, as the line says it (e.g. "120" or "120 of 125")
     */
    static void printPercentiles(String benchmark, String path, List<Long> sortedMicros, String counted) {
        if (sortedMicros.isEmpty()) {
            System.out.printf("%s: %s: nothing measured%n", benchmark, path);
            return;
        }
        System.out.printf("%s: %s ms: p50 %.1f, p95 %.1f, p99 %.1f, max %.1f (%s)%n", benchmark, path,
                millisAt(sortedMicros, 0.50), millisAt(sortedMicros, 0.95), millisAt(sortedMicros, 0.99),
                sortedMicros.get(sortedMicros.size() - 1) / 1000.0, counted);
    }

    /** The load average as the kernel gives it (1, 5 and 15 minutes and more), else the JVM's one-minute figure. */
    static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).strip();
        } catch (java.io.IOException e) {
            return String.format("%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    .getSystemLoadAverage());
        }
    }
}
