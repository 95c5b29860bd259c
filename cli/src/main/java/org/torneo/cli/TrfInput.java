package org.torneo.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfReader;

/**
 * The one way a command reads a TRF ({@code pair}, {@code check}, {@code standings}, {@code rating}): the bytes
 * as UTF-8, or Latin-1 when they are not valid UTF-8 (older files), then the project's TRF reader with all its
 * checks. Errors become usage errors (exit 2) naming the file, line and column.
 */
public final class TrfInput {

    private TrfInput() {
    }

    public static TrfDocument read(String file) {
        return read(Path.of(file));
    }

    public static TrfDocument read(Path file) {
        String text = text(file);
        try {
            return TrfReader.read(text);
        } catch (TrfFormatException e) {
            throw new Command.UsageException(file + ": " + e.getMessage());
        }
    }

    /** The file's text: UTF-8 when its bytes are valid UTF-8, else Latin-1. */
    public static String text(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new Command.UsageException("no such file: " + file);
        } catch (IOException e) {
            throw new Command.UsageException("cannot read " + file + ": " + e.getMessage());
        }
        return decode(bytes);
    }

    /**
     * Text files from other programs (TRF, PGN, FEN lists): UTF-8 when the bytes are valid UTF-8, else ISO-8859-1
     * (Latin-1), which older Windows programs write and in which every byte is a character.
     */
    public static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }
}
