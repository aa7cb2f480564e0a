package java.util.concurrent;

/** An object to act upon after a delay; ordered by it. */
public interface Delayed extends Comparable<Delayed> {
    long getDelay(TimeUnit unit);
}
