package io.dynakeys.examples.leaderboard;

import io.dynakeys.runtime.read.KeyCondition;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One question asked of the leaderboard and DynamoDB's answer.
 *
 * @param title what is asked, e.g. "top 10"
 * @param explanation why the key answers it, in a sentence or two
 * @param call the builder call that asks it, as code
 * @param condition the key condition the builder produced, sent as is
 * @param limit the request's {@code Limit}, or {@code null} for every matching run
 * @param exclusiveStartKey the request's {@code ExclusiveStartKey}, or {@code null}
 * @param rows the runs returned, in the order DynamoDB returned them
 */
public record Scenario(
    String title,
    String explanation,
    String call,
    KeyCondition condition,
    Integer limit,
    Map<String, AttributeValue> exclusiveStartKey,
    List<LeaderboardRow> rows) {}
