package org.torneo.feed.core;

/**
 * A tournament's feed events, appended by the writer under the model's lock and read without it: an event
 * below the size a reader saw under the lock is never moved nor changed (fixed chunks, a directory
 * published through a volatile field), so a subscription walks its backlog outside the lock.
 */
final class EventLog {
    private static final int CHUNK = 1024;
    private volatile FeedEvent[][] chunks = new FeedEvent[8][];
    private volatile int size;

    /** Appends (the writer only, under the model's lock). */
    void add(FeedEvent event) {
        int index = size;
        FeedEvent[][] directory = chunks;
        int chunk = index / CHUNK;
        if (chunk == directory.length) {
            directory = java.util.Arrays.copyOf(directory, directory.length * 2);
        }
        if (directory[chunk] == null) {
            directory[chunk] = new FeedEvent[CHUNK];
        }
        directory[chunk][index % CHUNK] = event;
        chunks = directory;
        size = index + 1;
    }

    FeedEvent get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return chunks[index / CHUNK][index % CHUNK];
    }

    int size() {
        return size;
    }
}

