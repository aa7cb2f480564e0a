// A thread blocked on a monitor for a known time: main holds the lock, starts the other
// thread, waits until it is about to enter, sleeps 300 ms holding the lock, then lets go.
public class Contended {
    static final Object LOCK = new Object();
    static int counter;
    static volatile boolean entering;

    public static void main(String[] args) throws Exception {
        Thread waiter = new Thread(() -> {
            entering = true;
            synchronized (LOCK) {
                counter++;
            }
        }, "waiter");
        synchronized (LOCK) {
            waiter.start();
            while (!entering) {
                Thread.yield();
            }
            Thread.sleep(300);
        }
        waiter.join();
        System.out.println("counter " + counter);
    }
}
