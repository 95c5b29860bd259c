package org.torneo.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.signing.TrustedKeys;

/**
 * The local stack's signing keys (issue 17): one Ed25519 key per service that writes chains, {@code <dir>/<service>.pem}
 * (PKCS#8 PEM, owner-only), generated when absent, and the trust file {@code <dir>/trust.txt} the audit reads
 * ({@code torneo audit --trust}). A key that replaced another (its file deleted: a rotation, or a lost key) is added
 * from now on and the key it replaced stops being valid now, so heads signed before stay good. For development and
 * tests only: a deployment keeps its keys in Secrets and its trust file with the organiser.
 */
public final class LocalKeys {

    /** The services that write hash chains and sign their heads. */
    public static final List<String> SIGNING_SERVICES = List.of("game", "clock", "pairing", "rating");

    public static final String TRUST_FILE = "trust.txt";

    private LocalKeys() {
    }

    /** Makes sure every signing service has a key in {@code dir} and the trust file lists it; the trust file. */
    public static Path ensure(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path trustFile = dir.resolve(TRUST_FILE);
        TrustedKeys trust = Files.exists(trustFile) ? TrustedKeys.read(trustFile) : TrustedKeys.none();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        boolean changed = !Files.exists(trustFile);
        for (String service : SIGNING_SERVICES) {
            Path pem = dir.resolve(service + ".pem");
            Instant from = Files.exists(pem) ? Files.getLastModifiedTime(pem).toInstant().truncatedTo(ChronoUnit.SECONDS)
                    : now;
            ServiceKey key = ServiceKey.loadOrGenerate(service, pem);
            boolean listed = trust.keys().stream().anyMatch(k -> k.service().equals(service)
                    && k.keyId().equals(key.keyId()));
            if (listed) {
                continue;
            }
            List<TrustedKeys.TrustedKey> kept = new ArrayList<>();
            for (TrustedKeys.TrustedKey k : trust.keys()) {
                boolean replaced = k.service().equals(service) && k.validUntil() == null;
                Instant until = from.isAfter(k.validFrom()) ? from : k.validFrom().plusSeconds(1);
                kept.add(replaced ? new TrustedKeys.TrustedKey(k.service(), k.keyId(), k.rawPublicKey(), k.validFrom(),
                        until) : k);
            }
            trust = new TrustedKeys(kept).with(key, from, null);
            changed = true;
        }
        if (changed) {
            Path temporary = Files.createTempFile(dir, "trust", ".tmp");
            Files.writeString(temporary, trust.text());
            Files.move(temporary, trustFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        return trustFile;
    }
}
