package org.torneo.cli.identity;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.torneo.cli.Command;
import org.torneo.stack.identity.TokenClient;
import org.torneo.stack.identity.TorneoRealm;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code ./torneo login [--user NAME] [--password-stdin] [--issuer URL] [--client-id ID]}: signs in with the
 * password grant of the public client {@code torneo-cli} and keeps the tokens in the user's config directory
 * ({@link TokenStore}). The password is read from the terminal without echo, or as the first line of stdin with
 * {@code --password-stdin}; it is never stored. The token is never printed ({@code ./torneo token --print} does).
 */
@CommandLine.Command(name = "login", description = {
        "sign in (password grant) and keep the tokens in ~/.config/torneo (0600)",
        "The password is asked without echo, or read from the first line of stdin with --password-stdin; it is never"
                + " stored. The token is never printed (./torneo token --print does)."})
public final class LoginCommand extends Command {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private final InputStream stdin;
    private final TokenStore store;

    @Option(names = "--user", paramLabel = "NAME", description = "the account (asked when there is a terminal)")
    String user;

    @Option(names = "--password-stdin", description = "read the password from the first line of stdin")
    boolean passwordFromStdin;

    @Option(names = "--issuer", paramLabel = "URL", description = "the identity provider (default: the local stack's)")
    String issuerOption;

    @Option(names = "--client-id", paramLabel = "ID", description = "the public client (default: ${DEFAULT-VALUE})")
    String clientId = TorneoRealm.CLI_CLIENT;

    public LoginCommand() {
        this(System.in, TokenStore.ofUser());
    }

    LoginCommand(InputStream stdin, TokenStore store) {
        this.stdin = stdin;
        this.store = store;
    }

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        String user = this.user;
        Console console = System.console();
        if (user == null) {
            if (console == null || passwordFromStdin) {
                throw usageError("--user NAME is required when there is no terminal to ask it");
            }
            user = console.readLine("user: ").trim();
        }
        if (user.isBlank()) {
            throw new Command.UsageException("the user name is empty");
        }
        String password = passwordFromStdin ? firstLine() : askPassword(console, user);
        String issuer = CliCredentials.issuer(issuerOption);
        String tokenEndpoint = CliCredentials.tokenEndpoint(issuer);
        TokenClient.Tokens tokens;
        try {
            tokens = new TokenClient(URI.create(tokenEndpoint), clientId, null).password(user, password);
        } catch (TokenClient.TokenRequestException e) {
            err.println("torneo login: " + issuer + " refused the sign-in of " + user + ": " + e.getMessage());
            return 1;
        }
        store.save(new TokenStore.Credentials(issuer, tokenEndpoint, clientId, user, tokens));
        List<String> roles = CliCredentials.roles(tokens.accessToken());
        out.println("torneo: signed in as " + user + (roles.isEmpty() ? "" : " (roles: " + String.join(", ", roles) + ")")
                + " at " + issuer);
        out.println("torneo: tokens kept in " + store.file() + " (readable by you only); access token valid until "
                + TIME.format(tokens.accessExpiresAt()) + ", renewed automatically"
                + (tokens.refreshExpiresAt() == null ? "" : " until " + TIME.format(tokens.refreshExpiresAt())));
        return 0;
    }

    private String firstLine() throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        String line = reader.readLine();
        if (line == null || line.isEmpty()) {
            throw new Command.UsageException("--password-stdin: stdin gave no password (one line expected)");
        }
        return line;
    }

    private static String askPassword(Console console, String user) {
        if (console == null) {
            throw new Command.UsageException("no terminal to ask the password of " + user + ": pipe it with --password-stdin");
        }
        char[] password = console.readPassword("password of %s: ", user);
        if (password == null || password.length == 0) {
            throw new Command.UsageException("no password given");
        }
        return new String(password);
    }
}
