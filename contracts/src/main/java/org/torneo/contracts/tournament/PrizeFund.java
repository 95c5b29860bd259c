package org.torneo.contracts.tournament;

import java.util.List;
import java.util.Objects;

/**
 * The prizes announced with a tournament, by final place: {@code byPlaceCents.get(0)} for first place, in
 * hundredths of {@code currency}. {@code method}: "EQUAL_SHARING" (players tied on points share the prizes of the
 * places they cover equally: Code 1970 rule IX) or "HORT" (half shared equally, half by the tie-break order).
 */
public record PrizeFund(String currency, List<Long> byPlaceCents, String method) {

    public PrizeFund {
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(byPlaceCents, "byPlaceCents");
        Objects.requireNonNull(method, "method");
        if (!currency.matches("[A-Z]{3}")) {
            throw new IllegalArgumentException("currency must be a three-letter ISO 4217 code, not '" + currency + "'");
        }
        byPlaceCents = List.copyOf(byPlaceCents);
        if (byPlaceCents.isEmpty()) {
            throw new IllegalArgumentException("a prize fund needs at least one prize");
        }
        for (int i = 0; i < byPlaceCents.size(); i++) {
            if (byPlaceCents.get(i) < 0) {
                throw new IllegalArgumentException("prize for place " + (i + 1) + " is negative: " + byPlaceCents.get(i));
            }
        }
        if (!method.equals("EQUAL_SHARING") && !method.equals("HORT")) {
            throw new IllegalArgumentException("method must be EQUAL_SHARING or HORT, not " + method);
        }
    }

    /** A valid sample (1,000 / 600 / 400 euros, shared equally), for documentation and codec tests. */
    public static PrizeFund example() {
        return new PrizeFund("EUR", List.of(100_000L, 60_000L, 40_000L), "EQUAL_SHARING");
    }
}
