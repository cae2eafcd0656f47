package io.dynakeys.paths;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/**
 * An entry of a file tree, laid out as in the article on composite sort keys: one partition per
 * account, the path as the whole sort key.
 *
 * <pre>
 * pk = TREE#a91
 * sk = root/photos/2026/           (a folder: trailing '/')
 * sk = root/photos/2026/beach.jpg  (a file)
 * </pre>
 *
 * @param account the account that owns the tree
 * @param path the entry's path
 * @param size a value that is not part of any key, to check that whole items come back
 */
@KeySchema(partitionPrefix = "TREE")
public record Node(@PartitionKey String account, @SortKey @PathSegment TreePath path, long size) {}
