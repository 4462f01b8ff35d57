package io.kifudb.store;

/**
 * Fired (CDI event) when a game row has been written. Observers that must only see committed games
 * (the position index) observe it with {@code during = TransactionPhase.AFTER_SUCCESS}.
 */
public record GameStored(Game game) {}
