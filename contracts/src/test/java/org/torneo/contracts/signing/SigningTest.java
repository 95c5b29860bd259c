package org.torneo.contracts.signing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigningTest {

    private static final Instant T0 = Instant.parse("2026-11-25T20:00:00Z");

    @Test
    void aKeyWrittenAsPemIsReadBackWithTheSamePublicKeyAndId(@TempDir Path dir) throws Exception {
        ServiceKey key = ServiceKey.generate("game");
        Path pem = dir.resolve("game.pem");
        key.writePem(pem);

        ServiceKey back = ServiceKey.load("game", pem);

        assertArrayEquals(key.rawPublicKey(), back.rawPublicKey());
        assertEquals(key.keyId(), back.keyId());
        assertEquals(8, key.keyId().length());
        assertTrue(ServiceKey.verify(key.rawPublicKey(), "x".getBytes(), back.sign("x".getBytes())));
        assertTrue(Files.readString(pem).startsWith("-----BEGIN PRIVATE KEY-----"));
    }

    @Test
    void aFileThatIsNoEd25519KeyIsRefusedWithItsName(@TempDir Path dir) throws Exception {
        Path pem = dir.resolve("bad.pem");
        Files.writeString(pem, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServiceKey.load("game", pem));
        assertTrue(e.getMessage().contains("bad.pem") && e.getMessage().contains("not an Ed25519 PKCS#8 key"), e.getMessage());
    }

    @Test
    void headsSurviveTheNoteAndAChangedLineBreaksTheSignature() {
        ServiceKey key = ServiceKey.generate("game");
        TrustedKeys trust = TrustedKeys.none().with(key, T0, null);
        ChainHeads heads = new ChainHeads("game", T0.plusSeconds(5), List.of(
                new ChainHead("torneo.game.moves", "t 1/g%1", 3, "aa"), new ChainHead("torneo.results", "t 1/g%1", 4, "bb")));

        SignedNote note = SignedNote.parse(heads.sign(key).encode());

        assertEquals(heads, ChainHeads.read(note));
        assertEquals(TrustedKeys.Verdict.VALID, trust.judge(note, "game", heads.signedAt()));
        SignedNote forged = SignedNote.parse(heads.sign(key).encode().replace(" 4 bb ", " 4 bc "));
        assertEquals(TrustedKeys.Verdict.BAD_SIGNATURE, trust.judge(forged, "game", heads.signedAt()));
        assertEquals(TrustedKeys.Verdict.UNTRUSTED_KEY, TrustedKeys.none().with(ServiceKey.generate("game"), T0, null)
                .judge(note, "game", heads.signedAt()));
        assertEquals(TrustedKeys.Verdict.UNTRUSTED_KEY, trust.judge(note, "clock", heads.signedAt()));
    }

    @Test
    void aKeyCountsOnlyInsideItsValidity() {
        ServiceKey old = ServiceKey.generate("game");
        Instant switchAt = T0.plusSeconds(3600);
        TrustedKeys trust = TrustedKeys.none().with(old, T0, switchAt);
        SignedNote before = new ChainHeads("game", switchAt.minusSeconds(1), List.of(new ChainHead("torneo.game.moves",
                "g", 1, "aa"))).sign(old);
        SignedNote after = new ChainHeads("game", switchAt, List.of(new ChainHead("torneo.game.moves", "g", 2, "bb")))
                .sign(old);
        assertEquals(TrustedKeys.Verdict.VALID, trust.judge(before, "game", switchAt.minusSeconds(1)));
        assertEquals(TrustedKeys.Verdict.OUTSIDE_VALIDITY, trust.judge(after, "game", switchAt));
    }

    @Test
    void theTrustFileRoundTripsAndNamesTheWrongLineAndField() {
        ServiceKey key = ServiceKey.generate("clock");
        TrustedKeys trust = TrustedKeys.none().with(key, T0, T0.plusSeconds(60));
        assertEquals(trust.text(), TrustedKeys.parse(trust.text().lines().toList()).text());

        String line = trust.keys().get(0).line();
        IllegalArgumentException badId = assertThrows(IllegalArgumentException.class, () -> TrustedKeys.parse(List.of(
                "# keys", line.replace(key.keyId(), "00000000"))));
        assertTrue(badId.getMessage().startsWith("line 2, key id: 00000000 is not this key's id"), badId.getMessage());
        IllegalArgumentException badTime = assertThrows(IllegalArgumentException.class, () -> TrustedKeys.parse(List.of(
                line.replace(T0.toString(), "yesterday"))));
        assertTrue(badTime.getMessage().startsWith("line 1, valid from: 'yesterday'"), badTime.getMessage());
    }

    @Test
    void aCheckpointStatesSizeAndRootAndRefusesEditedHeads() {
        ServiceKey key = ServiceKey.generate("pairing");
        Checkpoint checkpoint = new Checkpoint("t-1", 2, T0, List.of(
                new ChainHead("torneo.tournament", "t-1", 12, "aa"),
                new ChainHead("torneo.game.moves", "g-1", 7, "bb"), new ChainHead("torneo.results", "g-1", 8, "cc"),
                new ChainHead("torneo.clock", "g-1", 5, "dd")));
        String note = checkpoint.sign(key).encode();

        assertEquals(checkpoint, Checkpoint.read(SignedNote.parse(note)));
        assertEquals(12 + 8 + 5, checkpoint.size());
        assertTrue(note.startsWith("torneo/t-1/round/2\n25\n"), note);
        IllegalArgumentException edited = assertThrows(IllegalArgumentException.class,
                () -> Checkpoint.read(SignedNote.parse(note.replace(" 12 aa ", " 11 aa "))));
        assertTrue(edited.getMessage().startsWith("line 2: size 25 but the heads cover 24"), edited.getMessage());
    }
}
