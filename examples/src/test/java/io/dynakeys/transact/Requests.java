package io.dynakeys.transact;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts the requests a client sends, by operation ({@code TransactWriteItemsRequest}, ...), so a
 * test can prove that a refusal happened before anything was sent.
 */
final class Requests implements ExecutionInterceptor {
  private final Map<String, AtomicInteger> sent = new ConcurrentHashMap<>();
  private final AtomicInteger total = new AtomicInteger();

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    sent.computeIfAbsent(context.request().getClass().getSimpleName(), k -> new AtomicInteger()).incrementAndGet();
    total.incrementAndGet();
  }

  /** Every request sent so far, of any operation. */
  int total() {
    return total.get();
  }

  /** The requests of one operation, by its request class's simple name. */
  int of(String requestClass) {
    AtomicInteger n = sent.get(requestClass);
    return n == null ? 0 : n.get();
  }

  @Override
  public String toString() {
    return sent.toString();
  }
}
