package org.torneo.pairing.tournament;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterDismissed;
import org.torneo.contracts.tournament.TournamentEvent.BroadcastDelaySet;
import org.torneo.contracts.tournament.TournamentEvent.ByeRequested;
import org.torneo.contracts.tournament.TournamentEvent.CheckInCancelled;
import org.torneo.contracts.tournament.TournamentEvent.PlayerCheckedIn;
import org.torneo.contracts.tournament.TournamentEvent.DeviceAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PairingAllowed;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PairingForbidden;
import org.torneo.contracts.tournament.TournamentEvent.PairingNumbersAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.ResultAmended;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.identity.TournamentAuthority;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;

/**
 * The fold of the tournament's events into its state: the records in one exhaustive switch over the sealed
 * {@link TournamentEvent} root (no default: the compiler proves every event handled), the offices by
 * {@link TournamentAuthority#evolve}.
 */
public final class TournamentEvolution {

    private TournamentEvolution() {
    }

    /** The state after {@code event}: the records and the offices. */
    public static TournamentState evolve(TournamentState s, TournamentEvent event) {
        TournamentAuthority offices = s.authority() != null ? s.authority()
                : TournamentAuthority.none(event.tournamentId());
        return evolveRecords(s, event).withAuthority(offices.evolve(event));
    }

    /** Everything but the offices, which {@link TournamentAuthority#evolve} folds from the same event. */
    static TournamentState evolveRecords(TournamentState s, TournamentEvent event) {
        Set<String> handled = Frozen.handled(s.handledCommands()).with(event.commandId());
        return switch (event) {
            // the offices: only the authority changes (and the command counts as handled)
            case ArbiterAppointed e -> withHandled(s, handled);
            case ArbiterDismissed e -> withHandled(s, handled);
            case PlayerAccountLinked e -> withHandled(s, handled);
            case DeviceAssigned e -> withHandled(s, handled);
            // read by the feed only: the tournament's own decisions do not depend on it
            case BroadcastDelaySet e -> withHandled(s, handled);
            case TournamentCreated e -> new TournamentState(e.tournamentId(), e.name(), e.system(), e.rounds(), e.scoring(),
                    e.rulesetId(), e.halls(), Map.of(), Map.of(), Set.of(), Map.of(), Map.of(), handled,
                    new TournamentState.Settings(e.eventId(), e.eventName(), e.byeRules(), e.lastEntryRound()));
            case PlayerRegistered e -> {
                Map<String, Player> players = new LinkedHashMap<>(s.players());
                players.put(e.playerId(), new Player(e.playerId(), e.name(), e.rating(), e.joinsRound(), false,
                        e.title(), e.federation()));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), players, s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(),
                        handled, s.settings());
            }
            case PlayerWithdrew e -> {
                Map<String, Player> players = new LinkedHashMap<>(s.players());
                players.put(e.playerId(), players.get(e.playerId()).asWithdrawn());
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), players, s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(),
                        handled, s.settings());
            }
            case PlayerCheckedIn e -> withPlayer(s, s.players().get(e.playerId()).withCheckIn(true), handled);
            case CheckInCancelled e -> withPlayer(s, s.players().get(e.playerId()).withCheckIn(false), handled);
            case ByeRequested e -> withBye(s, e, handled);
            case PairingForbidden e -> withForbidden(s, Set.of(e.firstPlayerId(), e.secondPlayerId()), true, handled);
            case PairingAllowed e -> withForbidden(s, Set.of(e.firstPlayerId(), e.secondPlayerId()), false, handled);
            case PairingNumbersAssigned e -> {
                Map<String, Integer> numbers = new LinkedHashMap<>(s.numbers());
                e.numbers().entrySet().stream().sorted(Map.Entry.comparingByValue())
                        .forEach(entry -> numbers.put(entry.getKey(), entry.getValue()));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), s.players(), numbers, s.forbidden(), s.rounds(), s.requestedByes(),
                        handled, s.settings());
            }
            case RoundPaired e -> withRound(s, new Round(e.round(), e.boards(), e.byes(), Map.of(), false), handled);
            case PairingCorrected e -> {
                Round before = s.rounds().get(e.round());
                // the boards this correction drops join those earlier corrections dropped: their games are cancelled
                Set<Integer> removed = new TreeSet<>();
                if (before != null) {
                    removed.addAll(before.removedBoards());
                    before.boards().forEach(board -> removed.add(board.number()));
                }
                e.boards().forEach(board -> removed.remove(board.number()));
                yield withRound(s, new Round(e.round(), e.boards(), e.byes(), Map.of(), false, removed), handled);
            }
            case ResultRecorded e -> {
                Round round = s.rounds().get(e.round());
                Board board = round.boardOf(e.whitePlayerId(), e.blackPlayerId()).orElseThrow();
                Map<Integer, Result> results = new LinkedHashMap<>(round.results());
                results.put(board.number(), new Result(e.result(), e.played()));
                yield withRound(s, round.with(results, false), handled);
            }
            case ResultAmended e -> {
                Round round = s.rounds().get(e.round());
                Map<Integer, Result> results = new LinkedHashMap<>(round.results());
                results.put(e.board(), new Result(e.result(), e.played()));
                yield withRound(s, round.with(results, round.closed()), handled);
            }
            case RoundClosed e -> {
                Round round = s.rounds().get(e.round());
                yield withRound(s, round.with(round.results(), true), handled);
            }
            case TournamentEvent.CommandRejected e -> withHandled(s, handled);
        };
    }

    /** The state with a player's bye for a round requested. */
    private static TournamentState withBye(TournamentState s, ByeRequested e, Set<String> handled) {
        Map<Integer, Map<String, ByeKind>> byes = new LinkedHashMap<>(s.requestedByes());
        Map<String, ByeKind> forRound = new LinkedHashMap<>(byes.getOrDefault(e.round(), Map.of()));
        forRound.put(e.playerId(), e.kind());
        byes.put(e.round(), Collections.unmodifiableMap(forRound));
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), s.forbidden(), s.rounds(), byes, handled, s.settings());
    }

    /** The state with a pair forbidden (or lifted: {@code forbidden} false). */
    private static TournamentState withForbidden(TournamentState s, Set<String> pair, boolean forbidden,
                                                 Set<String> handled) {
        Set<Set<String>> pairs = new LinkedHashSet<>(s.forbidden());
        if (forbidden) {
            pairs.add(pair);
        } else {
            pairs.remove(pair);
        }
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), pairs, s.rounds(), s.requestedByes(), handled, s.settings());
    }

    private static TournamentState withPlayer(TournamentState s, Player player, Set<String> handled) {
        Map<String, Player> players = new LinkedHashMap<>(s.players());
        players.put(player.id(), player);
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), players, s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(), handled, s.settings());
    }

    private static TournamentState withHandled(TournamentState s, Set<String> handled) {
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(), handled,
                s.settings(), s.authority());
    }

    private static TournamentState withRound(TournamentState s, Round round, Set<String> handled) {
        Map<Integer, Round> rounds = new LinkedHashMap<>(s.rounds());
        rounds.put(round.number(), round);
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), s.forbidden(), rounds, s.requestedByes(), handled, s.settings());
    }
}
