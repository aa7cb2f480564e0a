import java.util.function.Supplier;

/**
 * Thread.getStackTrace and Throwable.getStackTrace: real frames (class, method, file, line) for
 * the current thread, for another thread stopped in Object.wait, and none for a thread that is
 * not alive. Class-library frames are printed without line numbers (gcvm's class library has
 * its own sources).
 */
public class StackTraces {
    static final Object lock = new Object();
    static boolean waiterReady;
    static boolean released;
    static volatile boolean spinning = true;
    static volatile boolean spinnerStarted;

    static String describe(StackTraceElement e) {
        boolean library = e.getClassName().startsWith("java.");
        String where = library ? e.getFileName() : e.getFileName() + ":" + e.getLineNumber();
        return e.getClassName() + "." + e.getMethodName() + "(" + where + ")"
                + (e.isNativeMethod() ? " native" : "")
                + " module=" + e.getModuleName() + " loader=" + e.getClassLoaderName()
                + (library ? "" : " toString=" + e);
    }

    static void print(String label, StackTraceElement[] trace) {
        System.out.println(label + ": " + trace.length + " frames");
        for (StackTraceElement e : trace) {
            System.out.println("  " + describe(e));
        }
    }

    static void recurse(int depth) {
        if (depth > 0) {
            recurse(depth - 1);
            return;
        }
        print("current thread at depth 3", Thread.currentThread().getStackTrace());
    }

    static StackTraceElement[] fromThrowable() {
        return new Throwable().getStackTrace();
    }

    static class Waiter implements Runnable {
        public void run() {
            synchronized (lock) {
                waiterReady = true;
                lock.notifyAll();
                while (!released) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    static class Spinner implements Runnable {
        long count;

        public void run() {
            spinnerStarted = true;
            while (spinning) {
                count++;
            }
        }
    }

    static class Inner {
        StackTraceElement[] fromConstructor;

        Inner() {
            fromConstructor = Thread.currentThread().getStackTrace();
        }
    }

    public static void main(String[] args) throws Exception {
        recurse(3);
        print("new Throwable", fromThrowable());
        print("constructor", new Inner().fromConstructor);
        Supplier<StackTraceElement[]> lambda = () -> Thread.currentThread().getStackTrace();
        print("inside a lambda", lambda.get());
        Thread worker = new Thread(new Runnable() {
            public void run() {
                print("worker's own", Thread.currentThread().getStackTrace());
            }
        }, "worker");
        worker.start();
        worker.join();
        print("finished thread", worker.getStackTrace());
        print("unstarted thread", new Thread(new Waiter()).getStackTrace());

        Thread waiter = new Thread(new Waiter(), "waiter");
        waiter.start();
        synchronized (lock) {
            while (!waiterReady) {
                lock.wait();
            }
        }
        print("thread in Object.wait", waiter.getStackTrace());
        synchronized (lock) {
            released = true;
            lock.notifyAll();
        }
        waiter.join();

        Spinner spinner = new Spinner();
        Thread spin = new Thread(spinner, "spinner");
        spin.start();
        while (!spinnerStarted) {
            Thread.yield();
        }
        StackTraceElement[] busy = spin.getStackTrace();
        boolean found = false;
        for (StackTraceElement e : busy) {
            if (e.getClassName().equals("StackTraces$Spinner") && e.getMethodName().equals("run")) {
                found = true;
            }
        }
        System.out.println("running thread's trace has Spinner.run: " + found);
        spinning = false;
        spin.join();
        StackTraceElement e = new StackTraceElement("app", "mod", "1.0", "p.C", "m", "C.java", 7);
        System.out.println(e + " " + e.equals(new StackTraceElement("p.C", "m", "C.java", 7)));
        System.out.println(new StackTraceElement("p.C", "m", null, -1));
        System.out.println(new StackTraceElement("p.C", "m", "C.java", -2));
    }
}
