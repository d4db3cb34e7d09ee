/**
 * The executor conformance suite: extend {@link dev.cordon.executor.testkit.ExecutorConformance}
 * in an executor's tests. {@link dev.cordon.executor.testkit.ExecutorBench} measures spawn
 * overhead.
 */
package dev.cordon.executor.testkit;
