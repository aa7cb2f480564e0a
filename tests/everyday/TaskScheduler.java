import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;

/** Timed work as a service writes it: one-shot tasks on a single-threaded scheduler run in
 * deadline order, a fixed-rate task is cancelled after a few runs, futures carry results and
 * failures, a Timer runs its own tasks, and everything shuts down cleanly. */
public class TaskScheduler {
    public static void main(String[] args) throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch done = new CountDownLatch(4);
        int[] delays = {320, 80, 240, 160}; // far enough apart that scheduling time cannot reorder them
        for (int delay : delays) {
            scheduler.schedule(() -> { order.add("task@" + delay); done.countDown(); }, delay, TimeUnit.MILLISECONDS);
        }
        done.await();
        System.out.println("one-shot order: " + order);

        ScheduledFuture<Integer> answer = scheduler.schedule(() -> 6 * 7, 5, TimeUnit.MILLISECONDS);
        System.out.println("callable result: " + answer.get() + ", done " + answer.isDone());
        ScheduledFuture<?> failing = scheduler.schedule(() -> { throw new IllegalStateException("sensor offline"); }, 1, TimeUnit.MILLISECONDS);
        try {
            failing.get();
        } catch (ExecutionException e) {
            System.out.println("failed task: " + e.getCause());
        }

        AtomicInteger ticks = new AtomicInteger();
        CountDownLatch fiveTicks = new CountDownLatch(5);
        ScheduledFuture<?> ticker = scheduler.scheduleAtFixedRate(() -> {
            ticks.incrementAndGet();
            fiveTicks.countDown();
        }, 0, 5, TimeUnit.MILLISECONDS);
        fiveTicks.await();
        ticker.cancel(false);
        System.out.println("ticker cancelled: " + ticker.isCancelled() + ", ticked at least 5: " + (ticks.get() >= 5));

        ScheduledFuture<?> never = scheduler.schedule(() -> System.out.println("never printed"), 1, TimeUnit.HOURS);
        System.out.println("cancel pending: " + never.cancel(false) + ", delay left positive: " + (never.getDelay(TimeUnit.SECONDS) >= 0));

        Timer timer = new Timer("timer", true);
        CountDownLatch timed = new CountDownLatch(3);
        List<String> timerOrder = Collections.synchronizedList(new ArrayList<>());
        for (String name : new String[] {"c", "a", "b"}) {
            long delay = name.equals("a") ? 80 : name.equals("b") ? 160 : 240;
            timer.schedule(new TimerTask() {
                @Override public void run() { timerOrder.add(name); timed.countDown(); }
            }, delay);
        }
        timed.await();
        timer.cancel();
        System.out.println("timer order: " + timerOrder);

        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Callable<Long>> jobs = new ArrayList<>();
        for (int n = 20; n <= 25; n++) {
            final int k = n;
            jobs.add(() -> fib(k));
        }
        long sum = 0;
        for (Future<Long> f : pool.invokeAll(jobs)) sum += f.get();
        System.out.println("fib(20..25) sum " + sum);
        CompletableFuture<String> chain = CompletableFuture.supplyAsync(() -> "gc", pool)
            .thenApply(s -> s + "vm").thenCombine(CompletableFuture.completedFuture(17), (s, v) -> s + " on Java " + v);
        System.out.println(chain.get());
        pool.shutdown();
        scheduler.shutdown();
        System.out.println("terminated: " + (pool.awaitTermination(5, TimeUnit.SECONDS) && scheduler.awaitTermination(5, TimeUnit.SECONDS)));
    }

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
}
