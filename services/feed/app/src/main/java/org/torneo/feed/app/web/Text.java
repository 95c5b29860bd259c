package org.torneo.feed.app.web;

import java.util.Locale;
import java.util.Map;

import org.torneo.feed.core.FeedFilter;

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
            Map.entry("liveStandings", new String[] {"Live: points after round %1$d plus the results of later rounds so "
                    + "far; tie-breaks as after round %1$d", "En directo: puntos tras la ronda %1$d más los resultados "
                    + "de las rondas siguientes hasta ahora; desempates como tras la ronda %1$d"}),
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
            Map.entry("no", new String[] {"No.", "N.º"}),
            Map.entry("name", new String[] {"Name", "Nombre"}),
            Map.entry("rtg", new String[] {"Rtg", "Elo"}),
            Map.entry("tit", new String[] {"Title", "Título"}),
            Map.entry("fed", new String[] {"Fed", "Fed"}),
            Map.entry("pts", new String[] {"Pts", "Ptos"}),
            Map.entry("PTS", new String[] {"Pts", "Ptos"}),
            Map.entry("halls", new String[] {"Halls", "Salas"}),
            Map.entry("boards", new String[] {"boards", "tableros"}),
            Map.entry("fromBoard", new String[] {"from board", "desde el tablero"}),
            Map.entry("tieBreaks", new String[] {"Tie-breaks", "Desempates"}),
            Map.entry("withdrawn", new String[] {"withdrawn", "retirado"}),
            Map.entry("notPaired", new String[] {"not paired this round", "no emparejado en esta ronda"}),
            Map.entry("print", new String[] {"Print", "Imprimir"}),
            Map.entry("printLists", new String[] {"Lists to print", "Listas para imprimir"}),
            Map.entry("hallScreens", new String[] {"Hall screens", "Pantallas de sala"}),
            Map.entry("hallScreen", new String[] {"Hall screen", "Pantalla de sala"}),
            Map.entry("list.players", new String[] {"Player list", "Lista de jugadores"}),
            Map.entry("list.pairings", new String[] {"Pairings by board", "Emparejamientos por tablero"}),
            Map.entry("list.alphabetical", new String[] {"Alphabetical pairing list",
                    "Emparejamientos por orden alfabético"}),
            Map.entry("list.results", new String[] {"Results", "Resultados"}),
            Map.entry("list.standings", new String[] {"Standings", "Clasificación"}),
            Map.entry("list.crosstable", new String[] {"Crosstable", "Cuadro cruzado"}),
            Map.entry("list.checkin", new String[] {"Check-in list", "Lista de presentación"}),
            Map.entry("list.grid", new String[] {"Round-robin grid", "Tabla de liga"}),
            Map.entry("present", new String[] {"Present", "Presente"}),
            Map.entry("checkedIn", new String[] {"checked in", "presente"}),
            Map.entry("signature", new String[] {"Signature", "Firma"}),
            Map.entry("finished", new String[] {"games finished", "partidas terminadas"}),
            Map.entry("of", new String[] {"of", "de"}),
            Map.entry("noResultYet", new String[] {"No result yet.", "Aún no hay resultados."}),
            Map.entry("crossLegend", new String[] {
                    "Each round: the opponent's No., w (White) or b (Black), the score; + / - a win or loss by forfeit;"
                            + " - and points a bye; * in play.",
                    "Cada ronda: el N.º del rival, w (blancas) o b (negras), la puntuación; + / - victoria o derrota"
                            + " por incomparecencia; - y los puntos, un descanso; * en juego."}),
            Map.entry("bye.PAIRING_BYE", new String[] {"Bye", "Exento"}),
            Map.entry("bye.HALF_POINT", new String[] {"Half-point bye", "Descanso de medio punto"}),
            Map.entry("bye.ZERO_POINT", new String[] {"Zero-point bye", "Descanso sin puntos"}),
            Map.entry("bye.LATE_ENTRY", new String[] {"Late entry", "Incorporación tardía"}),
            Map.entry("bye.OPPONENT_WITHDRAWN", new String[] {"Opponent withdrew", "Rival retirado"}),
            Map.entry("language", new String[] {"Español", "English"}));

    /** Every word in this language by its key, for the templates ({@code {t.round}}, {@code {t.get('list.players')}}). */
    Map<String, String> words() {
        return this == EN ? Words.EN : Words.ES;
    }

    /** Built once the words are (an enum's constants come before its static fields). */
    private static final class Words {
        static final Map<String, String> EN = of(0);
        static final Map<String, String> ES = of(1);

        private static Map<String, String> of(int language) {
            Map<String, String> out = new java.util.HashMap<>();
            WORDS.forEach((key, pair) -> out.put(key, pair[language]));
            return Map.copyOf(out);
        }
    }

    /** The word for {@code key} if there is one, else {@code fallback} (a tie-break code such as "BH"). */
    String tOr(String key, String fallback) {
        String[] pair = WORDS.get(key);
        return pair == null ? fallback : pair[ordinal()];
    }

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

    /** The language's collation and formatting. */
    Locale locale() {
        return this == ES ? Locale.forLanguageTag("es") : Locale.ENGLISH;
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
