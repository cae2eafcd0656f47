package io.dynakeys.tools.core;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.format.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The progress of a scan (or a subtree move), per parallel-scan segment, in a JSON file that a
 * killed run resumes from. For each segment it holds whether the segment is done, the
 * {@code LastEvaluatedKey} after the last page that was completely processed, and the segment's
 * own results up to that page (a verify's counts and samples, a migration's counters), so the
 * key and the results always describe the same point and a resumed run counts nothing twice.
 *
 * <pre>{@code
 * {
 *   "dynakeys": "checkpoint", "format": 1,
 *   "command": "migrate", "table": "runs",
 *   "job": "from=com.acme.RunV1Keys to=com.acme.RunKeys migration=com.acme.RunV1ToRun",
 *   "totalSegments": 8,
 *   "segments": {
 *     "0": {"done": true, "pages": 21, "lastEvaluatedKey": null, "state": {...}},
 *     "3": {"done": false, "pages": 7,
 *           "lastEvaluatedKey": {"pk": {"S": "SEASON#2026"}, "sk": {"S": "..."}}, "state": {...}}
 *   }
 * }
 * }</pre>
 *
 * <p>The file is replaced atomically (written beside it, forced to the disk, then moved over it,
 * and the directory forced), so a kill or a power loss at any moment leaves the previous or the
 * next version, never half of one; a file that is empty or no checkpoint all the same is refused
 * with a {@link ConfigurationException}, not resumed from. Saves are throttled (at most
 * one a second, plus one when a segment ends and one at the end): a kill loses at most a second of
 * progress, which the resumed run redoes; every operation the tools redo is idempotent. A
 * checkpoint of another job (other schemas, another table, another segment count) is refused
 * rather than silently mixed.
 */
public final class Checkpoint {
  private static final long SAVE_INTERVAL_NANOS = 1_000_000_000L;

  private final Path file;
  private final Map<String, Object> header = new LinkedHashMap<>();
  private final Map<Integer, SegmentState> segments = new TreeMap<>();
  private final Map<String, Position> positions = new TreeMap<>();
  private final Map<String, Object> extra = new LinkedHashMap<>();
  private long lastSave = System.nanoTime();

  /**
   * Where a stream of pages stands: a parallel-scan segment, or a move's phase in one partition.
   * The one position type of every checkpoint, saved as {@code done}, {@code pages},
   * {@code lastEvaluatedKey} and, while a page is being worked on, {@code pending}.
   *
   * @param done whether the stream was read to its end
   * @param pages the pages completely processed
   * @param next where the next page starts ({@code LastEvaluatedKey}), or {@code null} at the start
   *     (and at the end)
   * @param pending the primary keys of the page being worked on, saved before its work starts so a
   *     resumed run can settle it (a move's delete phase); empty otherwise
   */
  public record Position(boolean done, long pages, Map<String, AttributeValue> next,
      List<Map<String, AttributeValue>> pending) {
    /** Nothing read yet. */
    public static final Position START = new Position(false, 0, null, List.of());

    /** Copies the pending keys. */
    public Position {
      pending = List.copyOf(pending);
    }

    /** After {@code pages} complete pages, the next starting at {@code next} ({@code null}: done). */
    public static Position after(long pages, Map<String, AttributeValue> next) {
      return new Position(next == null, pages, next, List.of());
    }

    /** This position, with the page of {@code keys} (whose successor starts at {@code then}) being worked on. */
    public Position working(List<Map<String, AttributeValue>> keys, Map<String, AttributeValue> then) {
      return new Position(false, pages, then, keys);
    }

    Map<String, Object> toJson() {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("done", done);
      j.put("pages", pages);
      j.put("lastEvaluatedKey", next == null ? null : JsonTrees.item(next));
      if (!pending.isEmpty()) {
        List<Object> keys = new ArrayList<>();
        pending.forEach(k -> keys.add(JsonTrees.item(k)));
        j.put("pending", keys);
      }
      return j;
    }

    @SuppressWarnings("unchecked")
    static Position fromJson(Map<String, Object> j) {
      Object lek = j.get("lastEvaluatedKey");
      List<Map<String, AttributeValue>> pending = new ArrayList<>();
      for (Object key : (List<Object>) j.getOrDefault("pending", List.of())) {
        pending.add(JsonTrees.toItem(key));
      }
      return new Position(Boolean.TRUE.equals(j.get("done")), ((Number) j.getOrDefault("pages", 0L)).longValue(),
          lek == null ? null : JsonTrees.toItem(lek), pending);
    }
  }

