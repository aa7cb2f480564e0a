package java.util.concurrent;

/** The result of a task scheduled with a delay (ScheduledExecutorService). */
public interface ScheduledFuture<V> extends Delayed, Future<V> {
}
