package org.torneo.contracts.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Message;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.topics.TopicSpec;

/**
 * The registry of every message type the services speak: wire name and version to record class
 * and topic, built by walking each sealed root's permitted subclasses. Immutable and thread-safe.
 * Construction fails loudly on a record without {@link MessageType}, a duplicate type name, a
 * non-sealed branch or a record that is neither a command nor an event.
 */
public final class MessageCatalog {

    /** One registered message type. */
    public record Entry(String type, int version, Class<? extends Message> javaType, Stream stream) {
        public boolean isCommand() {
            return CommandMessage.class.isAssignableFrom(javaType);
        }

        public TopicSpec topic() {
            return stream.topic();
        }
    }

    private static final java.util.regex.Pattern TYPE_NAME =
            java.util.regex.Pattern.compile("[a-z][a-z0-9]*\\.[A-Z][A-Za-z0-9]*");

    private final Map<String, Entry> byType;
    private final Map<Class<?>, Entry> byClass;
    private final Map<String, Map<Integer, Upcaster>> upcasters;
    private final List<Stream> streams;

    private MessageCatalog(List<Stream> streams, Map<String, Map<Integer, Upcaster>> upcasters) {
        this.streams = List.copyOf(streams);
        Map<String, Entry> types = new LinkedHashMap<>();
        Map<Class<?>, Entry> classes = new HashMap<>();
        for (Stream stream : streams) {
            for (Class<?> record : recordsOf(stream.root(), stream.root())) {
                Entry entry = entryFor(record, stream);
                Entry clash = types.putIfAbsent(entry.type(), entry);
                if (clash != null) {
                    throw new IllegalStateException("message type name " + entry.type() + " is used by both "
                            + clash.javaType().getName() + " and " + record.getName());
                }
                if (classes.putIfAbsent(record, entry) != null) {
                    throw new IllegalStateException(record.getName() + " is registered by two streams");
                }
            }
        }
        this.byType = Collections.unmodifiableMap(types);
        this.byClass = Map.copyOf(classes);
        Map<String, Map<Integer, Upcaster>> ups = new HashMap<>();
        upcasters.forEach((type, byVersion) -> {
            Entry entry = types.get(type);
            if (entry == null) {
                throw new IllegalStateException("upcaster registered for unknown message type " + type);
            }
            byVersion.keySet().forEach(from -> {
                if (from < 1 || from >= entry.version()) {
                    throw new IllegalStateException("upcaster for " + type + " from version " + from
                            + " must start below the current version " + entry.version());
                }
            });
            ups.put(type, Map.copyOf(byVersion));
        });
        this.upcasters = Map.copyOf(ups);
    }

