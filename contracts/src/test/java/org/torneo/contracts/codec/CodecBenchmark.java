package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;

/**
 * Prints the codec's throughput (seal + encode, decode with hash check) for MovePlayed events.
 * Run: ./mvnw -o -pl contracts test -Pslow -Dtest=CodecBenchmark
 */
@Tag("slow")
class CodecBenchmark {

    @Test
    void sealEncodeDecodeThroughput() {
        JsonCodec codec = JsonCodec.standard();
        Actor actor = new Actor(Actor.Role.EBOARD, "dgt-17");
        int n = 200_000;
        for (int round = 1; round <= 3; round++) {
            List<byte[]> encoded = new ArrayList<>(n);
            String previous = Envelope.GENESIS_HASH;
            long t0 = System.nanoTime();
            for (int i = 1; i <= n; i++) {
                Instant at = Instant.ofEpochMilli(1_777_000_000_000L + i * 1000L);
                var move = new MoveEvent.MovePlayed(i, i % 2 == 1 ? Side.WHITE : Side.BLACK, "Nf3", "g1f3",
                        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", MoveSource.EBOARD,
                        new ClockReading(5_400_000 - i, 5_400_000 - i), at);
                Envelope sealed = codec.seal(Envelope.event(new UUID(0, i), new UUID(1, i), null, "g-1", i, actor, at,
                        move), previous);
                previous = sealed.hash();
                encoded.add(codec.encode(sealed));
            }
            long t1 = System.nanoTime();
            long bytes = 0;
            for (byte[] json : encoded) {
                bytes += json.length;
                codec.decode(json);
            }
            long t2 = System.nanoTime();
            List<byte[]> commands = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                Instant at = Instant.ofEpochMilli(1_777_000_000_000L + i * 1000L);
                commands.add(codec.encode(Envelope.command(new UUID(2, i), "g-" + (i % 1000), actor, at,
                        new GameCommand.SubmitMove(i % 2 == 1 ? "g1f3" : "g8f6", Notation.UCI, MoveSource.EBOARD, null,
                                at))));
            }
            long t25 = System.nanoTime();
            previous = Envelope.GENESIS_HASH;
            for (int i = 1; i <= n; i++) {
                Instant at = Instant.ofEpochMilli(1_777_000_000_000L + i * 1000L);
                var move = new MoveEvent.MovePlayed(i, i % 2 == 1 ? Side.WHITE : Side.BLACK, "Nf3", "g1f3",
                        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", MoveSource.EBOARD,
                        new ClockReading(5_400_000 - i, 5_400_000 - i), at);
                JsonCodec.Sealed sealed = codec.sealAndEncode(Envelope.event(new UUID(0, i), new UUID(1, i), null, "g-1",
                        i, actor, at, move), previous);
                previous = sealed.envelope().hash();
                assertEquals(encoded.get(i - 1).length, sealed.bytes().length);
            }
            long t3 = System.nanoTime();
            for (byte[] json : commands) {
                codec.decode(json);
            }
            long t4 = System.nanoTime();
            System.out.printf("round %d: seal+encode %,.0f events/s, decode+verify %,.0f events/s, %d bytes/event;"
                            + " sealAndEncode (one write) %,.0f events/s; decode SubmitMove %,.0f commands/s%n",
                    round, n / ((t1 - t0) / 1e9), n / ((t2 - t1) / 1e9), bytes / n, n / ((t3 - t25) / 1e9),
                    n / ((t4 - t3) / 1e9));
            assertEquals(n, encoded.size());
        }
    }
}
