// Threads: the VM exits when only daemon threads remain; daemon flag and thread names.
public class DaemonThreads {
    static volatile long spins;
    public static void main(String[] args) throws InterruptedException {
        Thread daemon = new Thread(() -> {
            while (true) { spins++; if ((spins & 1023) == 0) Thread.yield(); }
        }, "spinner");
        daemon.setDaemon(true);
        System.out.println("daemon before start " + daemon.isDaemon() + " alive " + daemon.isAlive());
        daemon.start();
        Thread worker = new Thread(() -> {
            long s = 0;
            for (int i = 0; i < 100000; i++) s += i;
            System.out.println("worker done " + s);
        });
        worker.start();
        worker.join();
        System.out.println("main ends; daemon alive " + daemon.isAlive());
    }
}
