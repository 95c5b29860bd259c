package org.torneo.contracts.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a signed heads note costs per transaction (issue 17): building the note's text and its Ed25519 signature, for
 * transactions of 1 to 1,000 events, and what checking one costs the audit. Prints figures; asserts only that every
 * note verifies. Run with {@code -Pslow -Dtest=SigningCostBenchmarkTest}.
 */
@Tag("slow")
class SigningCostBenchmarkTest {

    private static final int ROUNDS = Integer.getInteger("bench.sign.rounds", 3_000);

    @Test
    void signingAndVerifyingOneTransactionsHeads() {
        ServiceKey key = ServiceKey.generate("game");
        TrustedKeys trust = TrustedKeys.none().with(key, Instant.EPOCH, null);
        for (int events : new int[] {1, 3, 30, 1_000}) {
            List<ChainHead> heads = new ArrayList<>();
            for (int i = 0; i < events; i++) {
                heads.add(new ChainHead("torneo.game.moves", "demo-1/r3/b" + (i % 200 + 1), 40 + i, "%064x".formatted(i)));
            }
            Instant at = Instant.parse("2026-11-25T21:00:00Z");
            int rounds = events >= 1_000 ? ROUNDS / 10 : ROUNDS;
            long[] sign = new long[rounds];
            long[] verify = new long[rounds];
            int bytes = 0;
            for (int warm = 0; warm < 2; warm++) {
                for (int r = 0; r < rounds; r++) {
                    long t0 = System.nanoTime();
                    String note = ChainHeads.of("game", at.plusNanos(r), heads).get(0).sign(key).encode();
                    long t1 = System.nanoTime();
                    SignedNote parsed = SignedNote.parse(note);
                    ChainHeads read = ChainHeads.read(parsed);
                    assertEquals(TrustedKeys.Verdict.VALID, trust.judge(parsed, "game", read.signedAt()));
                    long t2 = System.nanoTime();
                    sign[r] = t1 - t0;
                    verify[r] = t2 - t1;
                    bytes = note.length();
                }
            }
            Arrays.sort(sign);
            Arrays.sort(verify);
            System.out.printf("SIGN BENCH %,d event(s) a transaction: note %,d bytes; build+sign median %.3f ms (p99 %.3f);"
                            + " parse+verify median %.3f ms (p99 %.3f); %d rounds%n", events, bytes, sign[rounds / 2] / 1e6,
                    sign[rounds * 99 / 100] / 1e6, verify[rounds / 2] / 1e6, verify[rounds * 99 / 100] / 1e6, rounds);
        }
    }
}
