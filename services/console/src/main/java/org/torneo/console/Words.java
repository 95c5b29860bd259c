package org.torneo.console;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The console's words in English and Spanish (the seeds' two languages), chosen per user as the feed does: an
 * explicit {@code ?lang=es|en} (kept in a cookie, so the choice follows the user from page to page), else the
 * cookie, else the browser's Accept-Language, else English.
 */
public enum Words {
    EN, ES;

    /** The cookie that keeps a user's choice. */
    public static final String COOKIE = "torneo-console-lang";

    private static final Map<String, String[]> WORDS = new HashMap<>();

    private static void w(String key, String en, String es) {
        WORDS.put(key, new String[] {en, es});
    }

    static {
        w("console", "Torneo console", "Consola de Torneo");
        w("sheet", "Scoresheet", "Planilla");
        w("sheets", "Electronic scoresheets", "Planillas electrónicas");
        w("boardCode", "Board code", "Código del tablero");
        w("boardCodes", "Board codes of the round (one per board and colour)", "Códigos de los tableros de la ronda (uno por tablero y color)");
        w("boardCodeHelp", "The six characters on the pairing list or shown by the arbiter for your board and colour.", "Los seis caracteres de la lista de emparejamientos o que muestra el árbitro para su tablero y color.");
        w("bindSheet", "Use this sheet for my board", "Usar esta planilla para mi tablero");
        w("sheetMoves", "Moves (both players, FIDE 8.1)", "Jugadas (de ambos jugadores, FIDE 8.1)");
        w("sheetMove", "Move", "Jugada");
        w("sheetKeys", "Notation keys", "Teclas de notación");
        w("sheetDelete", "Delete the last character", "Borrar el último carácter");
        w("sheetRecord", "Record", "Anotar");
        w("sheetActions", "Offers, claims and result", "Ofertas, reclamaciones y resultado");
        w("sheetOffer", "Draw offer", "Oferta de tablas");
        w("sheetAccept", "Accept the draw", "Aceptar tablas");
        w("sheetClaimKind", "Claim", "Reclamación");
        w("sheetThreefold", "Threefold repetition", "Triple repetición");
        w("sheetFifty", "50 moves", "50 jugadas");
        w("sheetClaim", "Claim (the move in the field is the intended move)", "Reclamar (la jugada del campo es la jugada que se pretende hacer)");
        w("sheetResign", "Resign", "Abandonar");
        w("sheetApprove", "Approve the result", "Aprobar el resultado");
        w("sheetHelp", "Tap a recorded move to correct it. ✓ received, … waiting, ✗ refused, ⚠ offline: kept on this device and sent when the network returns.", "Toque una jugada anotada para corregirla. ✓ recibida, … en espera, ✗ rechazada, ⚠ sin conexión: se guarda en el dispositivo y se envía al volver la red.");
        w("sheetNotes", "Offers, claims and the arbiter", "Ofertas, reclamaciones y el árbitro");
        w("sheetReceived", "received", "recibida");
        w("sheetWaiting", "waiting", "en espera");
        w("sheetOffline", "offline: kept on this device", "sin conexión: guardado en el dispositivo");
        w("sheetRefused", "refused", "rechazada");
        w("sheetClaimRejected", "Claim rejected:", "Reclamación rechazada:");
        w("sheetClaimUpheld", "Claim upheld:", "Reclamación aceptada:");
        w("sheetRuling", "The arbiter's ruling:", "Decisión del árbitro:");
        w("sheetAlerts", "Alerts", "Alertas");
        // the kinds of a scoresheet alert (SheetLog.Alert.kind)
        w("discrepancy", "the two sheets disagree", "las dos planillas no coinciden");
        w("illegal", "illegal move written", "jugada ilegal anotada");
        // a scoresheet alert's detail (SheetAlertText), from its structure
        w("alertDiscrepancy", "move %1$s (%2$s): White's sheet %3$s, Black's sheet %4$s",
                "jugada %1$s (%2$s): planilla de las blancas %3$s, planilla de las negras %4$s");
        w("alertIllegal", "move %1$s on %2$s: %3$s is no legal move (%4$s)",
                "jugada %1$s en %2$s: %3$s no es una jugada legal (%4$s)");
        w("alertCorrected", "; corrected: both sheets %1$s", "; corregida: ambas planillas %1$s");
        w("moverWHITE", "White", "blancas");
        w("moverBLACK", "Black", "negras");
        w("sheetOfWHITE", "White's sheet", "la planilla de las blancas");
        w("sheetOfBLACK", "Black's sheet", "la planilla de las negras");
        w("deviceLog", "Device log (every action, in order)", "Registro de los dispositivos (cada acción, en orden)");
        w("recordedAt", "Made on the device", "Hecha en el dispositivo");
        w("receivedAt", "Received", "Recibida");
        w("device", "Device", "Dispositivo");
        w("action", "Action", "Acción");
        w("outcome", "Outcome", "Resultado de la acción");

        w("skip", "Skip to the content", "Saltar al contenido");
        w("signIn", "Sign in", "Iniciar sesión");
        w("signOut", "Sign out", "Cerrar sesión");
        w("signedInAs", "Signed in as", "Sesión de");
        w("language", "Language", "Idioma");
        w("tournaments", "Tournaments", "Torneos");
        w("event", "Event", "Evento");
        w("events", "Events", "Eventos");
        w("eventTournaments", "Tournaments of the event", "Torneos del evento");
        w("eventId", "Event id (letters, digits, -; empty: the tournament is its own event)", "Identificador del evento (letras, cifras, -; vacío: el torneo es su propio evento)");
        w("eventName", "Event name", "Nombre del evento");
        w("eventHelp", "Several tournaments of one event (Open A, B, C) share its id and name.", "Varios torneos de un mismo evento (Abierto A, B, C) comparten su identificador y su nombre.");
        w("byeRules", "Byes and late entries", "Descansos e inscripciones tardías");
        w("maxHalfPointByes", "Maximum half-point byes per player (empty: no limit)", "Máximo de descansos de medio punto por jugador (vacío: sin límite)");
        w("noByeLastRounds", "Last rounds without half-point byes (empty: none)", "Últimas rondas sin descansos de medio punto (vacío: ninguna)");
        w("lastEntryRound", "Entry deadline: last round a player may join (empty: none)", "Plazo de inscripción: última ronda a la que puede incorporarse un jugador (vacío: sin plazo)");
        w("maxByesShort", "Maximum half-point byes per player", "Máximo de descansos de medio punto por jugador");
        w("noByeRoundsShort", "Last rounds without half-point byes", "Últimas rondas sin descansos de medio punto");
        w("entryDeadline", "Entry deadline", "Plazo de inscripción");
        w("noLimit", "no limit", "sin límite");
        w("joinsRound", "Joins round (a late entry; empty: the first round not yet paired)", "Se incorpora en la ronda (inscripción tardía; vacío: la primera ronda aún no emparejada)");
        w("noneRounds", "none", "ninguna");
        w("noDeadline", "none (any round not yet paired)", "sin plazo (cualquier ronda aún no emparejada)");
        w("requestBye", "Request a bye", "Solicitar un descanso");
        w("requestedByes", "Byes requested", "Descansos solicitados");
        w("noRequestedByes", "No bye requested.", "No se ha solicitado ningún descanso.");
        w("byeKind", "Kind of bye", "Tipo de descanso");
        w("byeRequested", "The bye was recorded.", "Se ha registrado el descanso.");
        w("enteredBy", "Entered by", "Registrado por");
        // the bye kinds (contracts ByeKind) in FIDE's English terms (C.04.1) and as Spanish arbiters say them
        w("PAIRING_BYE", "pairing-allocated bye", "descanso asignado por el emparejamiento");
        w("HALF_POINT", "half-point bye", "descanso de medio punto");
        w("ZERO_POINT", "zero-point bye", "descanso de cero puntos");
        w("LATE_ENTRY", "not yet entered (late entry)", "aún sin inscribir (inscripción tardía)");
        w("OPPONENT_WITHDRAWN", "opponent withdrawn (game not played)", "rival retirado (partida no jugada)");
        w("noTournaments", "No tournament yet.", "Todavía no hay torneos.");
        w("newTournament", "New tournament", "Nuevo torneo");
        w("create", "Create the tournament", "Crear el torneo");
        w("tournamentId", "Tournament id (letters, digits, -)", "Identificador del torneo (letras, cifras, -)");
        w("tournamentIdShort", "Tournament id", "Identificador del torneo");
        w("name", "Name", "Nombre");
        w("system", "Pairing system", "Sistema de emparejamiento");
        w("dutch", "Swiss, FIDE Dutch system", "Suizo, sistema holandés FIDE");
        w("harkness", "Swiss, US/Harkness (the seed's book)", "Suizo, US/Harkness (el libro de la semilla)");
        w("roundrobin", "Round robin (Berger tables)", "Liga (tablas de Berger)");
        w("doubleRoundrobin", "Double round robin", "Liga a doble vuelta");
        w("rounds", "Rounds", "Rondas");
        w("round", "Round", "Ronda");
        w("ruleset", "Laws of Chess", "Leyes del Ajedrez");
        w("halls", "Halls", "Salas");
        w("hall", "Hall", "Sala");
        w("hallsHelp", "One hall a line: name first-last, e.g. A 1-20", "Una sala por línea: nombre primero-último, p. ej. A 1-20");
        w("boards", "boards", "tableros");
        w("timeControl", "Time control (minutes + seconds a move, optional, e.g. 90+30)",
                "Ritmo de juego (minutos + segundos por jugada, opcional, p. ej. 90+30)");
        w("importTrf", "Import a tournament report (TRF)", "Importar un informe de torneo (TRF)");
        w("trfFile", "TRF text", "Texto TRF");
        w("import", "Import", "Importar");
        w("players", "Players", "Jugadores");
        w("noPlayers", "No player registered yet.", "Todavía no hay jugadores inscritos.");
        w("player", "Player", "Jugador");
        w("playerId", "Player id", "Identificador del jugador");
        w("rating", "Rating", "Elo");
        w("no", "No.", "N.º");
        w("points", "Points", "Puntos");
        w("register", "Register the player", "Inscribir al jugador");
        w("registerPlayer", "Register a player", "Inscribir a un jugador");
        w("importPlayers", "Register players from a file (CSV, the FIDE rating list or a TRF)",
                "Inscribir jugadores desde un archivo (CSV, la lista de Elo FIDE o un TRF)");
        w("entryFile", "File", "Archivo");
        w("entryFormat", "Format", "Formato");
        w("formatCsv", "CSV with a header line (name, rating, FIDE id, title, federation, birth year; , or ;)",
                "CSV con una línea de cabecera (nombre, elo, id FIDE, título, federación, año de nacimiento; , o ;)");
        w("formatFide", "FIDE rating list, TXT (players_list)", "Lista de Elo FIDE, TXT (players_list)");
        w("formatTrf", "FIDE TRF (its players: lines 001)", "TRF de la FIDE (sus jugadores: líneas 001)");
        w("fideIdsHelp", "FIDE ids to take from the list (optional; all its players when empty)",
                "Ids FIDE que tomar de la lista (opcional; todos sus jugadores si se deja vacío)");
        w("preview", "Preview", "Vista previa");
        w("entriesPreview", "Players from a file: preview", "Jugadores desde un archivo: vista previa");
        w("entriesToRegister", "To be registered", "Se inscribirán");
        w("entryProblems", "Lines with errors (not registered)", "Líneas con errores (no se inscriben)");
        w("noEntries", "No line of the file can be registered.", "Ninguna línea del archivo se puede inscribir.");
        w("entryText", "The file's text (correct it here and preview again)",
                "El texto del archivo (corríjalo aquí y vuelva a la vista previa)");
        w("skipBad", "Skip the lines with errors", "Omitir las líneas con errores");
        w("confirmImport", "Register these players", "Inscribir a estos jugadores");
        w("line", "Line", "Línea");
        w("title", "Title", "Título");
        w("federation", "Federation", "Federación");
        w("noTitle", "none", "ninguno");
        w("birthYear", "Born", "Nacimiento");
        w("fideId", "FIDE id", "Id FIDE");
        w("notInEvent", "The birth year is shown here only; registration keeps the id, name, rating, title and federation.",
                "El año de nacimiento solo se muestra aquí; la inscripción guarda el id, el nombre, el Elo, el título y la federación.");
        w("playersImported", "The file's players were registered.", "Se ha inscrito a los jugadores del archivo.");
        w("arbiters", "Arbiters", "Árbitros");
        w("noArbiters", "No arbiter appointed yet.", "Todavía no hay árbitros designados.");
        w("appoint", "Appoint", "Designar");
        w("appointArbiter", "Appoint an arbiter", "Designar a un árbitro");
        w("account", "Account", "Cuenta");
        w("chief", "Chief arbiter (every hall)", "Árbitro principal (todas las salas)");
        w("hallsOfArbiter", "Halls (comma-separated)", "Salas (separadas por comas)");
        w("pairNext", "Pair and publish the next round", "Emparejar y publicar la siguiente ronda");
        w("pairNote", "The pairing service publishes a round as it pairs it.",
                "El servicio de emparejamientos publica la ronda al emparejarla.");
        w("closeRound", "Close the round", "Cerrar la ronda");
        w("closed", "closed", "cerrada");
        w("open", "open", "abierta");
        w("board", "Board", "Tablero");
        w("white", "White", "Blancas");
        w("black", "Black", "Negras");
        w("result", "Result", "Resultado");
        w("byes", "Without a game", "Sin partida");
        w("enterResults", "Enter results", "Anotar resultados");
        w("entry", "Board and result", "Tablero y resultado");
        w("entryHelp", "Board number, then 1 (White won), = (draw), 0 (Black won), + or - (forfeit), then Enter: e.g. 12 1",
                "Número de tablero, luego 1 (ganan blancas), = (tablas), 0 (ganan negras), + o - (incomparecencia) y Enter: p. ej. 12 1");
        w("enter", "Enter", "Anotar");
        w("recorded", "Recorded", "Anotado");
        w("forbidden", "Not allowed", "No permitido");
        w("forbiddenPairs", "Forbidden pairs", "Emparejamientos prohibidos");
        w("forbiddenHelp", "Two players who must not meet under the event's regulations (e.g. same family or club): the"
                + " pairing treats them as players who already met (FIDE C.04.1.b).",
                "Dos jugadores que no deben enfrentarse según el reglamento del torneo (p. ej. misma familia o club):"
                + " el emparejamiento los trata como jugadores que ya se enfrentaron (FIDE C.04.1.b).");
        w("noForbidden", "No forbidden pair.", "Ningún emparejamiento prohibido.");
        w("otherPlayerId", "Other player id", "Id del otro jugador");
        w("declaredBy", "Declared by", "Declarado por");
        w("forbidPair", "Forbid two players to meet", "Prohibir que dos jugadores se enfrenten");
        w("forbid", "Forbid", "Prohibir");
        w("liftPair", "Lift", "Levantar");
        w("pairForbidden", "The pair was forbidden from the next round paired on.",
                "Se ha prohibido el emparejamiento a partir de la próxima ronda que se empareje.");
        w("pairAllowed", "The forbidden pair was lifted.", "Se ha levantado la prohibición.");
        w("pairingChanges", "Changes to the published pairing", "Cambios en el emparejamiento publicado");
        w("changedBy", "by", "por");
        w("changeByHand", "Change the pairing by hand", "Cambiar el emparejamiento a mano");
        w("changeHelp", "Before any result of the round: swap two players (ids), exchange the colours of a board"
                + " (board), or pair two players without a game (White's id, Black's id). Recorded with your account"
                + " and the reason.",
                "Antes de cualquier resultado de la ronda: intercambiar dos jugadores (ids), cambiar los colores de un"
                + " tablero (tablero) o emparejar a dos jugadores sin partida (id de blancas, id de negras). Queda"
                + " registrado con su cuenta y el motivo.");
        w("changeKind", "Change", "Cambio");
        w("swapPlayers", "Swap two players", "Intercambiar dos jugadores");
        w("exchangeColours", "Exchange the colours of a board", "Cambiar los colores de un tablero");
        w("pairUnpaired", "Pair two players without a game", "Emparejar a dos jugadores sin partida");
        w("changeFirst", "First player id (White when pairing)", "Id del primer jugador (blancas al emparejar)");
        w("changeSecond", "Second player id (Black when pairing)", "Id del segundo jugador (negras al emparejar)");
        w("changeBoard", "Board (to exchange colours)", "Tablero (para cambiar colores)");
        w("change", "Change", "Cambiar");
        // a change recorded to a round (HandChangeText): players by name and pairing number, seats in words
        w("changeSwapped", "%1$s (%2$s) and %3$s (%4$s) swapped", "%1$s (%2$s) y %3$s (%4$s) intercambiados");
        w("changeColours", "colours exchanged on board %1$s: %2$s now has White, %3$s Black",
                "colores cambiados en el tablero %1$s: %2$s juega ahora con blancas y %3$s con negras");
        w("changePaired", "%1$s (White) and %2$s (Black), both without a game, paired on board %3$s",
                "%1$s (blancas) y %2$s (negras), ambos sin partida, emparejados en el tablero %3$s");
        w("changeCorrected", "the round's pairing corrected", "emparejamiento de la ronda corregido");
        w("changeReason", "reason", "motivo");
        w("seatWhite", "board %1$s, White", "tablero %1$s, blancas");
        w("seatBlack", "board %1$s, Black", "tablero %1$s, negras");
        w("seatNone", "not in the round", "fuera de la ronda");
        w("playerNumbered", "%1$s (No. %2$s)", "%1$s (n.º %2$s)");
        w("dateTimePattern", "d MMM yyyy, HH:mm:ss z", "d 'de' MMMM 'de' yyyy, HH:mm:ss z");
        w("changedByHand", "The pairing was changed; the change is recorded.",
                "Se ha cambiado el emparejamiento; el cambio queda registrado.");
        // the Dutch checker's warnings on a change by hand (HandChangeWarnings): %1$s first player, %2$s second, %3$s
        // the detail
        w("checkerWarnings", "The Dutch checker's warnings (what the change made worse than FIDE C.04.3 wants)",
                "Avisos del verificador del sistema suizo holandés (lo que el cambio empeoró respecto a FIDE C.04.3)");
        w("warnAt", "Board %1$s, C.04.3 %2$s: ", "Tablero %1$s, C.04.3 %2$s: ");
        w("warnCOLOUR_DIFFERENCE", "%1$s's colour difference becomes %3$s, beyond +2 or -2 (the absolute colour rule for"
                + " a player who is not a topscorer)", "la diferencia de colores de %1$s pasa a ser %3$s, más de +2 o -2"
                + " (la regla absoluta de colores para quien no es puntero)");
        w("warnSAME_COLOUR_THREE_TIMES", "%1$s gets the same colour a third time in a row (%3$s), which the absolute"
                + " colour rule forbids for a player who is not a topscorer", "%1$s recibe el mismo color por tercera"
                + " vez seguida (%3$s), lo que la regla absoluta de colores prohíbe a quien no es puntero");
        w("warnTOPSCORER_COLOUR_DIFFERENCE", "%1$s (a topscorer or his opponent) gets a colour difference of %3$s",
                "%1$s (puntero o rival de un puntero) queda con una diferencia de colores de %3$s");
        w("warnTOPSCORER_SAME_COLOUR_THREE_TIMES", "%1$s (a topscorer or his opponent) gets the same colour a third time"
                + " in a row (%3$s)", "%1$s (puntero o rival de un puntero) recibe el mismo color por tercera vez"
                + " seguida (%3$s)");
        w("warnCOLOURS_NOT_AS_ALLOCATED", "the colours are the other way round from the colour allocation, which gives"
                + " %1$s %3$s against %2$s", "los colores están al revés de la asignación de colores, que da a %1$s"
                + " %3$s contra %2$s");
        w("warnCOLOUR_PREFERENCE_NOT_MET", "%1$s does not get the colour he prefers (%3$s)",
                "%1$s no recibe el color que prefiere (%3$s)");
        w("warnSTRONG_COLOUR_PREFERENCE_NOT_MET", "%1$s does not get the colour he strongly prefers (%3$s)",
                "%1$s no recibe el color que prefiere con fuerza (%3$s)");
        w("warnSCORE_DIFFERENCE", "%1$s and %2$s are of different score groups (score difference %3$s; %1$s floats"
                + " down)", "%1$s y %2$s son de grupos de puntuación distintos (diferencia de puntuación %3$s; %1$s"
                + " desciende)");
        w("warnREPEATED_DOWNFLOAT", "%1$s floats down again, as in round %3$s",
                "%1$s vuelve a descender de grupo, como en la ronda %3$s");
        w("warnREPEATED_UPFLOAT", "%1$s floats up again, as in round %3$s",
                "%1$s vuelve a ascender de grupo, como en la ronda %3$s");
        w("notFound", "Not found", "No encontrado");
        w("back", "Back", "Volver");
        w("tournament", "Tournament", "Torneo");
        w("organiser", "Organiser", "Organizador");
        w("status", "Status", "Estado");
        w("error", "Error", "Error");
        w("done", "Done", "Hecho");
        w("created", "The tournament was created.", "Se ha creado el torneo.");
        w("imported", "The tournament was imported.", "Se ha importado el torneo.");
        w("registered", "The player was registered.", "Se ha inscrito al jugador.");
        w("appointed", "The arbiter was appointed.", "Se ha designado al árbitro.");
        w("closedRound", "The round was closed.", "Se ha cerrado la ronda.");
        w("pending", "pending", "pendiente");
        w("claims", "Claims", "Reclamaciones");
        w("openClaims", "Claims before the arbiter", "Reclamaciones pendientes del árbitro");
        w("claim", "Claim", "Reclamación");
        w("postponed", "decision postponed", "decisión aplazada");
        w("flagFell", "the claimant's flag fell", "cayó la bandera del reclamante");
        w("clockAtClaim", "Clocks at the claim", "Relojes al reclamar");
        w("conditions", "Conditions checked", "Condiciones comprobadas");
        w("article", "Article", "Artículo");
        w("state", "Game", "Partida");
        w("clocksNow", "Clocks after the last move", "Relojes tras la última jugada");
        w("moves", "Moves", "Jugadas");
        w("position", "Position", "Posición");
        w("gameFile", "The game's file", "Expediente de la partida");
        w("what", "What", "Qué");
        w("side", "Side", "Color");
        w("details", "Details", "Detalles");
        w("ruling", "Ruling", "Decisión arbitral");
        w("decision", "Decision on the claim", "Decisión sobre la reclamación");
        w("noDecision", "No decision now", "Sin decisión ahora");
        w("uphold", "Uphold (draw)", "Aceptar (tablas)");
        w("reject", "Reject", "Rechazar");
        w("postpone", "Postpone", "Aplazar");
        w("postponeBonus", "Postpone, opponent +2 minutes", "Aplazar, el rival +2 minutos");
        w("penalty", "Penalty", "Sanción");
        w("noPenalty", "No penalty", "Sin sanción");
        w("offender", "Offender", "Infractor");
        w("seconds", "Seconds (time penalties)", "Segundos (sanciones de tiempo)");
        w("rule", "Rule", "Decidir");
        w("recordClaim", "Record a claim made to the arbiter", "Anotar una reclamación hecha al árbitro");
        w("recordClaimHelp", "Threefold and 50-move claims are decided at once from the moves; quickplay-finish claims and increment requests wait for the ruling above; an illegal move names its ply (1 = White's first move); a flag claim is the claimant's: the opponent's flag fell.",
                "Las reclamaciones de triple repetición y 50 jugadas se deciden al momento con las jugadas; las de final a caída de bandera y las peticiones de incremento esperan la decisión; una jugada ilegal indica su medio movimiento (1 = primera de las blancas); en la de bandera, el reclamante señala la caída de la del rival.");
        w("claimant", "Claimant", "Reclamante");
        w("intendedMove", "Intended move (threefold, 50 moves; optional)", "Jugada que se pretende hacer (triple repetición, 50 jugadas; opcional)");
        w("illegalPly", "Ply of the illegal move (illegal-move claims)", "Medio movimiento de la jugada ilegal (reclamaciones de jugada ilegal)");
        w("whiteClock", "White's clock (m:ss, optional)", "Reloj de las blancas (m:ss, opcional)");
        w("blackClock", "Black's clock (m:ss, optional)", "Reloj de las negras (m:ss, opcional)");
        w("record", "Record the claim", "Anotar la reclamación");
        w("claimRecorded", "The claim was recorded.", "Se ha anotado la reclamación.");
        w("ruled", "The ruling was recorded.", "Se ha anotado la decisión.");
        w("correctResult", "Correct a result", "Corregir un resultado");
        w("reason", "Reason", "Motivo");
        w("correct", "Correct", "Corregir");
        w("corrected", "The result was corrected.", "Se ha corregido el resultado.");
        w("myGames", "My games", "Mis partidas");
        w("notLinked", "No tournament links your account to a player yet: the organiser or the chief arbiter does.",
                "Ningún torneo vincula aún tu cuenta a un jugador: lo hace el organizador o el árbitro principal.");
        w("colour", "Colour", "Color");
        w("opponent", "Opponent", "Rival");
        w("linkAccount", "Link an account to a player", "Vincular una cuenta a un jugador");
        w("link", "Link", "Vincular");
        w("linked", "The account was linked to the player.", "Se ha vinculado la cuenta al jugador.");
        w("broadcastDelay", "Delay of the public broadcast (anti-cheating)",
                "Retransmisión pública diferida (antitrampas)");
        w("delayNow", "Now", "Ahora");
        w("delayNone", "no delay", "sin retraso");
        w("delayMinutes", "minutes", "minutos");
        w("delayAfterGame", "moves only after the game", "jugadas solo al acabar la partida");
        w("setDelay", "Set the delay", "Fijar el retraso");
        w("delaySet", "The broadcast delay was set.", "Se ha fijado el retraso de la retransmisión.");
        w("withdrawPlayer", "Withdraw a player (not paired from the next round on)",
                "Retirar a un jugador (no se empareja desde la próxima ronda)");
        w("withdraw", "Withdraw", "Retirar");
        w("withdrawn", "The player was withdrawn.", "Se ha retirado al jugador.");
        w("withdrawnMark", "withdrawn", "retirado");
        w("checkIn", "Check-in", "Control de presencia");
        w("checkInDesk", "Check-in before round 1", "Control de presencia antes de la ronda 1");
        w("checkInEntry", "No., id or start of the name", "N.º, identificador o inicio del nombre");
        w("checkInHelp", "Type the player's No. (as in the list), his id or the start of his name, and Enter. Once anyone has checked in, round 1 pairs only the players checked in; the others play from round 2.", "Escriba el N.º del jugador (el de la lista), su identificador o el inicio de su nombre, e Intro. En cuanto alguien confirma su presencia, la ronda 1 empareja solo a los presentes; los demás juegan desde la ronda 2.");
        w("checkInButton", "Check in", "Confirmar presencia");
        w("checkInMe", "I am here: check me in for round 1", "Estoy aquí: confirmar mi presencia para la ronda 1");
        w("checkedIn", "Checked in", "Presente");
        w("notCheckedIn", "not checked in", "sin confirmar");
        w("checkInCancelled", "Check-in cancelled", "Presencia anulada");
        w("cancelCheckIn", "Cancel the check-in", "Anular la presencia");
        w("checkInCounts", "checked in of registered", "presentes de inscritos");
        w("checkInState", "State", "Estado");
        w("checkInClosed", "Round 1 is paired: check-in is closed.", "La ronda 1 está emparejada: el control de presencia está cerrado.");
        w("pairingShows", "pairing list:", "lista de emparejamientos:");
        w("finalPeriod", "Flag claims: the flag fell in the period for all remaining moves",
                "Reclamación de bandera: cayó en el periodo para el resto de la partida");
        w("requirementMet", "Flag claims: the player had completed the moves the period required",
                "Reclamación de bandera: el jugador había completado las jugadas exigidas por el periodo");
        w("exportTrf", "Export the TRF (rating report)", "Exportar el TRF (informe de valoración)");
        w("printedLists", "Printed lists (the public site)", "Listas para imprimir (la web pública)");
        w("printAlphabetical", "Alphabetical pairing list", "Lista alfabética de emparejamientos");
        w("printPairings", "Pairings by board", "Emparejamientos por tablero");
        w("printStandings", "Standings", "Clasificación");
        w("printAll", "Every list (players, check-in, results, crosstable ...)",
                "Todas las listas (jugadores, control de llegada, resultados, cuadro cruzado ...)");
        w("sheetArticle", "art.", "art.");
        w("sheetPenalty", "penalty", "sanción");
        // a rejected claim's reason and its penalty, built from the event's fields (SheetNotice): %1$s, %2$s, ... are
        // the numbers and sides the event gives, so a Spanish sheet reads no English sentence of the game service
        w("reasonThreefold", "the position occurred %1$s, not three times",
                "la posición se ha producido %1$s, no tres");
        w("reasonOnce", "once", "una vez");
        w("reasonTimes", "%1$d times", "%1$d veces");
        w("reasonFifty", "only %1$d plies without a capture or pawn move, not %2$d",
                "solo %1$d medias jugadas sin captura ni movimiento de peón, no %2$d");
        w("reasonFiftyRaised", " (the number of moves raised for this position before the start, Code 1970 art. XII-4)",
                " (el número de jugadas aumentado para esta posición antes del comienzo, Código de 1970 art. XII-4)");
        w("reasonQuickplayFinish", "the arbiter does not agree that the opponent cannot win, or is making no effort to"
                + " win, by normal means", "el árbitro no considera que el adversario no pueda ganar, o no se esfuerce"
                + " por ganar, por medios normales");
        w("reasonQuickplayIncrement", "the arbiter does not agree to the request for an increment",
                "el árbitro no acepta la petición de incremento");
        w("penaltyAdded", "%1$s s added to %2$s's time", "%1$s s añadidos al tiempo de %2$s");
        w("penaltyDeducted", "%1$s s taken from %2$s's time", "%1$s s descontados del tiempo de %2$s");
        w("penaltyByTheClock", "%1$s's remaining time cut as art. %2$s says (the clock applies it)",
                "el tiempo restante de %1$s se reduce según el art. %2$s (lo aplica el reloj)");

        // the services' names shown on the claims page (claim kinds, rulings, game phases, sides, file entries), keyed
        // by the name itself: the page shows {t.get(name) ?: name}, and WordsTest holds every known name to a word
        w("THREEFOLD", "threefold repetition", "triple repetición");
        w("FIFTY_MOVES", "50-move rule", "regla de las 50 jugadas");
        w("QUICKPLAY_FINISH", "quickplay finish (less than 2 minutes)", "final a ritmo rápido (menos de 2 minutos)");
        w("QUICKPLAY_INCREMENT", "increment requested (5 s a move)", "incremento solicitado (5 s por jugada)");
        w("ILLEGAL_MOVE", "illegal move", "jugada ilegal");
        w("FLAG", "flag fall", "caída de bandera");
        w("DECLARE_RESULT", "result declared", "resultado declarado");
        w("RESTORE_POSITION", "position restored", "posición restablecida");
        w("ADD_TIME", "time added to the opponent", "tiempo añadido al adversario");
        w("DEDUCT_TIME", "time deducted", "tiempo descontado");
        w("WARNING", "warning", "advertencia");
        w("UPHOLD_CLAIM", "claim upheld", "reclamación aceptada");
        w("REJECT_CLAIM", "claim rejected", "reclamación rechazada");
        w("ANNUL_GAME", "game annulled", "partida anulada");
        w("OTHER", "other ruling", "otra decisión");
        w("LOSS_OF_GAME", "loss of the game", "pérdida de la partida");
        w("ADJUDICATE", "adjudication", "adjudicación");
        w("EXCLUDE_FROM_ROUNDS", "exclusion from rounds", "exclusión de rondas");
        w("EXPEL", "expulsion from the event", "expulsión de la competición");
        w("FINE", "fine", "multa");
        w("NOT_STARTED", "not started", "sin empezar");
        w("IN_PROGRESS", "in progress", "en juego");
        w("ADJOURNED", "adjourned", "aplazada");
        w("ENDED", "ended", "terminada");
        w("CANCELLED", "cancelled", "cancelada");
        w("WHITE", "White", "Blancas");
        w("BLACK", "Black", "Negras");
        w("ClaimFiled", "claim filed", "reclamación presentada");
        w("ClaimPostponed", "claim postponed", "reclamación aplazada");
        w("ClaimUpheld", "claim upheld", "reclamación aceptada");
        w("ClaimRejected", "claim rejected", "reclamación rechazada");
        w("QuickplayIncrementGranted", "increment granted", "incremento concedido");
        w("FlagFellDuringPostponedClaim", "flag fell, claim postponed", "bandera caída con la reclamación aplazada");
        w("RulingIssued", "ruling", "decisión del árbitro");
        w("IllegalMoveRecorded", "illegal move recorded", "jugada ilegal registrada");
        w("IllegalMoveNotCompleted", "illegal move, not completed", "jugada ilegal no completada");
        w("MovesTakenBack", "moves taken back", "jugadas retrocedidas");
    }

