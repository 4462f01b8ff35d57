package io.kifudb.cli;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;

/** The REST service as a Quarkus application: it runs until it is stopped (signal, or Quarkus.asyncExit). */
public class ServeApplication implements QuarkusApplication {
    @Override
    public int run(String... args) {
        Quarkus.waitForExit();
        return 0;
    }
}
