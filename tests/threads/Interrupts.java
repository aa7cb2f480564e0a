// Threads: interrupting sleep, wait and join; the interrupted flag; join with a timeout.
public class Interrupts {
    public static void main(String[] args) throws Exception {
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(60_000);
                System.out.println("sleeper woke normally");
            } catch (InterruptedException e) {
                System.out.println("sleeper interrupted: " + e.getMessage() + ", flag now " + Thread.currentThread().isInterrupted());
            }
        });
        sleeper.start();
        Thread.sleep(20);
        sleeper.interrupt();
        sleeper.join();

        Object lock = new Object();
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                    System.out.println("waiter notified");
                } catch (InterruptedException e) {
                    System.out.println("waiter interrupted");
                }
            }
        });
        waiter.start();
        Thread.sleep(20);
        waiter.interrupt();
        waiter.join();

        Thread.currentThread().interrupt();
        System.out.println("self interrupted " + Thread.interrupted() + " then " + Thread.interrupted());
        Thread.currentThread().interrupt();
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            System.out.println("sleep with pending interrupt throws");
        }

        Thread slow = new Thread(() -> {
            try { Thread.sleep(300); } catch (InterruptedException e) { }
        });
        slow.start();
        slow.join(20);
        System.out.println("join timed out, alive " + slow.isAlive());
        slow.join();
        System.out.println("joined, alive " + slow.isAlive());
    }
}
