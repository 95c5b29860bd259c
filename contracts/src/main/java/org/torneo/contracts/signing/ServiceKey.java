package org.torneo.contracts.signing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A service's Ed25519 signing key (JDK only, RFC 8032), kept as an unencrypted PKCS#8 PEM file
 * ({@code -----BEGIN PRIVATE KEY-----}, as {@code openssl genpkey -algorithm ed25519} writes it). The public key is
 * derived from the 32-byte seed: the JDK's Ed25519 generator takes exactly those bytes from its random source, so
 * feeding it the seed rebuilds the key pair.
 *
 * <p>The key id is the signed-note key hash (C2SP signed-note): the first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖
 * raw public key), in hex, with the service's name as the key name: a short hash of the public key that also names
 * whose key it is.
 */
public final class ServiceKey {

    /** PKCS#8 prefix of an Ed25519 private key: the 32-byte seed follows (RFC 8410). */
    private static final byte[] PKCS8_PREFIX = hex("302e020100300506032b657004220420");
    /** X.509 SubjectPublicKeyInfo prefix of an Ed25519 public key: the 32-byte key follows. */
    private static final byte[] X509_PREFIX = hex("302a300506032b6570032100");

    private final String service;
    private final PrivateKey privateKey;
    private final byte[] rawPublicKey;
    private final String keyId;

    private ServiceKey(String service, PrivateKey privateKey, byte[] rawPublicKey) {
        this.service = requireName(service);
        this.privateKey = privateKey;
        this.rawPublicKey = rawPublicKey.clone();
        this.keyId = keyId(service, rawPublicKey);
    }

    /** A new key for {@code service}. */
    public static ServiceKey generate(String service) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
            KeyPair pair = generator.generateKeyPair();
            return new ServiceKey(service, pair.getPrivate(), rawOf(pair.getPublic()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no Ed25519 (JEP 339, Java 15+)", e);
        }
    }

    /** Reads {@code service}'s key from a PKCS#8 PEM file; a clear error when it is not one. */
    public static ServiceKey load(String service, Path pemFile) throws IOException {
        String pem = Files.readString(pemFile, StandardCharsets.US_ASCII);
        try {
            return fromPem(service, pem);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(pemFile + ": " + e.getMessage(), e);
        }
    }

    /** Reads a PKCS#8 PEM text ({@code -----BEGIN PRIVATE KEY-----}) holding an Ed25519 key. */
    public static ServiceKey fromPem(String service, String pem) {
        int begin = pem.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("not a PKCS#8 PEM private key (no BEGIN/END PRIVATE KEY lines)");
        }
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(pem.substring(begin + 27, end));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the PEM body is not base64: " + e.getMessage());
        }
        if (der.length != PKCS8_PREFIX.length + 32
                || !Arrays.equals(Arrays.copyOf(der, PKCS8_PREFIX.length), PKCS8_PREFIX)) {
            throw new IllegalArgumentException("not an Ed25519 PKCS#8 key (" + der.length + " bytes; expected 48)");
        }
        byte[] seed = Arrays.copyOfRange(der, PKCS8_PREFIX.length, der.length);
        try {
            PrivateKey privateKey = KeyFactory.getInstance("Ed25519").generatePrivate(new PKCS8EncodedKeySpec(der));
            KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
            generator.initialize(NamedParameterSpec.ED25519, new SeedRandom(seed));
            byte[] rawPublic = rawOf(generator.generateKeyPair().getPublic());
            return new ServiceKey(service, privateKey, rawPublic);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a usable Ed25519 key: " + e.getMessage(), e);
        }
    }

    /** The private key as PKCS#8 PEM text. */
    public String privatePem() {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(privateKey.getEncoded());
        return "-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n";
    }

    /** Writes the private key as PKCS#8 PEM, readable by its owner only where the file system allows it. */
    public void writePem(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path temporary = Files.createTempFile(parent, ".key", ".tmp");
        try {
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the directory's protection applies
        }
        Files.writeString(temporary, privatePem(), StandardCharsets.US_ASCII);
        Files.move(temporary, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The key of {@code service} in {@code pemFile}, generated and written there first when the file is absent. */
    public static ServiceKey loadOrGenerate(String service, Path pemFile) throws IOException {
        if (Files.exists(pemFile)) {
            return load(service, pemFile);
        }
        ServiceKey key = generate(service);
        key.writePem(pemFile);
        return key;
    }

    /** Ed25519 signature (64 bytes, deterministic) of {@code message}. */
    public byte[] sign(byte[] message) {
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(privateKey);
            signer.update(message);
            return signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
    }

    /** Whether {@code signature} is {@code rawPublicKey}'s Ed25519 signature of {@code message}. */
    public static boolean verify(byte[] rawPublicKey, byte[] message, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(publicKeyOf(rawPublicKey));
            verifier.update(message);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /** A public key object from its raw 32 bytes. */
    public static PublicKey publicKeyOf(byte[] rawPublicKey) throws GeneralSecurityException {
        if (rawPublicKey.length != 32) {
            throw new IllegalArgumentException("an Ed25519 public key has 32 bytes, not " + rawPublicKey.length);
        }
        byte[] der = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + 32);
        System.arraycopy(rawPublicKey, 0, der, X509_PREFIX.length, 32);
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
    }

    /** The signed-note key hash: first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ raw public key). */
    public static byte[] keyHash(String name, byte[] rawPublicKey) {
        try {
            var sha = java.security.MessageDigest.getInstance("SHA-256");
            sha.update(name.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0x0A);
            sha.update((byte) 0x01); // the Ed25519 signature type of signed notes
            sha.update(rawPublicKey);
            return Arrays.copyOf(sha.digest(), 4);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key id: {@link #keyHash} in lower-case hex (8 characters). */
    public static String keyId(String name, byte[] rawPublicKey) {
        return java.util.HexFormat.of().formatHex(keyHash(name, rawPublicKey));
    }

    public String service() {
        return service;
    }

    public String keyId() {
        return keyId;
    }

    public byte[] rawPublicKey() {
        return rawPublicKey.clone();
    }

    /** The raw public key in base64, as the trust file and GET /keys give it. */
    public String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(rawPublicKey);
    }

    @Override
    public String toString() {
        return "ServiceKey[" + service + " " + keyId + "]"; // never the private key
    }

    static String requireName(String service) {
        Objects.requireNonNull(service, "service");
        if (!service.matches("[a-z0-9][a-z0-9._-]{0,62}")) {
            throw new IllegalArgumentException("a service name is 1-63 of a-z 0-9 . _ - (got '" + service + "')");
        }
        return service;
    }

    private static byte[] rawOf(PublicKey publicKey) {
        byte[] der = publicKey.getEncoded();
        return Arrays.copyOfRange(der, der.length - 32, der.length);
    }

    private static byte[] hex(String hex) {
        return java.util.HexFormat.of().parseHex(hex);
    }

    /** Hands out the seed as "randomness": the Ed25519 generator's private key is the first 32 bytes it asks for. */
    private static final class SeedRandom extends SecureRandom {
        private final byte[] seed;

        SeedRandom(byte[] seed) {
            this.seed = seed.clone();
        }

        @Override
        public void nextBytes(byte[] bytes) {
            if (bytes.length != seed.length) {
                throw new IllegalStateException("the Ed25519 generator asked for " + bytes.length + " bytes");
            }
            System.arraycopy(seed, 0, bytes, 0, seed.length);
        }
    }
}
