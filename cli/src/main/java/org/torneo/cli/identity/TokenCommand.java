package org.torneo.cli.identity;

import java.io.PrintStream;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.torneo.cli.Command;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code ./torneo token [--print]}: who is signed in and until when (the token itself is not shown); with
 * {@code --print}, the access token alone on stdout, refreshed first if needed, e.g. for
 * {@code curl -H "Authorization: Bearer $(./torneo token --print)" ...}.
 */
@CommandLine.Command(name = "token", description = {
        "who is signed in; --print prints the access token (refreshed if expired)",
        "e.g. curl -H \"Authorization: Bearer $(./torneo token --print)\" ..."})
public final class TokenCommand extends Command {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private final CliCredentials credentials;

    public TokenCommand() {
        this(CliCredentials.ofUser());
    }

    TokenCommand(CliCredentials credentials) {
        this.credentials = credentials;
    }

    @Option(names = "--print", description = "print the access token alone (refreshed first if needed)")
    boolean print;

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        TokenStore.Credentials current = credentials.current();
        if (print) {
            out.println(current.tokens().accessToken());
            return 0;
        }
        List<String> roles = CliCredentials.roles(current.tokens().accessToken());
        out.println("torneo: signed in as " + current.username() + (roles.isEmpty() ? "" : " (roles: "
                + String.join(", ", roles) + ")") + " at " + current.issuer() + " through " + current.clientId());
        out.println("torneo: access token valid until " + TIME.format(current.tokens().accessExpiresAt())
                + (current.tokens().refreshExpiresAt() == null ? ""
                : ", renewable until " + TIME.format(current.tokens().refreshExpiresAt()))
                + " (./torneo token --print shows it)");
        return 0;
    }
}
