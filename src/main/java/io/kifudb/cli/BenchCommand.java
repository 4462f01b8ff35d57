package io.kifudb.cli;

import io.kifudb.rules.Perft;
import io.kifudb.rules.Position;
import io.kifudb.rules.RuleSet;

import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench}: the fixed benchmark. Perft from the start position under each Chu rule set, best of
 * several runs after a warm-up, with the bytes allocated per node (0 shows the generator allocates
 * nothing in its inner loop).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "fixed benchmark: perft speed (nodes/s) and allocation per node")
public final class BenchCommand implements Callable<Integer> {
    @Option(names = "--depth", defaultValue = "4", description = "perft depth (default ${DEFAULT-VALUE})")
    int depth;

    @Option(names = "--runs", defaultValue = "5", description = "timed runs per rule set, best is reported (default ${DEFAULT-VALUE})")
    int runs;

    @Override
    public Integer call() {
        System.out.printf("# kifudb bench: perft(%d) from the start position, %d cores, Java %s%n",
                depth, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        System.out.println("# rules        nodes        best_ms   Mnodes/s   bytes/node");
        for (RuleSet rules : new RuleSet[] {RuleSet.CHU_LISHOGI, RuleSet.CHU, RuleSet.CHU_SDIN}) {
            Position pos = Position.start(rules);
            Perft perft = new Perft(depth);
            perft.count(pos, depth); // warm-up
            long best = Long.MAX_VALUE, nodes = 0, allocated = 0;
            for (int i = 0; i < runs; i++) {
                long a0 = allocatedBytes();
                long t0 = System.nanoTime();
                nodes = perft.count(pos, depth);
                long t = System.nanoTime() - t0;
                allocated = allocatedBytes() - a0;
                best = Math.min(best, t);
            }
            System.out.printf("%-12s %10d %10.1f %10.2f %12.3f%n", rules.id, nodes, best / 1e6,
                    nodes / (best / 1e9) / 1e6, allocated < 0 ? Double.NaN : (double) allocated / nodes);
        }
        return 0;
    }

    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t)
            return t.getThreadAllocatedBytes(Thread.currentThread().getId());
        return -1;
    }
}
