package org.torneo.cli.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.torneo.game.core.pgn.PgnGame;
import org.torneo.game.core.pgn.PgnMove;
import org.torneo.game.core.pgn.PgnReader;

/** The real games the demo's boards replay (resources demo/*.pgn), in a fixed order. */
public final class MasterGames {

    static final List<String> FILES = List.of("demo/windmill-torre-lasker-1925.pgn", "demo/classics.pgn");

    /** A master game: its moves in SAN and its result tag ("1-0", "0-1", "1/2-1/2"). */
    public record MasterGame(String title, List<String> sans, String result) {
    }

    private static final List<MasterGame> ALL = load();

    private MasterGames() {
    }

    public static List<MasterGame> all() {
        return ALL;
    }

    private static List<MasterGame> load() {
        List<MasterGame> games = new ArrayList<>();
        for (String file : FILES) {
            try (InputStream in = MasterGames.class.getClassLoader().getResourceAsStream(file)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + file + " is missing from the build");
                }
                for (PgnGame game : PgnReader.read(new String(in.readAllBytes(), StandardCharsets.UTF_8))) {
                    games.add(new MasterGame(game.tag("White").orElse("?") + " - " + game.tag("Black").orElse("?")
                            + ", " + game.tag("Site").orElse("?") + " " + game.tag("Date").orElse("?").substring(0, 4),
                            game.moves().stream().map(PgnMove::san).toList(), game.result()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.copyOf(games);
    }
}