    /** The catalogue of every stream in {@link Streams#ALL}. */
    public static MessageCatalog standard() {
        return builder().streams(Streams.ALL).standardUpcasters().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Optional<Entry> byType(String type) {
        return Optional.ofNullable(byType.get(type));
    }

    /** The entry of a record class; fails for a class not in the catalogue. */
    public Entry entryOf(Class<? extends Message> javaType) {
        Entry entry = byClass.get(javaType);
        if (entry == null) {
            throw new IllegalArgumentException(javaType.getName() + " is not a registered message type"
                    + " (is its sealed root in org.torneo.contracts.codec.Streams.ALL?)");
        }
        return entry;
    }

    public Entry entryOf(Message message) {
        return entryOf(message.getClass());
    }

    /** All entries, in stream order then declaration order. */
    public List<Entry> entries() {
        return List.copyOf(byType.values());
    }

    public List<Entry> onTopic(TopicSpec topic) {
        return byType.values().stream().filter(e -> e.topic().name().equals(topic.name())).toList();
    }

    public List<Stream> streams() {
        return streams;
    }

    /** The upcaster from {@code fromVersion} to {@code fromVersion + 1} of a type, if registered. */
    public Optional<Upcaster> upcaster(String type, int fromVersion) {
        return Optional.ofNullable(upcasters.getOrDefault(type, Map.of()).get(fromVersion));
    }

    private static List<Class<?>> recordsOf(Class<?> type, Class<?> root) {
        if (type.isRecord()) {
            return List.of(type);
        }
        if (!type.isSealed()) {
            throw new IllegalStateException(type.getName() + " under " + root.getName()
                    + " must be a record or a sealed interface, so the catalogue can list every message");
        }
        List<Class<?>> records = new ArrayList<>();
        for (Class<?> permitted : type.getPermittedSubclasses()) {
            records.addAll(recordsOf(permitted, root));
        }
        return records;
    }

    @SuppressWarnings("unchecked")
    private static Entry entryFor(Class<?> record, Stream stream) {
        MessageType annotation = record.getAnnotation(MessageType.class);
        if (annotation == null) {
            throw new IllegalStateException(record.getName() + " lacks @MessageType(name = \"stream.Name\", version = 1)");
        }
        if (!TYPE_NAME.matcher(annotation.name()).matches()) {
            throw new IllegalStateException(record.getName() + ": type name '" + annotation.name()
                    + "' must look like stream.Name, e.g. game.MovePlayed");
        }
        if (annotation.version() < 1) {
            throw new IllegalStateException(record.getName() + ": version must be >= 1");
        }
        boolean command = CommandMessage.class.isAssignableFrom(record);
        boolean event = EventMessage.class.isAssignableFrom(record);
        if (command == event) {
            throw new IllegalStateException(record.getName() + " must be either a CommandMessage or an EventMessage");
        }
        return new Entry(annotation.name(), annotation.version(), (Class<? extends Message>) record, stream);
    }

    public static final class Builder {
        private final List<Stream> streams = new ArrayList<>();
        private final Map<String, Map<Integer, Upcaster>> upcasters = new HashMap<>();

        public Builder streams(List<Stream> more) {
            streams.addAll(more);
            return this;
        }

        public Builder stream(Class<? extends Message> root, TopicSpec topic) {
            streams.add(new Stream(root, topic));
            return this;
        }

        /** Registers how to read version {@code fromVersion} of {@code type} as {@code fromVersion + 1}. */
        public Builder upcaster(String type, int fromVersion, Upcaster upcaster) {
            Objects.requireNonNull(upcaster, "upcaster");
            if (upcasters.computeIfAbsent(type, t -> new HashMap<>()).put(fromVersion, upcaster) != null) {
                throw new IllegalStateException("two upcasters for " + type + " from version " + fromVersion);
            }
            return this;
        }

        /** How the contracts' older versions are read (with {@link Streams#ALL}). */
        public Builder standardUpcasters() {
            // results.GameEnded version 2 added the plies completed at the end; a version 1 record does not know them
            return upcaster("results.GameEnded", 1, v1 -> v1.putNull(
                    org.torneo.contracts.results.ResultEvent.GameEnded.COMPLETED_PLIES_FIELD))
                    // game.ClaimFiled version 2 says whether the claim was ruled at once; a version 1 claim kept the
                    // clocks paused until its ruling
                    .upcaster("game.ClaimFiled", 1, v1 -> v1.put(
                            org.torneo.contracts.game.ClaimEvent.ClaimFiled.RULED_AT_ONCE_FIELD, false))
                    // tournament.PlayerRegistered and RegisterPlayer version 2 added the title and federation; a
                    // version 1 record names neither
                    .upcaster("tournament.PlayerRegistered", 1, TITLE_AND_FEDERATION_UNKNOWN)
                    .upcaster("tournament.RegisterPlayer", 1, TITLE_AND_FEDERATION_UNKNOWN)
                    // tournament.PairingCorrected version 2 added the Dutch checker's warnings on a change by hand; a
                    // version 1 record was written without any
                    .upcaster("tournament.PairingCorrected", 1, v1 -> {
                        v1.putArray(org.torneo.contracts.tournament.TournamentEvent.PairingCorrected.WARNINGS_FIELD);
                        return v1;
                    })
                    // tournament.PairingCorrected version 3 added the change in structure (its kind, the arbiter's own
                    // reason, the players it moved); a version 2 record has its reason in words only
                    .upcaster("tournament.PairingCorrected", 2, v2 -> {
                        v2.putNull(org.torneo.contracts.tournament.TournamentEvent.PairingCorrected.KIND_FIELD);
                        v2.putNull(org.torneo.contracts.tournament.TournamentEvent.PairingCorrected.ARBITER_REASON_FIELD);
                        v2.putArray(org.torneo.contracts.tournament.TournamentEvent.PairingCorrected.MOVED_FIELD);
                        return v2;
                    })
                    // scoresheet.SheetAlertRaised version 2 added the alert in structure (the sheet, each sheet's
                    // line, the notation reader's problem); a version 1 alert is in words only
                    .upcaster("scoresheet.SheetAlertRaised", 1, v1 -> {
                        org.torneo.contracts.scoresheet.ScoresheetEvent.SheetAlertRaised.STRUCTURE_FIELDS
                                .forEach(v1::putNull);
                        return v1;
                    })
                    // tournament.TournamentCreated and CreateTournament version 2 added the event, the bye rules and
                    // the entry deadline; a version 1 tournament is its own event, without either rule
                    .upcaster("tournament.TournamentCreated", 1, OWN_EVENT_WITHOUT_RULES)
                    .upcaster("tournament.CreateTournament", 1, OWN_EVENT_WITHOUT_RULES);
        }

        private static final Upcaster OWN_EVENT_WITHOUT_RULES = v1 -> {
            v1.set(org.torneo.contracts.tournament.TournamentEvent.TournamentCreated.EVENT_ID_FIELD,
                    v1.get("tournamentId"));
            v1.set(org.torneo.contracts.tournament.TournamentEvent.TournamentCreated.EVENT_NAME_FIELD, v1.get("name"));
            v1.putObject(org.torneo.contracts.tournament.TournamentEvent.TournamentCreated.BYE_RULES_FIELD)
                    .putNull("maxHalfPointByes").put("noHalfPointByeLastRounds", 0);
            v1.putNull(org.torneo.contracts.tournament.TournamentEvent.TournamentCreated.LAST_ENTRY_ROUND_FIELD);
            return v1;
        };

        private static final Upcaster TITLE_AND_FEDERATION_UNKNOWN = v1 -> v1
                .put(org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered.TITLE_FIELD, "")
                .put(org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered.FEDERATION_FIELD, "");

        public MessageCatalog build() {
            return new MessageCatalog(streams, upcasters);
        }
    }
}
