package io.kifudb.engine;

/** Receives the lines of each completed iteration, best first, from the thread that searches. */
@FunctionalInterface
public interface SearchListener {
    void onIteration(java.util.List<SearchInfo> lines);
}
