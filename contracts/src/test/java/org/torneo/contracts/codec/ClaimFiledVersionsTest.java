package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.DrawClaimKind;

/** game.ClaimFiled version 2 says whether the claim was ruled at once; version 1 records are still read. */
class ClaimFiledVersionsTest {

    private static final Actor PLAYER = new Actor(Actor.Role.PLAYER, "p-7");
    private static final Instant AT = Instant.parse("2026-05-01T16:20:00Z");

    private final JsonCodec codec = JsonCodec.standard();

    private Envelope sealed(ClaimFiled filed) {
        return codec.seal(Envelope.event(UUID.fromString("22222222-2222-2222-2222-222222222222"),
                UUID.fromString("11111111-1111-1111-1111-111111111111"), null, "g-1", 42, PLAYER, AT, filed),
                Envelope.GENESIS_HASH);
    }

    @Test
    void givenAClaimRuledAtOnce_whenWrittenAndRead_thenItSaysSo() {
        // given a threefold claim the game ruled on in the same decision
        ClaimFiled filed = new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 40, false, AT).ruledAtOnce(true);

        // when written and read back
        Envelope read = codec.decode(codec.encode(sealed(filed)));

        // then it is still ruled at once, as version 2
        assertTrue(((ClaimFiled) read.payload()).ruledAtOnce());
        assertEquals(filed, read.payload());
        assertEquals(2, codec.catalog().entryOf(ClaimFiled.class).version());
    }

    @Test
    void givenAVersionOneRecordWrittenBeforeTheFlag_whenRead_thenItIsRuledLaterAndItsHashHolds() {
        // given a version 1 filing, as the old code wrote and hashed it
        ObjectNode v1 = codec.toTree(sealed(new ClaimFiled(Side.BLACK, DrawClaimKind.FIFTY_MOVES, "Kg2", 101, true,
                AT)));
        ((ObjectNode) v1.get("payload")).remove(ClaimFiled.RULED_AT_ONCE_FIELD);
        v1.put("version", 1);
        v1.put("hash", Canonical.sha256Hex(Canonical.bytesWithoutHash(v1)));

        // when read by this version
        Envelope read = codec.decode(v1.toString());

        // then the claim kept the clocks paused until its ruling (false), the rest as written, the hash verified
        ClaimFiled filed = (ClaimFiled) read.payload();
        assertFalse(filed.ruledAtOnce());
        assertEquals(new ClaimFiled(Side.BLACK, DrawClaimKind.FIFTY_MOVES, "Kg2", 101, true, AT), filed);
        assertEquals(v1.get("hash").asText(), read.hash());
    }
}
