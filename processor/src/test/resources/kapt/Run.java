package io.dynakeys.examples.kotlin.leaderboard;

@kotlin.Metadata(mv = {2, 2, 0}, k = 1, xi = 48, d1 = {"\u0000&\n\u0002\u0018\u0002\n\u0002\u0010\u0000\n\u0000\n\u0002\u0010\u000e\n\u0000\n\u0002\u0010\b\n\u0000\n\u0002\u0010\t\n\u0002\b\u0013\n\u0002\u0010\u000b\n\u0002\b\u0004\b\u0087\b\u0018\u00002\u00020\u0001B7\u0012\b\b\u0001\u0010\u0002\u001a\u00020\u0003\u0012\b\b\u0001\u0010\u0004\u001a\u00020\u0005\u0012\b\b\u0001\u0010\u0006\u001a\u00020\u0007\u0012\b\b\u0001\u0010\b\u001a\u00020\u0003\u0012\u0006\u0010\t\u001a\u00020\u0003\u00a2\u0006\u0004\b\n\u0010\u000bJ\t\u0010\u0014\u001a\u00020\u0003H\u00c6\u0003J\t\u0010\u0015\u001a\u00020\u0005H\u00c6\u0003J\t\u0010\u0016\u001a\u00020\u0007H\u00c6\u0003J\t\u0010\u0017\u001a\u00020\u0003H\u00c6\u0003J\t\u0010\u0018\u001a\u00020\u0003H\u00c6\u0003J;\u0010\u0019\u001a\u00020\u00002\b\b\u0003\u0010\u0002\u001a\u00020\u00032\b\b\u0003\u0010\u0004\u001a\u00020\u00052\b\b\u0003\u0010\u0006\u001a\u00020\u00072\b\b\u0003\u0010\b\u001a\u00020\u00032\b\b\u0002\u0010\t\u001a\u00020\u0003H\u00c6\u0001J\u0013\u0010\u001a\u001a\u00020\u001b2\b\u0010\u001c\u001a\u0004\u0018\u00010\u0001H\u00d6\u0003J\t\u0010\u001d\u001a\u00020\u0005H\u00d6\u0001J\t\u0010\u001e\u001a\u00020\u0003H\u00d6\u0001R\u0011\u0010\u0002\u001a\u00020\u0003\u00a2\u0006\b\n\u0000\u001a\u0004\b\f\u0010\rR\u0011\u0010\u0004\u001a\u00020\u0005\u00a2\u0006\b\n\u0000\u001a\u0004\b\u000e\u0010\u000fR\u0011\u0010\u0006\u001a\u00020\u0007\u00a2\u0006\b\n\u0000\u001a\u0004\b\u0010\u0010\u0011R\u0011\u0010\b\u001a\u00020\u0003\u00a2\u0006\b\n\u0000\u001a\u0004\b\u0012\u0010\rR\u0011\u0010\t\u001a\u00020\u0003\u00a2\u0006\b\n\u0000\u001a\u0004\b\u0013\u0010\r\u00a8\u0006\u001f"}, d2 = {"Lio/dynakeys/examples/kotlin/leaderboard/Run;", "", "season", "", "score", "", "at", "", "playerId", "name", "<init>", "(Ljava/lang/String;IJLjava/lang/String;Ljava/lang/String;)V", "getSeason", "()Ljava/lang/String;", "getScore", "()I", "getAt", "()J", "getPlayerId", "getName", "component1", "component2", "component3", "component4", "component5", "copy", "equals", "", "other", "hashCode", "toString", "dynakeys-kotlin-examples"})
@io.dynakeys.annotations.KeySchema(partitionPrefix = "SEASON")
@io.dynakeys.annotations.SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = {"playerId"}, sortKey = {"season", "score", "at"})
public final class Run {
    @org.jetbrains.annotations.NotNull()
    private final java.lang.String season = null;
    private final int score = 0;
    private final long at = 0L;
    @org.jetbrains.annotations.NotNull()
    private final java.lang.String playerId = null;
    @org.jetbrains.annotations.NotNull()
    private final java.lang.String name = null;
    
    public Run(@io.dynakeys.annotations.PartitionKey()
    @org.jetbrains.annotations.NotNull()
    java.lang.String season, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Padded(value = 10)
    @io.dynakeys.annotations.Inverted()
    int score, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Padded(value = 16, max = 9999999999999999L)
    long at, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Tiebreaker()
    @org.jetbrains.annotations.NotNull()
    java.lang.String playerId, @org.jetbrains.annotations.NotNull()
    java.lang.String name) {
        super();
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String getSeason() {
        return null;
    }
    
    public final int getScore() {
        return 0;
    }
    
    public final long getAt() {
        return 0L;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String getPlayerId() {
        return null;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String getName() {
        return null;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String component1() {
        return null;
    }
    
    public final int component2() {
        return 0;
    }
    
    public final long component3() {
        return 0L;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String component4() {
        return null;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final java.lang.String component5() {
        return null;
    }
    
    @org.jetbrains.annotations.NotNull()
    public final io.dynakeys.examples.kotlin.leaderboard.Run copy(@io.dynakeys.annotations.PartitionKey()
    @org.jetbrains.annotations.NotNull()
    java.lang.String season, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Padded(value = 10)
    @io.dynakeys.annotations.Inverted()
    int score, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Padded(value = 16, max = 9999999999999999L)
    long at, @io.dynakeys.annotations.SortKey()
    @io.dynakeys.annotations.Tiebreaker()
    @org.jetbrains.annotations.NotNull()
    java.lang.String playerId, @org.jetbrains.annotations.NotNull()
    java.lang.String name) {
        return null;
    }
    
    @java.lang.Override()
    public boolean equals(@org.jetbrains.annotations.Nullable()
    java.lang.Object other) {
        return false;
    }
    
    @java.lang.Override()
    public int hashCode() {
        return 0;
    }
    
    @java.lang.Override()
    @org.jetbrains.annotations.NotNull()
    public java.lang.String toString() {
        return null;
    }
}