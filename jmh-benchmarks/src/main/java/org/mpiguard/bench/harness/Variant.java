package org.mpiguard.bench.harness;

/** How a kernel runs: without the agent, under it with the options given, or the same with {@code trace=on} (--traced). */
enum Variant { PLAIN, AGENT, TRACED }
