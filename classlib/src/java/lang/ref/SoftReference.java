package java.lang.ref;

/**
 * Cleared at the collector's discretion under memory pressure: HotSpot's LRU policy (cleared
 * when not read for free-heap-MB x 1000 ms, and all before an OutOfMemoryError).
 */
public class SoftReference<T> extends Reference<T> {
    /* Stamped with the soft clock by the constructor and every get(); the collector reads it. */
    private long timestamp;

    /** The soft clock: the time of the last collection (VM native). */
    private static native long clock();

    public SoftReference(T referent) {
        super(referent);
        this.timestamp = clock();
    }

    public SoftReference(T referent, ReferenceQueue<? super T> q) {
        super(referent, q);
        this.timestamp = clock();
    }

    public T get() {
        T o = super.get();
        if (o != null) {
            long c = clock();
            if (this.timestamp != c) {
                this.timestamp = c;
            }
        }
        return o;
    }
}
