// Threads: a shared counter under synchronized blocks, synchronized instance and static methods,
// AtomicInteger/AtomicLong read-modify-writes, join. Prints only totals (deterministic).
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

public class SharedCounter {
    static int plain;
    static int viaStatic;
    int viaInstance;
    static final Object LOCK = new Object();
    static final AtomicInteger atomicInt = new AtomicInteger();
    static final AtomicLong atomicLong = new AtomicLong(10);

    static synchronized void bumpStatic() { viaStatic++; }
    synchronized void bumpInstance() { viaInstance++; }

    public static void main(String[] args) throws InterruptedException {
        SharedCounter shared = new SharedCounter();
        Thread[] threads = new Thread[6];
        for (int i = 0; i < threads.length; i++) {
            final int id = i;
            threads[i] = new Thread(() -> {
                for (int k = 0; k < 20000; k++) {
                    synchronized (LOCK) { plain++; }
                    bumpStatic();
                    shared.bumpInstance();
                    atomicInt.incrementAndGet();
                    atomicLong.addAndGet(id);
                }
                synchronized (LOCK) {
                    synchronized (LOCK) { plain += 1000; } // reentrant
                }
            }, "counter-" + i);
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) t.join();
        System.out.println("plain " + plain);
        System.out.println("static " + viaStatic);
        System.out.println("instance " + shared.viaInstance);
        System.out.println("atomicInt " + atomicInt.get() + " cas " + atomicInt.compareAndSet(120000, 5) + " " + atomicInt.get());
        System.out.println("atomicLong " + atomicLong.get() + " getAndAdd " + atomicLong.getAndAdd(5) + " " + atomicLong.get());
        System.out.println("names " + threads[0].getName() + " " + threads[5].getName() + " alive " + threads[0].isAlive());
    }
}
