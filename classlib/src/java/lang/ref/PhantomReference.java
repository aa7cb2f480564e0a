package java.lang.ref;

/** Never yields its referent; cleared and enqueued once the referent is unreachable. */
public class PhantomReference<T> extends Reference<T> {
    public T get() {
        return null;
    }

    public PhantomReference(T referent, ReferenceQueue<? super T> q) {
        super(referent, q);
    }
}
