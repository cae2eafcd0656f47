package io.dynakeys.paths;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * One tree in a table, as the oracle drives it: the items of one account (and volume), and the
 * generated path queries on it. The expected key texts are written out here by hand, from the
 * layouts the records document, not taken from the generated encoders.
 *
 * @param <R> the record type
 */
abstract class TreeScope<R> {

  /** A name for messages: {@code Node a9}. */
  abstract String name();

  abstract R item(TreePath path, long size);

  abstract TreePath path(R item);

  abstract long size(R item);

  abstract QueryStage subtree(TreePath folder);

  abstract QueryStage children(TreePath folder);

  abstract QueryStage atDepth(int depth, TreePath within);

  abstract List<Key> ancestors(TreePath path);

  /** The partition key every item of the scope has, written out by hand. */
  abstract String partitionKey();

  /** The sort key of {@code path}, written out by hand. */
  abstract String sortKey(TreePath path);

  @Override
  public String toString() {
    return name();
  }

  /** The entries of one account in the {@link Node} table: {@code TREE#<account>}. */
  static final class Nodes extends TreeScope<Node> {
    private final String account;

    Nodes(String account) {
      this.account = account;
    }

    @Override
    String name() {
      return "Node " + account;
    }

    @Override
    Node item(TreePath path, long size) {
      return new Node(account, path, size);
    }

    @Override
    TreePath path(Node item) {
      return item.path();
    }

    @Override
    long size(Node item) {
      return item.size();
    }

    @Override
    QueryStage subtree(TreePath folder) {
      return NodeKeys.query(account).pathSubtree(folder);
    }

    @Override
    QueryStage children(TreePath folder) {
      return NodeKeys.query(account).pathChildren(folder);
    }

    @Override
    QueryStage atDepth(int depth, TreePath within) {
      return NodeKeys.query(account).pathAtDepth(depth, within);
    }

    @Override
    List<Key> ancestors(TreePath path) {
      return NodeKeys.query(account).pathAncestors(path);
    }

    @Override
    String partitionKey() {
      return "TREE#" + account;
    }

    @Override
    String sortKey(TreePath path) {
      return TreeModel.text(path);
    }
  }

  /** The entries of one volume of one account: {@code VOL#<account>}, {@code FS#<volume>#<path>}. */
  static final class Volume extends TreeScope<VolumeEntry> {
    private final String account;
    private final String volume;

    Volume(String account, String volume) {
      this.account = account;
      this.volume = volume;
    }

    @Override
    String name() {
      return "VolumeEntry " + account + " " + volume;
    }

    @Override
    VolumeEntry item(TreePath path, long size) {
      return new VolumeEntry(account, volume, path, size);
    }

    @Override
    TreePath path(VolumeEntry item) {
      return item.path();
    }

    @Override
    long size(VolumeEntry item) {
      return item.size();
    }

    @Override
    QueryStage subtree(TreePath folder) {
      return VolumeEntryKeys.query(account).volume(volume).pathSubtree(folder);
    }

    @Override
    QueryStage children(TreePath folder) {
      return VolumeEntryKeys.query(account).volume(volume).pathChildren(folder);
    }

    @Override
    QueryStage atDepth(int depth, TreePath within) {
      return VolumeEntryKeys.query(account).volume(volume).pathAtDepth(depth, within);
    }

    @Override
    List<Key> ancestors(TreePath path) {
      return VolumeEntryKeys.query(account).volume(volume).pathAncestors(path);
    }

    @Override
    String partitionKey() {
      return "VOL#" + account;
    }

    @Override
    String sortKey(TreePath path) {
      return "FS#" + volume + "#" + TreeModel.text(path);
    }
  }
}
