package org.mpiguard.bench;

import org.openjdk.jmh.annotations.Fork;

/** {@link DirectBufferKernel} under the agent (its accessors rewritten; nothing pending). Run from the project root. */
@Fork(value = 1, jvmArgsAppend = "-javaagent:agent/target/mpiguard-agent.jar")
public class DirectBufferKernelAgentOn extends DirectBufferKernel {
}
