import java.lang.ref.Cleaner;

/** A Cleaner runs an object's action once it is phantom reachable; clean() by hand runs it
 * once. */
public class CleanerRuns {
    static final Object lock = new Object();
    static int cleaned;

    static class Resource {
        Resource(Cleaner cleaner, int id) {
            cleaner.register(this, new Action(id));
        }
    }

    static class Action implements Runnable {
        final int id;
        Action(int id) { this.id = id; }
        public void run() {
            synchronized (lock) {
                cleaned++;
                lock.notifyAll();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Cleaner cleaner = Cleaner.create();
        for (int i = 0; i < 10; i++) new Resource(cleaner, i);
        System.gc();
        synchronized (lock) {
            long end = System.currentTimeMillis() + 5000;
            while (cleaned < 10 && System.currentTimeMillis() < end) lock.wait(100);
        }
        System.out.println("actions run: " + cleaned);
        Cleaner.Cleanable c = cleaner.register(new Object(), () -> System.out.println("explicit clean"));
        c.clean();
        c.clean();
    }
}
