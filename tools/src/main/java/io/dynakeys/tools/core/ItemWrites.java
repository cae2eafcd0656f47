package io.dynakeys.tools.core;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.internal.write.ItemKeys;
import java.math.BigDecimal;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The writes that re-key one item, shared by {@code migrate} and {@code move}: put the copy, delete
 * the old item if it is unchanged, withdraw the copy when it is not, rewrite an item in place.
 *
 * <p>Every condition an item needs is computed by {@link #plan} before anything is written for it,
 * so an item too wide for an exact condition stops the run with a {@link ConfigurationException}
 * (name a version attribute) and leaves that item untouched.
 *
 * <p>Deletes and in-place rewrites return what they removed ({@code ReturnValues.ALL_OLD}): a
 * condition cannot say "no other attributes", so an attribute added since the read would pass
 * "unchanged" and be lost. When what was removed differs from what was read, it is put back
 * ({@link Done#RESTORED}) and the caller reports the item changed. With a version attribute only
 * the version is compared, on the server and here: writers promise to increase it on every write.
 */
public final class ItemWrites {
  private final Writes writes;
  private final String pk;
  private final String sk;
  private final String version;

  /** What a delete or an in-place rewrite found. */
  public enum Done {
    /** Written (deleted, or rewritten in place) as read. */
    DONE,
    /** The condition failed: the item changed since it was read; nothing was written. */
    CHANGED,
    /** The condition held, but what was removed had attributes added since the read: put back. */
    RESTORED
  }

  /**
   * The conditions of one item, computed before any write.
   *
   * @param old the item as read
   * @param next its copy at its new key (or its new content in place)
   * @param unchanged "the old item is as read", for its delete (or in-place rewrite)
   * @param putAgain "absent or exactly {@code next}", the second try of the copy's put, or
   *     {@code null} to compare in the client (version attribute)
   * @param stillNext "the item at the new key is still {@code next}", to withdraw the copy or to
   *     put back what an in-place rewrite replaced
   */
  public record Plan(Map<String, AttributeValue> old, Map<String, AttributeValue> next, Conditions.Condition unchanged,
      Conditions.Condition putAgain, Conditions.Condition stillNext) {}

  public ItemWrites(Writes writes, String partitionKeyAttribute, String sortKeyAttribute, String versionAttribute) {
    this.writes = writes;
    this.pk = partitionKeyAttribute;
    this.sk = sortKeyAttribute;
    this.version = versionAttribute;
  }

  public String versionAttribute() {
    return version;
  }

  /**
   * The conditions for re-keying {@code old} to {@code next}.
   *
   * @throws ConfigurationException when an exact condition would exceed DynamoDB's expression
   *     limits and no version attribute is named (or an item lacks it): the item key and the
   *     option are in the message
   */
  public Plan plan(Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
    if (version != null) {
      Conditions.Condition stillNext = next.get(version) != null ? Conditions.versionIs(version, next.get(version))
          : exact(Conditions.equalTo(next, pk, sk), old);
      return new Plan(old, next, Conditions.versionIs(version, old.get(version)), null, stillNext);
    }
    return new Plan(old, next, exact(Conditions.equalTo(old, pk, sk), old),
        exact(Conditions.absentOrEqualTo(pk, next), old), exact(Conditions.equalTo(next, pk, sk), old));
  }

  private Conditions.Condition exact(Conditions.Condition condition, Map<String, AttributeValue> item) {
    if (condition != null) {
      return condition;
    }
    String key = "pk=" + ItemKeys.text(item.get(pk)) + (sk == null ? "" : " sk=" + ItemKeys.text(item.get(sk)));
    throw new ConfigurationException("the item " + key + " is too wide for an exact \"unchanged\" condition"
        + " (DynamoDB allows " + Conditions.MAX_EXPRESSION / 1000 + " KB and " + Conditions.MAX_OPERATORS
        + " operators per expression"
        + (version == null ? ")" : ") and has no " + version + " attribute")
        + ": name an attribute that every writer increases on every write with --version-attribute NAME."
        + " Nothing was written for this item; run the same command with the option added to resume");
  }

  /** Puts the copy: absent, or exactly this already (a repeated put); {@code false} when another item is there. */
  public boolean putCopy(Plan plan) throws InterruptedException {
    return writes.putIfAbsentOrEqual(plan.next(), pk, sk, plan.putAgain());
  }

  /**
   * Deletes the old item if it is unchanged; when what it deleted had attributes added since the
   * read, puts that back under "no item there" (if a writer wrote the key again meanwhile, theirs
   * is newer and stays).
   */
  public Done deleteOld(Plan plan) throws InterruptedException {
    Map<String, AttributeValue> removed = writes.deleteReturningOld(ItemKeys.of(plan.old(), pk, sk), plan.unchanged());
    if (removed == null) {
      return Done.CHANGED;
    }
    if (version == null && !removed.isEmpty() && !Conditions.same(removed, plan.old())) {
      writes.put(removed, Conditions.absent(pk));
      return Done.RESTORED;
    }
    return Done.DONE;
  }

  /** What {@link #moveInOneTransaction} did. */
  public enum Moved {
    /** Copied and deleted, together. */
    MOVED,
    /** Another item holds the new key (or the copy of an earlier run is there): nothing written. */
    TAKEN,
    /** The old item changed since it was read, or is gone: nothing written. */
    CHANGED
  }

  /**
   * Puts the copy and deletes the old item in one transaction, when the server runs transactions:
   * no reader ever sees both, or neither. Returns {@code null} on a server without transactions
   * (or with them turned off), where the caller takes the two requests: {@link #putCopy}, then
   * {@link #deleteOld}.
   *
   * <p>The copy goes under "absent or exactly this" (with a version attribute, "absent": a taken
   * key is then decided by {@link #putCopy}, which compares in the client), the delete under
   * "unchanged since read". A transaction's delete cannot return what it removed, so, without a
   * version attribute, the old item is first read again (consistently) and compared whole with
   * what the scan returned: that is where an attribute added since the scan is seen
   * ({@link Moved#CHANGED}, nothing written). One added in the round trip between that read and
   * the transaction would not be: a version attribute closes that window too.
   */
  public Moved moveInOneTransaction(Plan plan) throws InterruptedException {
    Map<String, AttributeValue> oldKey = ItemKeys.of(plan.old(), pk, sk);
    if (!writes.transactions(oldKey, pk)) {
      return null;
    }
    if (version == null) {
      Map<String, AttributeValue> now = writes.get(oldKey);
      if (now == null || !Conditions.same(now, plan.old())) {
        return Moved.CHANGED;
      }
    }
    Conditions.Condition put = plan.putAgain() != null ? plan.putAgain() : Conditions.absent(pk);
    return switch (writes.putAndDelete(plan.next(), put, oldKey, plan.unchanged())) {
      case DONE -> Moved.MOVED;
      case PUT_REFUSED -> Moved.TAKEN;
      case DELETE_REFUSED -> Moved.CHANGED;
    };
  }

  /** Withdraws the copy if it is still what was put (a writer's newer item stays). */
  public boolean withdraw(Plan plan) throws InterruptedException {
    return writes.delete(ItemKeys.of(plan.next(), pk, sk), plan.stillNext());
  }

  /**
   * Rewrites an item whose key does not change, if it is unchanged; when what it replaced had
   * attributes added since the read, puts that back if the item is still what was written.
   */
  public Done rewriteInPlace(Plan plan) throws InterruptedException {
    Map<String, AttributeValue> replaced = writes.putReturningOld(plan.next(), plan.unchanged());
    if (replaced == null) {
      return Done.CHANGED;
    }
    if (version == null && !replaced.isEmpty() && !Conditions.same(replaced, plan.old())) {
      writes.put(replaced, plan.stillNext());
      return Done.RESTORED;
    }
    return Done.DONE;
  }

  /** The item stored at {@code next}'s key, read consistently, or {@code null}. */
  public Map<String, AttributeValue> atNewKey(Plan plan) {
    return writes.get(ItemKeys.of(plan.next(), pk, sk));
  }

  /**
   * Whether {@code existing} carries a version at least the old item's: numbers compared by value;
   * an old item without one is older than any; an existing item without one is not known newer.
   */
  public boolean notOlder(Map<String, AttributeValue> existing, Map<String, AttributeValue> old) {
    AttributeValue mine = existing.get(version);
    AttributeValue theirs = old.get(version);
    if (mine == null || mine.n() == null) {
      return false;
    }
    if (theirs == null) {
      return true;
    }
    return theirs.n() != null && new BigDecimal(mine.n()).compareTo(new BigDecimal(theirs.n())) >= 0;
  }
}