  /**
   * A segment's saved state: its position and its results up to it.
   *
   * @param position where the segment stands
   * @param state the segment's results up to that point, as JSON, or {@code null}
   */
  public record SegmentState(Position position, Object state) {
    static final SegmentState START = new SegmentState(Position.START, null);

    /**
     * A segment after {@code pages} pages.
     *
     * @param done whether the segment was scanned to its end
     * @param pages the pages completely processed
     * @param lastEvaluatedKey where the next page starts, or {@code null} at the start
     * @param state the segment's results up to that point, as JSON, or {@code null}
     */
    public SegmentState(boolean done, long pages, Map<String, AttributeValue> lastEvaluatedKey, Object state) {
      this(new Position(done, pages, lastEvaluatedKey, List.of()), state);
    }

    /** Whether the segment was scanned to its end. */
    public boolean done() {
      return position.done();
    }

    /** The pages completely processed. */
    public long pages() {
      return position.pages();
    }

    /** Where the next page starts, or {@code null}. */
    public Map<String, AttributeValue> lastEvaluatedKey() {
      return position.next();
    }
  }

  private Checkpoint(Path file) {
    this.file = file;
  }

  /**
   * The checkpoint of a job: read from {@code file} when it exists (and belongs to the same job),
   * else empty. {@code file} {@code null} keeps the checkpoint in memory only.
   *
   * @throws ConfigurationException when the file belongs to another job, or is empty or no
   *     checkpoint (a save cut short before this class forced its writes to disk)
   */
  public static Checkpoint open(Path file, String command, String table, String job, int totalSegments) {
    try {
      return load(file, command, table, job, totalSegments);
    } catch (ClassCastException | NullPointerException | NumberFormatException | ArithmeticException e) {
      throw new ConfigurationException("the checkpoint " + file + " is not a dynakeys checkpoint (a value of another"
          + " shape than a checkpoint holds: " + e.getClass().getSimpleName() + "): give another --checkpoint file,"
          + " or delete it to start over", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Checkpoint load(Path file, String command, String table, String job, int totalSegments) {
    Checkpoint cp = new Checkpoint(file);
    cp.header.put("dynakeys", "checkpoint");
    cp.header.put("format", 1L);
    cp.header.put("command", command);
    cp.header.put("table", table);
    cp.header.put("job", job);
    cp.header.put("totalSegments", (long) totalSegments);
    if (file == null || !Files.exists(file)) {
      return cp;
    }
    Map<String, Object> json = read(file);
    for (String key : List.of("dynakeys", "command", "table", "job", "totalSegments")) {
      if (!String.valueOf(cp.header.get(key)).equals(String.valueOf(json.get(key)))) {
        throw new ConfigurationException("the checkpoint " + file + " belongs to another run (" + key + " is "
            + json.get(key) + ", this run's " + cp.header.get(key) + "): give another --checkpoint file,"
            + " or delete it to start over");
      }
    }
    Map<String, Object> saved = (Map<String, Object>) json.getOrDefault("segments", Map.of());
    saved.forEach((segment, value) -> {
      Map<String, Object> s = (Map<String, Object>) value;
      cp.segments.put(Integer.valueOf(segment), new SegmentState(Position.fromJson(s), s.get("state")));
    });
    ((Map<String, Object>) json.getOrDefault("positions", Map.of())).forEach((name, value) ->
        cp.positions.put(name, Position.fromJson((Map<String, Object>) value)));
    cp.extra.putAll((Map<String, Object>) json.getOrDefault("extra", Map.of()));
    return cp;
  }

  /** Whether a file was read: the run resumes. */
  public synchronized boolean resumed() {
    return !segments.isEmpty() || !positions.isEmpty() || !extra.isEmpty();
  }

  public synchronized SegmentState segment(int segment) {
    return segments.getOrDefault(segment, SegmentState.START);
  }

  public synchronized Map<Integer, SegmentState> segments() {
    return Map.copyOf(segments);
  }

  /** Whether every segment from {@code from} (included) to {@code to} (excluded) is done. */
  public synchronized boolean finished(int from, int to) {
    for (int s = from; s < to; s++) {
      if (!segment(s).done()) {
        return false;
      }
    }
    return true;
  }

  /** Records a completely processed page of {@code segment}; saves if a second has passed. */
  public void update(int segment, SegmentState state) {
    boolean save;
    synchronized (this) {
      segments.put(segment, state);
      save = state.done() || System.nanoTime() - lastSave >= SAVE_INTERVAL_NANOS;
    }
    if (save) {
      save();
    }
  }

  /** The position of the stream {@code name} (a move's "copy 0"), {@link Position#START} when none was saved. */
  public synchronized Position position(String name) {
    return positions.getOrDefault(name, Position.START);
  }

  /**
   * Sets the position of the stream {@code name} and, with it, values of the job's own that
   * describe the same point (the tallies up to it), and saves at once.
   */
  public void update(String name, Position position, Map<String, Object> values) {
    synchronized (this) {
      positions.put(name, position);
      extra.putAll(values);
    }
    save();
  }

  public synchronized Object extra(String key) {
    return extra.get(key);
  }

  /** Sets a value of the job's own (a move's phase), and saves at once. */
  public void putExtra(String key, Object value) {
    synchronized (this) {
      extra.put(key, value);
    }
    save();
  }

  /** Sets several values of the job's own at once (a position and the tallies up to it), and saves. */
  public void putExtras(Map<String, Object> values) {
    synchronized (this) {
      extra.putAll(values);
    }
    save();
  }

  /** Writes the file now (a no-op without a file). */
  public synchronized void save() {
    lastSave = System.nanoTime();
    if (file == null) {
      return;
    }
    Map<String, Object> json = new LinkedHashMap<>(header);
    json.put("updated", Instant.now().toString());
    Map<String, Object> segs = new LinkedHashMap<>();
    segments.forEach((segment, s) -> {
      Map<String, Object> j = s.position().toJson();
      j.put("state", s.state());
      segs.put(Integer.toString(segment), j);
    });
    json.put("segments", segs);
    if (!positions.isEmpty()) {
      Map<String, Object> named = new LinkedHashMap<>();
      positions.forEach((name, p) -> named.put(name, p.toJson()));
      json.put("positions", named);
    }
    json.put("extra", new LinkedHashMap<>(extra));
    write(file, JsonTrees.write(json));
  }

  /**
   * Replaces {@code file} with {@code text} so that it survives a crash or a power loss whole: the
   * text goes to a temporary file beside it, which is forced to the disk before it is moved over
   * {@code file} (atomically where the file system can), and the directory is forced afterwards
   * where the platform allows, so the move itself is durable.
   */
  public static void write(Path file, String text) {
    Path dir = file.toAbsolutePath().getParent();
    Path temp = temp(file);
    try {
      if (dir != null) {
        Files.createDirectories(dir);
      }
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the checkpoint " + file, e);
    }
    if (dir != null) {
      // Not every platform opens a directory (Windows does not); where it does, forcing it makes
      // the rename durable.
      try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
        d.force(true);
      } catch (IOException | UnsupportedOperationException notSupported) {
        // the file's own contents are on disk already; only the rename may be lost, leaving the
        // previous version
      }
    }
  }

  /** The temporary file a save writes before it replaces {@code file}. */
  public static Path temp(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    return (dir == null ? Path.of(".") : dir).resolve(file.getFileName() + ".tmp");
  }

  /**
   * Reads a saved checkpoint file without checking its job (for {@code report}, and for
   * {@link #open}).
   *
   * @throws ConfigurationException when the file does not exist, is empty, or is no checkpoint
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ConfigurationException("there is no checkpoint " + file, e);
    } catch (MalformedInputException e) {
      throw new ConfigurationException("the checkpoint " + file + " is not a dynakeys checkpoint (not UTF-8 text):"
          + " give another --checkpoint file", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the checkpoint " + file, e);
    }
    if (text.isBlank()) {
      throw new ConfigurationException("the checkpoint " + file + " is empty: a save was cut short by a crash or a"
          + " power loss" + leftover(file) + ". Its progress is lost: delete it and run the command again from the"
          + " start (every step of the tools can be redone)");
    }
    Object json;
    try {
      json = JsonTrees.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("the checkpoint " + file + " is not a dynakeys checkpoint (" + e.getMessage()
          + "): give another --checkpoint file, or, if a save of it was cut short" + leftover(file)
          + ", delete it and run the command again from the start", e);
    }
    if (!(json instanceof Map<?, ?> map) || !"checkpoint".equals(map.get("dynakeys"))) {
      throw new ConfigurationException("the checkpoint " + file + " is not a dynakeys checkpoint: give another"
          + " --checkpoint file");
    }
    return (Map<String, Object>) map;
  }

  /** " (F.tmp is a save that did not complete)" when that file is there. */
  private static String leftover(Path file) {
    Path temp = temp(file);
    return Files.exists(temp) ? " (" + temp + " is a save that did not complete)" : "";
  }

}
