/**
 * Entry lists: the players an organiser registers from a file, read before anything is registered.
 *
 * <ul>
 *   <li>{@link org.torneo.entries.CsvEntries}: a spreadsheet's CSV, columns found by their header's name (name,
 *       rating, FIDE id, title, federation, birth year, player id; English or Spanish), separated by {@code ,} or
 *       {@code ;}, quoted fields as spreadsheets write them.</li>
 *   <li>{@link org.torneo.entries.FideRatingList}: FIDE's rating list download in its fixed-width TXT form (the
 *       combined "players_list" with SRtng/RRtng/BRtng, or a single list with its month's column such as SEP26),
 *       its columns found where the header line puts them; optionally only the FIDE ids asked for.</li>
 *   <li>{@link org.torneo.entries.EntryFiles#decode(byte[])}: UTF-8 (with or without a byte-order mark), else
 *       Latin-1, which is how the FIDE lists and older spreadsheets are written.</li>
 * </ul>
 *
 * A reader never throws on bad content: every bad line becomes an {@link org.torneo.entries.EntryProblem} naming its
 * line, column and field, and that line gives no {@link org.torneo.entries.PlayerEntry}; the caller decides whether to
 * register the good lines (the console asks the organiser to fix or explicitly skip the bad ones).
 */
package org.torneo.entries;
