package org.torneo.cli.pairing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.torneo.cli.Command;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfReader;

/** Reading a TRF for a command: errors become usage errors naming the file, line and column. */
final class TrfInput {

    private TrfInput() {
    }

    static TrfDocument read(String file) {
        try {
            return TrfReader.read(Files.readString(Path.of(file), java.nio.charset.StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new Command.UsageException("no such file: " + file);
        } catch (java.nio.charset.MalformedInputException e) {
            try {
                return TrfReader.read(new String(Files.readAllBytes(Path.of(file)), java.nio.charset.StandardCharsets.ISO_8859_1));
            } catch (TrfFormatException f) {
                throw new Command.UsageException(file + ": " + f.getMessage());
            } catch (IOException f) {
                throw new Command.UsageException("cannot read " + file + ": " + f.getMessage());
            }
        } catch (TrfFormatException e) {
            throw new Command.UsageException(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw new Command.UsageException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
