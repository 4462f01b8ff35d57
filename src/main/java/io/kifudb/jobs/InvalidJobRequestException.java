package io.kifudb.jobs;

/** A job request a kind refuses before queueing it, naming the field at fault; the API answers 4xx with the message. */
public final class InvalidJobRequestException extends RuntimeException {
    public final String field;

    public InvalidJobRequestException(String field, String message) {
        super(message);
        this.field = field;
    }
}
