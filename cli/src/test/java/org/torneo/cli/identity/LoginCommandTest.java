package org.torneo.cli.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.Command;
import org.torneo.stack.identity.SharedKeycloak;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;

/** login, token, logout against the REAL Keycloak of the torneo realm (one start for this JVM). */
class LoginCommandTest {

    @TempDir
    Path config;

    @Test
    void loginKeepsTheTokensForTheUserOnlyAndNeverPrintsThem() throws Exception {
        TokenStore store = new TokenStore(config.resolve("torneo"));

        Run login = login(store, "arbiter-1", TorneoRealm.DEMO_PASSWORD);

        assertEquals(0, login.code(), login.err());
        assertTrue(login.out().contains("signed in as arbiter-1 (roles: arbiter) at " + SharedKeycloak.issuer()), login.out());
        String accessToken = store.load().orElseThrow().tokens().accessToken();
        assertFalse(login.out().contains(accessToken) || login.err().contains(accessToken), "the token is never shown");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file().getParent())));

        Run status = run(new TokenCommand(new CliCredentials(store)));
        assertEquals(0, status.code());
        assertTrue(status.out().contains("signed in as arbiter-1"), status.out());
        assertFalse(status.out().contains(accessToken), "token without --print does not show it");

        Run print = run(new TokenCommand(new CliCredentials(store)), "--print");
        assertEquals(accessToken, print.out().trim(), "--print shows it, alone");
    }

    @Test
    void anExpiredAccessTokenIsRefreshedAndStoredAgain() throws Exception {
        TokenStore store = new TokenStore(config.resolve("torneo"));
        assertEquals(0, login(store, "player-1", TorneoRealm.DEMO_PASSWORD).code());
        TokenStore.Credentials stored = store.load().orElseThrow();
        TokenClient.Tokens old = stored.tokens();
        // the access token's expiry has passed (as recorded when it was obtained), the refresh token is still valid
        store.save(new TokenStore.Credentials(stored.issuer(), stored.tokenEndpoint(), stored.clientId(), stored.username(),
                new TokenClient.Tokens(old.accessToken(), old.refreshToken(), Instant.now().minusSeconds(1),
                        old.refreshExpiresAt(), old.obtainedAt())));

        Run print = run(new TokenCommand(new CliCredentials(store)), "--print");

        String renewed = print.out().trim();
        assertNotEquals(old.accessToken(), renewed);
        assertEquals(List.of("player"), CliCredentials.roles(renewed));
        TokenStore.Credentials after = store.load().orElseThrow();
        assertEquals(renewed, after.tokens().accessToken());
        assertTrue(after.tokens().accessExpiresAt().isAfter(Instant.now()));
    }

    @Test
    void aWrongPasswordIsRefusedAndNothingIsStored() throws Exception {
        TokenStore store = new TokenStore(config.resolve("torneo"));

        Run login = login(store, "organiser", "not-the-password");

        assertEquals(1, login.code());
        assertTrue(login.err().contains("refused the sign-in of organiser: invalid_grant: Invalid user credentials"), login.err());
        assertFalse(Files.exists(store.file()));
        Command.UsageException notSignedIn = assertThrows(Command.UsageException.class,
                () -> run(new TokenCommand(new CliCredentials(store)), "--print"));
        assertTrue(notSignedIn.getMessage().contains("not signed in"), notSignedIn.getMessage());
    }

    @Test
    void logoutEndsTheSessionAndRemovesTheTokens() throws Exception {
        TokenStore store = new TokenStore(config.resolve("torneo"));
        assertEquals(0, login(store, "organiser", TorneoRealm.DEMO_PASSWORD).code());
        TokenStore.Credentials stored = store.load().orElseThrow();

        Run logout = run(new LogoutCommand(store));

        assertEquals(0, logout.code());
        assertTrue(logout.out().contains("signed out organiser (session ended at " + SharedKeycloak.issuer() + ")"),
                logout.out());
        assertFalse(Files.exists(store.file()));
        TokenClient client = new TokenClient(URI.create(stored.tokenEndpoint()), stored.clientId(), null);
        TokenClient.TokenRequestException revoked = assertThrows(TokenClient.TokenRequestException.class,
                () -> client.refresh(stored.tokens().refreshToken()));
        assertEquals("invalid_grant", revoked.error(), "the refresh token no longer works");
        assertTrue(run(new LogoutCommand(store)).out().contains("not signed in"));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private record Run(int code, String out, String err) {
    }

    private static Run login(TokenStore store, String user, String password) throws Exception {
        var stdin = new ByteArrayInputStream((password + "\n").getBytes(StandardCharsets.UTF_8));
        return run(new LoginCommand(stdin, store), "--user", user, "--password-stdin", "--issuer", SharedKeycloak.issuer());
    }

    private static Run run(Command command, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
