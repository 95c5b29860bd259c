package org.torneo.feed.app.web;

import java.util.Locale;
import java.util.Map;

import org.torneo.feed.app.model.FeedFilter;

/** The pages' words in English and Spanish. */
enum Text {
    EN, ES;

    private static final Map<String, String[]> WORDS = Map.ofEntries(
            Map.entry("tournaments", new String[] {"Tournaments", "Torneos"}),
            Map.entry("tournament", new String[] {"Tournament", "Torneo"}),
            Map.entry("round", new String[] {"Round", "Ronda"}),
            Map.entry("rounds", new String[] {"Rounds", "Rondas"}),
            Map.entry("board", new String[] {"Board", "Tablero"}),
            Map.entry("hall", new String[] {"Hall", "Sala"}),
            Map.entry("white", new String[] {"White", "Blancas"}),
            Map.entry("black", new String[] {"Black", "Negras"}),
            Map.entry("result", new String[] {"Result", "Resultado"}),
            Map.entry("live", new String[] {"live", "en juego"}),
            Map.entry("standings", new String[] {"Standings", "Clasificación"}),
            Map.entry("provisional", new String[] {"Provisional: points from the results so far",
                    "Provisional: puntos de los resultados hasta ahora"}),
            Map.entry("afterRound", new String[] {"after round", "tras la ronda"}),
            Map.entry("rank", new String[] {"Rk", "Pos"}),
            Map.entry("player", new String[] {"Player", "Jugador"}),
            Map.entry("players", new String[] {"Players", "Jugadores"}),
            Map.entry("rating", new String[] {"Rating", "Elo"}),
            Map.entry("moves", new String[] {"Moves", "Jugadas"}),
            Map.entry("opponent", new String[] {"Opponent", "Rival"}),
            Map.entry("colour", new String[] {"Colour", "Color"}),
            Map.entry("points", new String[] {"Points", "Puntos"}),
            Map.entry("total", new String[] {"Total", "Total"}),
            Map.entry("bye", new String[] {"Bye", "Descanso"}),
            Map.entry("byes", new String[] {"Without a game", "Sin partida"}),
            Map.entry("pairings", new String[] {"Pairings", "Emparejamientos"}),
            Map.entry("cancelledGames", new String[] {"Cancelled by a pairing correction (not played, no result)",
                    "Canceladas por una corrección del emparejamiento (no se juegan, sin resultado)"}),
            Map.entry("gamesLive", new String[] {"games in progress", "partidas en juego"}),
            Map.entry("closed", new String[] {"closed", "cerrada"}),
            Map.entry("roundPgn", new String[] {"Round PGN (broadcast)", "PGN de la ronda (retransmisión)"}),
            Map.entry("gamePgn", new String[] {"Game PGN", "PGN de la partida"}),
            Map.entry("none", new String[] {"Nothing yet.", "Nada todavía."}),
            Map.entry("system", new String[] {"System", "Sistema"}),
            Map.entry("connected", new String[] {"live", "en directo"}),
            Map.entry("reconnecting", new String[] {"reconnecting…", "reconectando…"}),
            Map.entry("notices", new String[] {"Arbiter and claims", "Árbitro y reclamaciones"}),
            Map.entry("card", new String[] {"Player card", "Ficha del jugador"}),
            Map.entry("language", new String[] {"Español", "English"}));

    String t(String key) {
        String[] pair = WORDS.get(key);
        if (pair == null) {
            throw new IllegalArgumentException("no text for " + key);
        }
        return pair[ordinal()];
    }

    String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    Text other() {
        return this == EN ? ES : EN;
    }

    /** ?lang=es|en wins; else the first of es/en in Accept-Language; else English. */
    static Text choose(String lang, String acceptLanguage) {
        if (lang != null && !lang.isBlank()) {
            return switch (lang.strip().toLowerCase(Locale.ROOT)) {
                case "es" -> ES;
                case "en" -> EN;
                default -> throw new FeedFilter.BadRequest("lang", "'" + lang + "' is not a language of the feed (es, en)");
            };
        }
        if (acceptLanguage != null) {
            for (String part : acceptLanguage.split(",")) {
                String tag = part.split(";")[0].strip().toLowerCase(Locale.ROOT);
                if (tag.startsWith("es")) {
                    return ES;
                }
                if (tag.startsWith("en")) {
                    return EN;
                }
            }
        }
        return EN;
    }
}
