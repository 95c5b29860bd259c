package org.torneo.platform.signing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.contracts.signing.ServiceKey;
import org.torneo.contracts.signing.TrustedKeys;
import org.torneo.platform.kafka.KafkaAggregateRuntime;

/**
 * This service's Ed25519 key for its chain heads (issue 17). Configuration:
 * <ul>
 * <li>{@code torneo.signing.service}: the service's name in the trust file (game, clock, pairing, rating);</li>
 * <li>{@code torneo.signing.key-file}: a PKCS#8 PEM file (e.g. mounted from a Secret, mode 0400), or</li>
 * <li>{@code torneo.signing.key-dir}: a folder holding {@code <service>.pem} (the local stack's layout);</li>
 * <li>{@code torneo.signing.published-keys}: optional, a trust file of this service's earlier keys, still listed by
 *     GET /keys after a rotation.</li>
 * </ul>
 * A key configured but unreadable stops the start with the file and the reason; no key configured at all leaves
 * the heads unsigned (a warning at start): then the audit reports every event as unsigned.
 */
@ApplicationScoped
public class ServiceSigning {

    private static final Logger LOG = Logger.getLogger(ServiceSigning.class.getName());

    @ConfigProperty(name = "torneo.signing.service")
    Optional<String> service;

    @ConfigProperty(name = "torneo.signing.key-file")
    Optional<String> keyFile;

    @ConfigProperty(name = "torneo.signing.key-dir")
    Optional<String> keyDir;

    @ConfigProperty(name = "torneo.signing.published-keys")
    Optional<String> publishedKeys;

    private volatile ServiceKey key;
    private volatile List<TrustedKeys.TrustedKey> earlier = List.of();

    @PostConstruct
    void load() {
        if (service.isEmpty()) {
            return;
        }
        Optional<Path> file = keyFile.map(Path::of).or(() -> keyDir.map(dir -> Path.of(dir, service.get() + ".pem")));
        if (file.isEmpty()) {
            LOG.warning(service.get() + ": no signing key configured (torneo.signing.key-file or key-dir):"
                    + " chain heads are NOT signed and an audit will report every event of this service as unsigned");
            return;
        }
        try {
            key = ServiceKey.load(service.get(), file.get());
            if (publishedKeys.isPresent()) {
                earlier = TrustedKeys.read(Path.of(publishedKeys.get())).keys().stream()
                        .filter(k -> k.service().equals(service.get()) && !k.keyId().equals(key.keyId())).toList();
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("the signing key of " + service.get() + " cannot be read: " + e.getMessage(), e);
        }
        LOG.info(service.get() + ": signing chain heads with key " + key.keyId());
    }

    /** The key, when one is configured. */
    public Optional<ServiceKey> key() {
        return Optional.ofNullable(key);
    }

    /** Makes {@code runtime} sign its chain heads, when a key is configured. Call before it starts. */
    public void sign(KafkaAggregateRuntime<?, ?, ?> runtime) {
        ServiceKey current = key;
        if (current != null) {
            runtime.signHeadsWith(current);
        }
    }

    /** One public key as GET /keys lists it. */
    public record PublishedKey(String service, String keyId, String algorithm, String publicKey, boolean current,
                               String validFrom, String validUntil) {
    }

    /** The current public key first, then the earlier ones configured (never a private key). */
    public List<PublishedKey> published() {
        ServiceKey current = key;
        if (current == null) {
            return List.of();
        }
        java.util.ArrayList<PublishedKey> out = new java.util.ArrayList<>();
        out.add(new PublishedKey(current.service(), current.keyId(), "Ed25519", current.publicKeyBase64(), true, null,
                null));
        for (TrustedKeys.TrustedKey k : earlier) {
            out.add(new PublishedKey(k.service(), k.keyId(), "Ed25519",
                    java.util.Base64.getEncoder().encodeToString(k.rawPublicKey()), false, k.validFrom().toString(),
                    k.validUntil() == null ? null : k.validUntil().toString()));
        }
        return out;
    }
}
