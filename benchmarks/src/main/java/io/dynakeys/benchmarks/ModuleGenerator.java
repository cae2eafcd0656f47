package io.dynakeys.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes the sources of a module of {@code n} {@code @KeySchema} records, each in its own file,
 * for the processor benchmark. The records follow eight realistic shapes from the articles and the
 * usual single-table designs (leaderboard runs, orders, sharded invoices, device events, reviews,
 * ledger entries with negative amounts, sessions, chat messages), cycled so that every module has
 * the same mix: strings, padded and inverted ints and longs, tiebreakers, padded and ISO instants,
 * ISO and padded dates, UUIDs, nested enums, composite partition keys, and plain attributes. Four
 * consecutive records share a partition prefix with distinct sort prefixes, as entity types of one
 * item collection do, so the processor's cross-record checks have work to do. Packages hold 25
 * records each. The output depends only on {@code n} and {@code seed}.
 */
public final class ModuleGenerator {
  private ModuleGenerator() {}

  /** The number of record shapes; a module of {@code n >= SHAPES} records uses all of them. */
  public static final int SHAPES = 8;

  private static final String[] GROUP_TAGS = {"TENANT", "ACCOUNT", "STORE", "REGION", "SITE"};

  /** Writes the module under {@code root} (a source root) and returns the files written. */
  public static List<Path> write(Path root, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Path> files = new ArrayList<>(n);
    try {
      for (int i = 0; i < n; i++) {
        String pkg = "com.example.module.p" + (i / 25);
        Path dir = root.resolve(pkg.replace('.', '/'));
        Files.createDirectories(dir);
        Source source = record(i, pkg, random);
        Path file = dir.resolve(source.name() + ".java");
        Files.writeString(file, source.text());
        files.add(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** One generated compilation unit. */
  public record Source(String name, String text) {}

  static Source record(int i, String pkg, SplittableRandom random) {
    int group = i / 4;
    String partitionPrefix = GROUP_TAGS[group % GROUP_TAGS.length] + group;
    int shape = i % SHAPES;
    String name;
    String body;
    List<String> imports = new ArrayList<>(List.of(
        "io.dynakeys.annotations.KeySchema", "io.dynakeys.annotations.PartitionKey",
        "io.dynakeys.annotations.SortKey"));
    String extra = extraAttributes(random);
    switch (shape) {
      case 0 -> {
        name = "Run" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Inverted",
            "io.dynakeys.annotations.Tiebreaker"));
        body = schema(partitionPrefix, "RUN") + "public record " + name + "(\n"
            + "    @PartitionKey String season,\n"
            + "    @SortKey @Padded(10) @Inverted int score,\n"
            + "    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,\n"
            + "    @SortKey @Tiebreaker String playerId,\n"
            + "    String displayName" + extra + ") {}\n";
      }
      case 1 -> {
        name = "Order" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Tiebreaker",
            "java.time.Instant", "java.util.Objects"));
        body = schema(partitionPrefix, "ORDER") + "public record " + name + "(\n"
            + "    @PartitionKey String customerId,\n"
            + "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant placedAt,\n"
            + "    @SortKey @Tiebreaker String orderId,\n"
            + "    Status status,\n"
            + "    long totalCents,\n"
            + "    String currency" + extra + ") {\n\n"
            + "  /** Where the order is. */\n"
            + "  public enum Status { PENDING, PAID, SHIPPED, DELIVERED, CANCELLED }\n\n"
            + "  public " + name + " {\n"
            + "    Objects.requireNonNull(status, \"status\");\n"
            + "    if (totalCents < 0) {\n"
            + "      throw new IllegalArgumentException(\"negative total\");\n"
            + "    }\n"
            + "  }\n}\n";
      }
      case 2 -> {
        name = "InvoiceLine" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Tiebreaker",
            "java.time.LocalDate"));
        body = schema(partitionPrefix, "INVOICE") + "public record " + name + "(\n"
            + "    @PartitionKey String invoiceNumber,\n"
            + "    @PartitionKey @Padded(value = 2, max = " + (4 + random.nextInt(12)) + ") int shard,\n"
            + "    @SortKey LocalDate issuedOn,\n"
            + "    @SortKey @Tiebreaker @Padded(value = 6, max = 999_999) int line,\n"
            + "    String sku,\n"
            + "    int quantity,\n"
            + "    long amountCents" + extra + ") {}\n";
      }
      case 3 -> {
        name = "DeviceEvent" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Tiebreaker",
            "java.time.Instant"));
        body = schema(partitionPrefix, "EVENT") + "public record " + name + "(\n"
            + "    @PartitionKey String deviceId,\n"
            + "    @PartitionKey Region region,\n"
            + "    @SortKey Instant occurredAt,\n"
            + "    @SortKey @Tiebreaker @Padded(value = 9, max = 999_999_999L) long sequence,\n"
            + "    String payload,\n"
            + "    double reading" + extra + ") {\n\n"
            + "  /** The region the device reports to. */\n"
            + "  public enum Region { EU_WEST, EU_CENTRAL, US_EAST, US_WEST, AP_SOUTH }\n\n"
            + "  /** Whether the reading is above {@code threshold}. */\n"
            + "  public boolean exceeds(double threshold) {\n"
            + "    return reading > threshold;\n"
            + "  }\n}\n";
      }
      case 4 -> {
        name = "Review" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Inverted",
            "io.dynakeys.annotations.Tiebreaker", "java.time.Instant", "java.util.UUID"));
        body = schema(partitionPrefix, "REVIEW") + "public record " + name + "(\n"
            + "    @PartitionKey String productId,\n"
            + "    @SortKey @Padded(value = 1, max = 5) @Inverted int stars,\n"
            + "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant postedAt,\n"
            + "    @SortKey @Tiebreaker UUID reviewId,\n"
            + "    String title,\n"
            + "    String text" + extra + ") {}\n";
      }
      case 5 -> {
        name = "LedgerEntry" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Tiebreaker",
            "java.time.LocalDate"));
        body = schema(partitionPrefix, "LEDGER") + "public record " + name + "(\n"
            + "    @PartitionKey String accountId,\n"
            + "    @SortKey @Padded(value = 6, max = 999_999) LocalDate day,\n"
            + "    @SortKey @Padded(value = 12, min = -99_999_999_999L, max = 99_999_999_999L) long amountCents,\n"
            + "    @SortKey @Tiebreaker String transactionId,\n"
            + "    String memo" + extra + ") {}\n";
      }
      case 6 -> {
        name = "Session" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "java.time.Instant"));
        body = schema(partitionPrefix, "SESSION") + "public record " + name + "(\n"
            + "    @PartitionKey Tenant tenant,\n"
            + "    @SortKey String userId,\n"
            + "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant startedAt,\n"
            + "    String ipAddress,\n"
            + "    int ttlSeconds" + extra + ") {\n\n"
            + "  /** The tenants of the service. */\n"
            + "  public enum Tenant { ACME, GLOBEX, INITECH, UMBRELLA, HOOLI, STARK }\n}\n";
      }
      default -> {
        name = "Message" + i;
        imports.addAll(List.of("io.dynakeys.annotations.Padded", "io.dynakeys.annotations.Tiebreaker"));
        body = schema(partitionPrefix, "MSG") + "public record " + name + "(\n"
            + "    @PartitionKey String channelId,\n"
            + "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) long sentAtMillis,\n"
            + "    @SortKey @Tiebreaker String messageId,\n"
            + "    String author,\n"
            + "    String text,\n"
            + "    boolean edited" + extra + ") {}\n";
      }
    }
    StringBuilder out = new StringBuilder("package ").append(pkg).append(";\n\n");
    imports.stream().sorted().forEach(imp -> out.append("import ").append(imp).append(";\n"));
    out.append("\n/** A generated record of the processor benchmark (shape ").append(shape).append("). */\n");
    out.append(body);
    return new Source(name, out.toString());
  }

  private static String schema(String partitionPrefix, String sortPrefix) {
    return "@KeySchema(partitionPrefix = \"" + partitionPrefix + "\", sortPrefix = \"" + sortPrefix + "\")\n";
  }

  /** Zero to three more plain attributes, as real items carry. */
  private static String extraAttributes(SplittableRandom random) {
    String[] pool = {"String createdBy", "long version", "int revision", "String note",
        "boolean archived", "String etag"};
    int count = random.nextInt(4);
    StringBuilder out = new StringBuilder();
    int start = random.nextInt(pool.length);
    for (int k = 0; k < count; k++) {
      out.append(",\n    ").append(pool[(start + k) % pool.length]);
    }
    return out.toString();
  }
}
