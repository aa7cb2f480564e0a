package java.lang.ref;

/**
 * Runs cleaning actions when objects become phantom reachable, on a daemon thread per Cleaner
 * (as the JDK's). Registered cleanables are kept in a list until cleaned, so that they stay
 * reachable while the objects they watch are alive.
 */
public final class Cleaner {
    public interface Cleanable {
        void clean();
    }

    private static int cleanerNumber;

    private final ReferenceQueue<Object> queue = new ReferenceQueue<Object>();
    /* Sentinel of the doubly linked list of registered cleanables. */
    private final PhantomCleanable list = new PhantomCleanable();

    private Cleaner() {
    }

    public static Cleaner create() {
        Cleaner cleaner = new Cleaner();
        cleaner.start();
        return cleaner;
    }

    private static synchronized int nextNumber() {
        return cleanerNumber++;
    }

    private void start() {
        Thread t = new CleanerThread(this, "Cleaner-" + nextNumber());
        t.setDaemon(true);
        t.start();
    }

    private static final class CleanerThread extends Thread {
        private final Cleaner cleaner;

        CleanerThread(Cleaner cleaner, String name) {
            super(name);
            this.cleaner = cleaner;
        }

        public void run() {
            while (true) {
                try {
                    Cleanable ref = (Cleanable) cleaner.queue.remove();
                    ref.clean();
                } catch (InterruptedException e) {
                    // keep going, as the JDK's cleaner thread does
                } catch (Throwable e) {
                    // a failing action does not stop the cleaner
                }
            }
        }
    }

    public Cleanable register(Object obj, Runnable action) {
        if (obj == null) {
            throw new NullPointerException("obj");
        }
        if (action == null) {
            throw new NullPointerException("action");
        }
        return new PhantomCleanable(obj, this, action);
    }

    private static final class PhantomCleanable extends PhantomReference<Object> implements Cleanable {
        private final Cleaner cleaner;
        private final Runnable action;
        private PhantomCleanable prev = this;
        private PhantomCleanable next = this;

        /* The list sentinel. */
        PhantomCleanable() {
            super(null, null);
            this.cleaner = null;
            this.action = null;
        }

        PhantomCleanable(Object referent, Cleaner cleaner, Runnable action) {
            super(referent, cleaner.queue);
            this.cleaner = cleaner;
            this.action = action;
            insert();
        }

        private void insert() {
            PhantomCleanable sentinel = cleaner.list;
            synchronized (sentinel) {
                prev = sentinel;
                next = sentinel.next;
                next.prev = this;
                sentinel.next = this;
            }
        }

        /* True if this was still registered (and is now removed). */
        private boolean remove() {
            PhantomCleanable sentinel = cleaner.list;
            synchronized (sentinel) {
                if (next != this) {
                    next.prev = prev;
                    prev.next = next;
                    prev = this;
                    next = this;
                    return true;
                }
                return false;
            }
        }

        public void clean() {
            if (remove()) {
                super.clear();
                action.run();
            }
        }

        public void clear() {
            if (remove()) {
                super.clear();
            }
        }
    }
}
