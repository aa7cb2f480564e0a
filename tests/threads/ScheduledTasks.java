import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Scheduled executors and timers: tasks run in due order, periodic tasks repeat until
 * cancelled or failing, shutdown keeps delayed tasks and drops periodic ones, and the JDK's
 * exceptions. Printed lines do not depend on scheduling (only on due-time order, which a
 * single worker follows whatever the delays).
 */
public class ScheduledTasks {
    public static void main(String[] args) throws Exception {
        dueOrderOnOneThread();
        callablesAndCancellation();
        fixedRateAndFixedDelay();
        periodicTaskStopsAtException();
        shutdownPolicies();
        manyTasksOnAPool();
        timers();
        timerErrors();
    }

    static void dueOrderOnOneThread() throws Exception {
        ScheduledExecutorService ses = Executors.newSingleThreadScheduledExecutor();
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        int[] delays = {150, 0, 75, 225, 25, 100, 0, 175};
        List<ScheduledFuture<?>> futures = new ArrayList<>();
        AtomicInteger early = new AtomicInteger();
        for (int i = 0; i < delays.length; i++) {
            int id = i;
            long notBefore = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delays[i]);
            futures.add(ses.schedule(() -> {
                if (System.nanoTime() < notBefore) {
                    early.incrementAndGet();
                }
                order.add(id);
                threads.add(Thread.currentThread().getName());
            }, delays[i], TimeUnit.MILLISECONDS));
        }
        for (ScheduledFuture<?> f : futures) {
            f.get();
        }
        // One worker always takes the earliest due task, and a task scheduled later is due
        // later than one already taken: the run order is the futures' order (due time, then
        // scheduling order), whatever the delays between the schedule calls.
        List<ScheduledFuture<?>> byDue = new ArrayList<>(futures);
        Collections.sort(byDue);
        List<Integer> expected = new ArrayList<>();
        for (ScheduledFuture<?> f : byDue) {
            expected.add(futures.indexOf(f));
        }
        System.out.println("ran in due order: " + order.equals(expected) + ", ran early: " + early.get() + ", threads "
            + new java.util.TreeSet<>(threads));
        ses.shutdown();
        System.out.println("terminated " + ses.awaitTermination(5, TimeUnit.SECONDS) + " " + ses.isTerminated());
    }

    static void callablesAndCancellation() throws Exception {
        ScheduledExecutorService ses = Executors.newScheduledThreadPool(2);
        ScheduledFuture<String> soon = ses.schedule(() -> "called", 20, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> late = ses.schedule(() -> "never", 1, TimeUnit.HOURS);
        System.out.println("late delay positive: " + (late.getDelay(TimeUnit.MINUTES) >= 59) + ", soon before late: "
            + (soon.compareTo(late) < 0) + ", done " + soon.isDone());
        System.out.println("soon: " + soon.get() + " done " + soon.isDone());
        System.out.println("cancel late: " + late.cancel(false) + " cancelled " + late.isCancelled() + " done " + late.isDone());
        try {
            late.get();
        } catch (CancellationException e) {
            System.out.println("get cancelled: " + e.getClass().getName());
        }
        ScheduledFuture<Integer> failing = ses.schedule(() -> {
            throw new IllegalStateException("boom");
        }, 0, TimeUnit.MILLISECONDS);
        try {
            failing.get();
        } catch (ExecutionException e) {
            System.out.println("failed: " + e.getCause());
        }
        System.out.println("submit: " + ses.submit(() -> 6 * 7).get() + " " + ses.submit(() -> { }, "done").get());
        ses.shutdown();
        System.out.println("terminated " + ses.awaitTermination(5, TimeUnit.SECONDS));
        try {
            ses.schedule(() -> { }, 1, TimeUnit.SECONDS);
        } catch (RejectedExecutionException e) {
            System.out.println("rejected after shutdown: " + e.getClass().getName());
        }
    }

    static void fixedRateAndFixedDelay() throws Exception {
        ScheduledExecutorService ses = Executors.newScheduledThreadPool(1);
        CountDownLatch fiveRate = new CountDownLatch(5);
        CountDownLatch fiveDelay = new CountDownLatch(5);
        AtomicInteger rate = new AtomicInteger();
        AtomicInteger delay = new AtomicInteger();
        long start = System.nanoTime();
        ScheduledFuture<?> r = ses.scheduleAtFixedRate(() -> {
            rate.incrementAndGet();
            fiveRate.countDown();
        }, 0, 10, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> d = ses.scheduleWithFixedDelay(() -> {
            delay.incrementAndGet();
            fiveDelay.countDown();
        }, 5, 10, TimeUnit.MILLISECONDS);
        fiveRate.await();
        fiveDelay.await();
        long elapsedMs = (System.nanoTime() - start) / 1000000;
        System.out.println("cancel periodic: " + r.cancel(false) + " " + d.cancel(false) + " periodic done " + r.isDone() + d.isDone());
        ses.submit(() -> { }).get(); // one worker: a run under way when cancelled has ended
        int rateNow = rate.get();
        int delayNow = delay.get();
        Thread.sleep(30);
        System.out.println("ran at least 5 times each: " + (rateNow >= 5 && delayNow >= 5) + ", none after cancel: "
            + (rate.get() == rateNow && delay.get() == delayNow) + ", took at least 40 ms: " + (elapsedMs >= 40));
        try {
            ses.scheduleAtFixedRate(() -> { }, 0, 0, TimeUnit.MILLISECONDS);
        } catch (IllegalArgumentException e) {
            System.out.println("zero period: " + e.getClass().getName() + " " + e.getMessage());
        }
        try {
            ses.schedule((Runnable) null, 1, TimeUnit.SECONDS);
        } catch (NullPointerException e) {
            System.out.println("null task: " + e.getClass().getName());
        }
        ses.shutdownNow();
        System.out.println("terminated " + ses.awaitTermination(5, TimeUnit.SECONDS));
    }

    static void periodicTaskStopsAtException() throws Exception {
        ScheduledExecutorService ses = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger runs = new AtomicInteger();
        ScheduledFuture<?> f = ses.scheduleAtFixedRate(() -> {
            if (runs.incrementAndGet() == 3) {
                throw new ArithmeticException("third run");
            }
        }, 0, 5, TimeUnit.MILLISECONDS);
        try {
            f.get();
        } catch (ExecutionException e) {
            System.out.println("periodic failed after " + runs.get() + " runs: " + e.getCause());
        }
        Thread.sleep(30);
        System.out.println("no more runs: " + runs.get() + ", done " + f.isDone() + ", cancelled " + f.isCancelled());
        ses.shutdown();
        ses.awaitTermination(5, TimeUnit.SECONDS);
    }

    static void shutdownPolicies() throws Exception {
        ScheduledThreadPoolExecutor ses = new ScheduledThreadPoolExecutor(1);
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        ScheduledFuture<?> delayed = ses.schedule(() -> ran.add("delayed"), 500, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> periodic = ses.scheduleAtFixedRate(() -> ran.add("periodic"), 1, 1, TimeUnit.HOURS);
        ses.shutdown();
        System.out.println("after shutdown: periodic cancelled " + periodic.isCancelled() + ", delayed pending " + !delayed.isDone()
            + ", queue " + ses.getQueue().size() + ", terminating " + ses.isTerminating());
        System.out.println("terminated " + ses.awaitTermination(5, TimeUnit.SECONDS) + ", ran " + ran);
        ScheduledThreadPoolExecutor now = new ScheduledThreadPoolExecutor(2);
        for (int i = 0; i < 5; i++) {
            now.schedule(() -> ran.add("never"), 1, TimeUnit.HOURS);
        }
        now.setRemoveOnCancelPolicy(true);
        ScheduledFuture<?> removed = now.schedule(() -> { }, 1, TimeUnit.HOURS);
        removed.cancel(false);
        System.out.println("remove on cancel: queue " + now.getQueue().size() + " pool " + now.getPoolSize());
        System.out.println("shutdownNow returns " + now.shutdownNow().size() + ", terminated " + now.awaitTermination(5, TimeUnit.SECONDS));
        ScheduledThreadPoolExecutor dropDelayed = new ScheduledThreadPoolExecutor(1);
        dropDelayed.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        ScheduledFuture<?> dropped = dropDelayed.schedule(() -> ran.add("dropped"), 1, TimeUnit.HOURS);
        dropDelayed.shutdown();
        System.out.println("delayed dropped at shutdown: " + dropped.isCancelled() + ", terminated "
            + dropDelayed.awaitTermination(5, TimeUnit.SECONDS) + ", ran " + ran);
    }

    /** 400 tasks at random delays on 4 threads: each runs once; the pool never grows past 4. */
    static void manyTasksOnAPool() throws Exception {
        ScheduledThreadPoolExecutor ses = new ScheduledThreadPoolExecutor(4);
        AtomicLong sum = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        java.util.Random rnd = new java.util.Random(1);
        List<ScheduledFuture<?>> futures = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int v = i;
            futures.add(ses.schedule(() -> {
                sum.addAndGet(v);
                count.incrementAndGet();
            }, rnd.nextInt(40), TimeUnit.MILLISECONDS));
        }
        for (ScheduledFuture<?> f : futures) {
            f.get();
        }
        System.out.println("400 tasks: count " + count.get() + ", sum " + sum.get() + ", largest pool " + ses.getLargestPoolSize());
        ses.shutdown();
        System.out.println("terminated " + ses.awaitTermination(5, TimeUnit.SECONDS) + ", completed " + ses.getCompletedTaskCount());
    }

    static void timers() throws Exception {
        Timer timer = new Timer();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        List<Long> times = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(6);
        int[] delays = {125, 25, 75, 0, 100, 50};
        for (int d : delays) {
            timer.schedule(new TimerTask() {
                public void run() {
                    times.add(scheduledExecutionTime());
                    order.add(Thread.currentThread().getName());
                    done.countDown();
                }
            }, d);
        }
        done.await();
        boolean ordered = true;
        for (int i = 1; i < times.size(); i++) {
            ordered &= times.get(i - 1) <= times.get(i);
        }
        System.out.println("timer ran in scheduled-time order: " + ordered + " on " + new java.util.TreeSet<>(order));
        CountDownLatch fiveRate = new CountDownLatch(5);
        AtomicInteger runs = new AtomicInteger();
        TimerTask periodic = new TimerTask() {
            public void run() {
                runs.incrementAndGet();
                fiveRate.countDown();
            }
        };
        timer.scheduleAtFixedRate(periodic, 0, 5);
        fiveRate.await();
        System.out.println("cancel periodic task: " + periodic.cancel() + " again " + periodic.cancel());
        CountDownLatch idle = new CountDownLatch(1);
        timer.schedule(new TimerTask() { // one timer thread: a run under way when cancelled has ended
            public void run() {
                idle.countDown();
            }
        }, 0);
        idle.await();
        int after = runs.get();
        Thread.sleep(30);
        System.out.println("no runs after cancel: " + (runs.get() == after));
        TimerTask fixedDelay = new TimerTask() {
            int n;

            public void run() {
                if (++n == 3) {
                    cancel();
                    synchronized (order) {
                        order.add("fixed delay done");
                        order.notifyAll();
                    }
                }
            }
        };
        timer.schedule(fixedDelay, 0, 5);
        synchronized (order) {
            while (!order.contains("fixed delay done")) {
                order.wait();
            }
        }
        timer.cancel();
        Timer other = new Timer(true);
        for (int i = 0; i < 5; i++) {
            TimerTask pending = new TimerTask() {
                public void run() {
                }
            };
            other.schedule(pending, 100000 + i);
            if (i % 2 == 1) { // never the earliest, which the timer thread itself drops when cancelled
                pending.cancel();
            }
        }
        System.out.println("purged " + other.purge() + " then " + other.purge());
        other.cancel();
        try {
            timer.schedule(new TimerTask() {
                public void run() {
                }
            }, 1);
        } catch (IllegalStateException e) {
            System.out.println("after cancel: " + e.getMessage());
        }
        Timer daemon = new Timer("my-timer", true);
        CountDownLatch named = new CountDownLatch(1);
        daemon.schedule(new TimerTask() {
            public void run() {
                System.out.println("named timer thread: " + Thread.currentThread().getName() + " daemon " + Thread.currentThread().isDaemon());
                named.countDown();
            }
        }, 0);
        named.await();
        daemon.cancel();
    }

    static void timerErrors() {
        Timer timer = new Timer(true);
        TimerTask task = new TimerTask() {
            public void run() {
            }
        };
        try {
            timer.schedule(task, -1);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            timer.schedule(task, 1, 0);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            timer.scheduleAtFixedRate(task, 1, -5);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        timer.schedule(new TimerTask() { // the earliest, so the timer thread never drops `task` itself
            public void run() {
            }
        }, 50000);
        timer.schedule(task, 100000);
        try {
            timer.schedule(task, 1);
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        try {
            timer.schedule(task, Long.MAX_VALUE);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        System.out.println("cancel scheduled: " + task.cancel() + ", purged " + timer.purge());
        timer.cancel();
    }
}
