package io.dynakeys.operations.verify;

import java.util.List;

/**
 * What {@link ItemChecker} found about one stored item.
 *
 * @param entity the record the item was matched to ({@code Run}), or {@code null} when no schema's
 *     key prefixes match it
 * @param partitionKey the stored partition key, as text (or {@code null} when absent)
 * @param sortKey the stored sort key, as text (or {@code null})
 * @param findings what is wrong with it, and which sparse native indexes leave it out
 *     ({@link Finding.Kind#NOT_INDEXED}, no defect); none when it is an item its layout writes
 */
public record ItemCheck(String entity, String partitionKey, String sortKey, List<Finding> findings) {

  /** Copies the findings. */
  public ItemCheck {
    findings = List.copyOf(findings);
  }

  /** Whether nothing is wrong with the item: no finding, or only notes ({@link Finding.Kind#defect()}). */
  public boolean ok() {
    return findings.stream().noneMatch(f -> f.kind().defect());
  }
}
