package io.kifudb.cli;

import io.kifudb.engine.UsiProtocol;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

/** {@code usi}: a USI engine on stdin/stdout in lishogi's Chu dialect (see {@link UsiProtocol}). */
@Command(name = "usi", mixinStandardHelpOptions = true,
        description = "a USI engine on stdin/stdout (lishogi's Chu Shogi dialect)")
public final class UsiCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
        String version = VersionCommand.nameAndVersion();
        version = version.substring(version.indexOf(' ') + 1);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        new UsiProtocol(in, System.out, version).run();
        return 0;
    }
}