    /** The words of this language by key, for the templates ({t.key}). */
    public Map<String, String> map() {
        Map<String, String> out = new HashMap<>();
        WORDS.forEach((k, v) -> out.put(k, v[ordinal()]));
        return out;
    }

    public String get(String key) {
        String[] both = WORDS.get(key);
        return both == null ? key : both[ordinal()];
    }

    /** The language's locale (month names in a date). */
    public Locale locale() {
        return this == ES ? Locale.forLanguageTag("es") : Locale.ENGLISH;
    }

    /** es or en. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The user's language: ?lang=, else his cookie, else Accept-Language (first of es/en by weight), else English. */
    public static Words choose(String lang, String cookie, String acceptLanguage) {
        Words explicit = of(lang);
        if (explicit != null) {
            return explicit;
        }
        Words kept = of(cookie);
        if (kept != null) {
            return kept;
        }
        if (acceptLanguage != null) {
            try {
                for (Locale.LanguageRange range : Locale.LanguageRange.parse(acceptLanguage)) {
                    String tag = range.getRange().toLowerCase(Locale.ROOT);
                    if (tag.startsWith("es")) {
                        return ES;
                    }
                    if (tag.startsWith("en")) {
                        return EN;
                    }
                }
            } catch (IllegalArgumentException e) {
                // a malformed header: the default
            }
        }
        return EN;
    }

    static Words of(String code) {
        if (code == null) {
            return null;
        }
        return switch (code.strip().toLowerCase(Locale.ROOT)) {
            case "es" -> ES;
            case "en" -> EN;
            default -> null;
        };
    }
}
