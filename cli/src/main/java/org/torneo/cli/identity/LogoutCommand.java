package org.torneo.cli.identity;

import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

import org.torneo.cli.Command;
import picocli.CommandLine;

/**
 * {@code ./torneo logout}: ends the session at the identity provider (revokes the refresh token, best effort: the
 * provider may be down) and removes the stored tokens.
 */
@CommandLine.Command(name = "logout", description = "end the session and remove the stored tokens")
public final class LogoutCommand extends Command {

    private final TokenStore store;

    public LogoutCommand() {
        this(TokenStore.ofUser());
    }

    LogoutCommand(TokenStore store) {
        this.store = store;
    }

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        Optional<TokenStore.Credentials> credentials;
        try {
            credentials = store.load();
        } catch (IllegalStateException unreadable) {
            credentials = Optional.empty();
        }
        String ended = credentials.map(this::endSession).orElse("");
        boolean removed = store.delete();
        out.println(removed ? "torneo: signed out" + credentials.map(c -> " " + c.username()).orElse("") + ended
                : "torneo: not signed in");
        return 0;
    }

    /** The OIDC end-session call of Keycloak's layout (token endpoint's sibling /logout), with the refresh token. */
    private String endSession(TokenStore.Credentials credentials) {
        if (credentials.tokens().refreshToken() == null || !credentials.tokenEndpoint().endsWith("/token")) {
            return "";
        }
        String logout = credentials.tokenEndpoint().replaceAll("/token$", "/logout");
        String form = "client_id=" + URLEncoder.encode(credentials.clientId(), StandardCharsets.UTF_8)
                + "&refresh_token=" + URLEncoder.encode(credentials.tokens().refreshToken(), StandardCharsets.UTF_8);
        try {
            HttpResponse<Void> response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build().send(
                    HttpRequest.newBuilder(URI.create(logout)).timeout(Duration.ofSeconds(5))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return response.statusCode() / 100 == 2 ? " (session ended at " + credentials.issuer() + ")"
                    : " (the identity provider answered HTTP " + response.statusCode() + " to the logout)";
        } catch (java.io.IOException e) {
            return " (the identity provider was not reachable; the session ends by itself)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
