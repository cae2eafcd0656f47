package io.dynakeys.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * What DynamoDB does under load, made to happen on a local server: before each BatchWriteItem or
 * BatchGetItem goes out, a random part of its writes (or keys) is taken out of the request, and the
 * response lists that part as {@code UnprocessedItems} ({@code UnprocessedKeys}), as DynamoDB's
 * would. What did go to the server is counted per item, so a test can check that every item was
 * processed exactly once. Items whose {@code pk} a predicate names are always held back, and a
 * request can be made to fail.
 */
final class Unprocessing implements ExecutionInterceptor {
  private static final ExecutionAttribute<Object> HELD = new ExecutionAttribute<>("dynakeys.test.held");
  /** A key no test writes: what a request goes out with when all of it is held back. */
  private static final Map<String, AttributeValue> ABSENT = Map.of(
      "pk", AttributeValue.fromS("dynakeys-test-absent"), "sk", AttributeValue.fromS("absent"));

  private final SplittableRandom random;
  private final double share;
  private final Predicate<String> alwaysHeld;
  /** How often each item (table, pk, sk) reached the server in a write; for gets, in a read. */
  final Map<String, AtomicInteger> reached = new ConcurrentHashMap<>();
  final AtomicInteger requests = new AtomicInteger();
  /** The request number (from 1) that fails, or 0. */
  volatile int failRequest;

  /**
   * @param seed the seed of the random choice
   * @param share the expected part of each request held back, 0 to 1
   * @param alwaysHeld partition keys that are never let through
   */
  Unprocessing(long seed, double share, Predicate<String> alwaysHeld) {
    this.random = new SplittableRandom(seed);
    this.share = share;
    this.alwaysHeld = alwaysHeld;
  }

  @Override
  public synchronized SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    SdkRequest request = context.request();
    if (!(request instanceof BatchWriteItemRequest) && !(request instanceof BatchGetItemRequest)) {
      return request;
    }
    if (requests.incrementAndGet() == failRequest) {
      throw new IllegalStateException("the request failed, as the test asked");
    }
    if (request instanceof BatchWriteItemRequest write) {
      Map<String, List<WriteRequest>> sent = new HashMap<>();
      Map<String, List<WriteRequest>> held = new HashMap<>();
      write.requestItems().forEach((table, writes) -> {
        for (WriteRequest w : writes) {
          Map<String, AttributeValue> key = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
          if (hold(key)) {
            held.computeIfAbsent(table, t -> new ArrayList<>()).add(w);
          } else {
            sent.computeIfAbsent(table, t -> new ArrayList<>()).add(w);
            count(table, key);
          }
        }
      });
      attributes.putAttribute(HELD, held);
      if (sent.isEmpty()) {
        // DynamoDB refuses an empty batch: what goes out instead is a delete of a key no test
        // writes, which changes nothing.
        String table = held.keySet().iterator().next();
        sent.put(table, List.of(WriteRequest.builder().deleteRequest(d -> d.key(ABSENT)).build()));
      }
      return write.toBuilder().requestItems(sent).build();
    }
    BatchGetItemRequest get = (BatchGetItemRequest) request;
    Map<String, KeysAndAttributes> sent = new HashMap<>();
    Map<String, KeysAndAttributes> held = new HashMap<>();
    get.requestItems().forEach((table, keys) -> {
      List<Map<String, AttributeValue>> in = new ArrayList<>();
      List<Map<String, AttributeValue>> out = new ArrayList<>();
      for (Map<String, AttributeValue> key : keys.keys()) {
        if (hold(key)) {
          out.add(key);
        } else {
          in.add(key);
          count(table, key);
        }
      }
      if (!in.isEmpty()) {
        sent.put(table, keys.toBuilder().keys(in).build());
      }
      if (!out.isEmpty()) {
        held.put(table, keys.toBuilder().keys(out).build());
      }
    });
    attributes.putAttribute(HELD, held);
    if (sent.isEmpty()) {
      String table = held.keySet().iterator().next();
      sent.put(table, held.get(table).toBuilder().keys(List.of(ABSENT)).build());
    }
    return get.toBuilder().requestItems(sent).build();
  }

  @Override
  @SuppressWarnings("unchecked")
  public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
    Object held = attributes.getAttribute(HELD);
    if (held == null) {
      return context.response();
    }
    if (context.response() instanceof BatchWriteItemResponse response) {
      Map<String, List<WriteRequest>> unprocessed = new HashMap<>();
      response.unprocessedItems().forEach((t, w) -> unprocessed.computeIfAbsent(t, x -> new ArrayList<>()).addAll(w));
      ((Map<String, List<WriteRequest>>) held).forEach((t, w) ->
          unprocessed.computeIfAbsent(t, x -> new ArrayList<>()).addAll(w));
      return response.toBuilder().unprocessedItems(unprocessed).build();
    }
    BatchGetItemResponse response = (BatchGetItemResponse) context.response();
    Map<String, KeysAndAttributes> unprocessed = new HashMap<>(response.unprocessedKeys());
    ((Map<String, KeysAndAttributes>) held).forEach((t, k) -> unprocessed.merge(t, k,
        (a, b) -> a.toBuilder().keys(concat(a.keys(), b.keys())).build()));
    return response.toBuilder().unprocessedKeys(unprocessed).build();
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private boolean hold(Map<String, AttributeValue> key) {
    AttributeValue pk = key.get("pk");
    return (pk != null && alwaysHeld.test(pk.s())) || random.nextDouble() < share;
  }

  private void count(String table, Map<String, AttributeValue> key) {
    reached.computeIfAbsent(table + "|" + key.get("pk").s() + "|" + (key.containsKey("sk") ? key.get("sk").s() : ""),
        k -> new AtomicInteger()).incrementAndGet();
  }

  Set<String> reachedKeys() {
    return reached.keySet();
  }
}
