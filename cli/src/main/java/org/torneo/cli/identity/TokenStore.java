package org.torneo.cli.identity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.torneo.stack.identity.TokenClient;

/**
 * Where {@code torneo login} keeps the signed-in account's tokens: {@code credentials.json} in the user's config
 * directory ({@code $XDG_CONFIG_HOME/torneo/}, else {@code ~/.config/torneo/}; the system property
 * {@code torneo.config.dir} overrides both), readable by the user only (0600, directory 0700). Never printed.
 */
public final class TokenStore {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;

    public TokenStore(Path dir) {
        this.dir = dir;
    }

    /** The store of this user. */
    public static TokenStore ofUser() {
        String override = System.getProperty("torneo.config.dir");
        if (override != null && !override.isBlank()) {
            return new TokenStore(Path.of(override));
        }
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return new TokenStore(base.resolve("torneo"));
    }

    public Path file() {
        return dir.resolve("credentials.json");
    }

    /** A signed-in account: where it signed in, as whom, and its tokens. */
    public record Credentials(String issuer, String tokenEndpoint, String clientId, String username,
                              TokenClient.Tokens tokens) {
    }

    public Optional<Credentials> load() {
        if (!Files.isRegularFile(file())) {
            return Optional.empty();
        }
        try {
            JsonNode json = JSON.readTree(file().toFile());
            TokenClient.Tokens tokens = new TokenClient.Tokens(json.path("accessToken").asText(),
                    json.hasNonNull("refreshToken") ? json.get("refreshToken").asText() : null,
                    Instant.parse(json.path("accessExpiresAt").asText()),
                    json.hasNonNull("refreshExpiresAt") ? Instant.parse(json.get("refreshExpiresAt").asText()) : null,
                    Instant.parse(json.path("obtainedAt").asText()));
            return Optional.of(new Credentials(json.path("issuer").asText(), json.path("tokenEndpoint").asText(),
                    json.path("clientId").asText(), json.path("username").asText(), tokens));
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(file() + " is unreadable (" + e.getMessage() + "): ./torneo logout removes it");
        }
    }

    /** Writes a new file readable by the user only, then moves it into place (never a half-written file). */
    public void save(Credentials credentials) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("issuer", credentials.issuer());
        json.put("tokenEndpoint", credentials.tokenEndpoint());
        json.put("clientId", credentials.clientId());
        json.put("username", credentials.username());
        TokenClient.Tokens tokens = credentials.tokens();
        json.put("accessToken", tokens.accessToken());
        json.put("refreshToken", tokens.refreshToken());
        json.put("accessExpiresAt", tokens.accessExpiresAt().toString());
        json.put("refreshExpiresAt", tokens.refreshExpiresAt() == null ? null : tokens.refreshExpiresAt().toString());
        json.put("obtainedAt", tokens.obtainedAt().toString());
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            Path temporary = Files.createTempFile(dir, "credentials", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try {
                Files.write(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(json));
                Files.move(temporary, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(), e);
        }
    }

    /** Removes the file; whether there was one. */
    public boolean delete() {
        try {
            return Files.deleteIfExists(file());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file(), e);
        }
    }
}
