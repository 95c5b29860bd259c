package org.torneo.platform.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Where a running instance's id comes from. The id is part of its transactional ids ({@code <service>-<id>}, inside
 * the {@code <service>-} prefix the service's Kafka ACLs allow): two processes of one service must never share it
 * (equal transactional ids fence each other, so two instances would keep killing each other's transactions), and a
 * restarted process should get its own back (initTransactions under the same id then fences its zombie and aborts the
 * transaction the crash left open, instead of leaving it to the transaction timeout).
 *
 * <p>In order:
 * <ol>
 *   <li>{@code torneo.instance-id} when set (tests, or an operator pinning it);</li>
 *   <li>the pod's name in Kubernetes ({@code POD_NAME}, else {@code HOSTNAME} when {@code KUBERNETES_SERVICE_HOST}
 *       says we run in a pod: one process per pod, and a StatefulSet's pod keeps its name across restarts). Outside
 *       a pod the host name is shared by every process on the machine, so it is not used;</li>
 *   <li>an id generated once and kept in a file under {@code <data dir>/instances/<service>/}, held by an OS file
 *       lock for the process's life: a second process of the service on the same machine finds the file locked
 *       and takes (or makes) another; a restarted one finds its file unlocked (the OS drops the locks of a killed
 *       process) and takes it back.</li>
 * </ol>
 */
public final class InstanceIds {

    private static final Logger LOG = Logger.getLogger(InstanceIds.class.getName());
    private static final String SUFFIX = ".instance";
    /** Locks held for the life of the process (a claim released would let a second process take the same id). */
    private static final List<FileLock> HELD = new ArrayList<>();

    /** An instance id and where it came from (logged at start). */
    public record Claim(String id, String source) {
    }

    private InstanceIds() {
    }

    /**
     * The id of this instance of {@code service}.
     *
     * @param configured the explicit {@code torneo.instance-id}, if any
     * @param dataDir    the service's data directory ({@code torneo.data-dir}); the id files go under it
     * @param env        the environment ({@code System.getenv()})
     */
    public static Claim resolve(String service, Optional<String> configured, Path dataDir, Map<String, String> env) {
        if (configured.isPresent() && !configured.get().isBlank()) {
            return new Claim(checked(configured.get().trim(), "torneo.instance-id"), "torneo.instance-id");
        }
        String pod = env.get("POD_NAME");
        if (pod != null && !pod.isBlank()) {
            return new Claim(sanitised(pod), "the pod name (POD_NAME)");
        }
        String host = env.get("HOSTNAME");
        if (env.get("KUBERNETES_SERVICE_HOST") != null && host != null && !host.isBlank()) {
            return new Claim(sanitised(host), "the pod's host name (HOSTNAME)");
        }
        Path directory = dataDir.resolve("instances").resolve(sanitised(service));
        return new Claim(claimFile(directory), "the id file kept under " + directory);
    }

    /**
     * Takes the first id file under {@code directory} no other process (or runtime of this JVM) holds, oldest first,
     * or creates a new one; the lock is held until the process ends.
     */
    static synchronized String claimFile(Path directory) {
        try {
            Files.createDirectories(directory);
            List<Path> existing;
            try (Stream<Path> files = Files.list(directory)) {
                existing = files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
            }
            for (Path file : existing) {
                String id = tryLock(file);
                if (id != null) {
                    return id;
                }
            }
            for (int attempt = 0; attempt < 10; attempt++) {
                String id = UUID.randomUUID().toString().substring(0, 8);
                Path file = directory.resolve(id + SUFFIX);
                try {
                    Files.writeString(file, id + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE);
                } catch (java.nio.file.FileAlreadyExistsException taken) {
                    continue;
                }
                String locked = tryLock(file);
                if (locked != null) {
                    return locked;
                }
            }
            throw new IllegalStateException("could not claim an instance id file under " + directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the instance id under " + directory
                    + " (set torneo.data-dir to a writable directory, or torneo.instance-id)", e);
        }
    }

    /** The id in {@code file} if this process could lock it; null when someone holds it. */
    private static String tryLock(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException heldHere) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            return null;
        }
        String id = Files.readString(file, StandardCharsets.UTF_8).trim();
        if (id.isEmpty()) { // a file another process created but has not written yet: not ours to take
            lock.release();
            channel.close();
            return null;
        }
        HELD.add(lock);
        LOG.fine("instance id " + id + " claimed from " + file);
        return checked(id, file.toString());
    }

    /** Kafka allows [a-zA-Z0-9._-] in ids; anything else becomes '-'. */
    static String sanitised(String raw) {
        String id = raw.trim().replaceAll("[^A-Za-z0-9._-]", "-");
        return id.isEmpty() ? "instance" : id;
    }

    private static String checked(String id, String where) {
        if (!id.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(where + ": the instance id '" + id
                    + "' may only hold letters, digits, '.', '_' and '-' (it is part of Kafka transactional ids)");
        }
        return id;
    }
}
