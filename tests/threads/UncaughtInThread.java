// Threads: an uncaught exception ends only its thread (printed on stderr as Java does); a
// handler set on a thread sees it; the VM keeps running and exits 0.
public class UncaughtInThread {
    public static void main(String[] args) throws InterruptedException {
        Thread bad = new Thread(() -> { throw new IllegalStateException("worker failed"); }, "bad-worker");
        bad.start();
        bad.join();
        System.out.println("main continues after " + bad.getName() + " died, alive " + bad.isAlive());
        Thread handled = new Thread(() -> { throw new ArithmeticException("handled here"); });
        handled.setUncaughtExceptionHandler((t, e) -> System.out.println("handler got " + e.getMessage() + " from " + (t == handled)));
        handled.start();
        handled.join();
        System.out.println("done");
    }
}
