import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;

/** java.util.concurrent core: pools, futures, CompletableFuture, locks, latches, queues,
 * ConcurrentHashMap iteration order. Output is independent of scheduling. */
public class ConcurrentUtilities {
    public static void main(String[] args) throws Exception {
        // ConcurrentHashMap: order as the JDK, including resizes and removals.
        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
        for (int i = 0; i < 100; i++) chm.put("key" + i, i);
        for (int i = 0; i < 100; i += 3) chm.remove("key" + i);
        System.out.println(chm.size() + " " + chm.keySet().toString().hashCode() + " " + new ArrayList<>(chm.values()).subList(0, 10));
        ConcurrentHashMap<Integer, String> small = new ConcurrentHashMap<>(4);
        for (int i = 0; i < 12; i++) small.put(i * 17, "v" + i);
        System.out.println(small);
        ConcurrentHashMap<Integer, Integer> twelve = new ConcurrentHashMap<>();
        for (int i = 0; i < 12; i++) twelve.put(i * 16 + (i % 3), i);
        System.out.println(twelve);
        chm.merge("key1", 100, Integer::sum);
        chm.computeIfAbsent("fresh", k -> k.length());
        System.out.println(chm.get("key1") + " " + chm.get("fresh") + " " + chm.getOrDefault("nope", -1) + " " + chm.putIfAbsent("fresh", 9));
        try { chm.put(null, 1); } catch (NullPointerException e) { System.out.println("null key rejected"); }

        // Fixed pool: parallel word counting into a ConcurrentHashMap with merge.
        ExecutorService pool = Executors.newFixedThreadPool(4);
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        List<Future<Integer>> futures = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            final int id = t;
            futures.add(pool.submit(() -> {
                int n = 0;
                for (int i = 0; i < 1000; i++) {
                    counts.merge("w" + ((i * 7 + id) % 13), 1, Integer::sum);
                    n++;
                }
                return n;
            }));
        }
        int total = 0;
        for (Future<Integer> f : futures) total += f.get();
        System.out.println("total " + total + " " + new TreeMap<>(counts));
        Future<?> failing = pool.submit(() -> { throw new IllegalStateException("boom"); });
        try { failing.get(); } catch (ExecutionException e) { System.out.println("cause: " + e.getCause()); }
        List<Callable<String>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) { final int k = i; calls.add(() -> "c" + k); }
        StringBuilder sb = new StringBuilder();
        for (Future<String> f : pool.invokeAll(calls)) sb.append(f.get());
        System.out.println(sb);
        pool.shutdown();
        System.out.println("terminated: " + pool.awaitTermination(10, TimeUnit.SECONDS) + " " + pool.isShutdown());
        try { pool.submit(() -> 1); } catch (RejectedExecutionException e) { System.out.println("rejected after shutdown"); }

        // Single and cached pools: tasks run in submission order on the single thread.
        ExecutorService single = Executors.newSingleThreadExecutor();
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 10; i++) { final int k = i; single.execute(() -> order.add(k)); }
        single.shutdown();
        single.awaitTermination(10, TimeUnit.SECONDS);
        System.out.println(order);
        ExecutorService cached = Executors.newCachedThreadPool();
        AtomicInteger sum = new AtomicInteger();
        CountDownLatch latch = new CountDownLatch(20);
        for (int i = 1; i <= 20; i++) { final int k = i; cached.execute(() -> { sum.addAndGet(k); latch.countDown(); }); }
        System.out.println("latch reached: " + latch.await(10, TimeUnit.SECONDS) + " sum " + sum.get() + " count " + latch.getCount());
        cached.shutdown();

        // CompletableFuture on the common pool.
        CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> 6).thenApply(x -> x * 7);
        System.out.println("cf " + cf.join() + " " + cf.isDone());
        CompletableFuture<String> combined = CompletableFuture.supplyAsync(() -> "a").thenCombine(CompletableFuture.supplyAsync(() -> "b"), (a, b) -> a + b);
        System.out.println(combined.thenCompose(s -> CompletableFuture.supplyAsync(() -> s + "c")).get());
        CompletableFuture<Integer> bad = CompletableFuture.supplyAsync(() -> { if (true) throw new ArithmeticException("div"); return 1; });
        try { bad.join(); } catch (CompletionException e) { System.out.println("join: " + e.getCause()); }
        System.out.println("recovered " + bad.exceptionally(t -> -1).join() + " " + bad.handle((v, t) -> t != null).join());
        CompletableFuture.allOf(CompletableFuture.runAsync(() -> sum.addAndGet(1000)), CompletableFuture.runAsync(() -> sum.addAndGet(1000))).join();
        System.out.println("after allOf " + sum.get());

        // Locks and conditions: a bounded buffer.
        ReentrantLock lock = new ReentrantLock();
        Condition notEmpty = lock.newCondition();
        Deque<Integer> buffer = new ArrayDeque<>();
        Thread consumer = new Thread(() -> {
            int got = 0, s = 0;
            while (got < 50) {
                lock.lock();
                try {
                    while (buffer.isEmpty()) notEmpty.awaitUninterruptibly();
                    s += buffer.poll();
                    got++;
                } finally { lock.unlock(); }
            }
            System.out.println("consumer sum " + s);
        });
        consumer.start();
        for (int i = 0; i < 50; i++) {
            lock.lock();
            try { buffer.add(i); notEmpty.signal(); } finally { lock.unlock(); }
        }
        consumer.join();
        lock.lock(); lock.lock();
        System.out.println("holds " + lock.getHoldCount() + " locked " + lock.isLocked());
        lock.unlock(); lock.unlock();
        try { lock.unlock(); } catch (IllegalMonitorStateException e) { System.out.println("unlock without holding"); }
        ReadWriteLock rw = new ReentrantReadWriteLock();
        rw.readLock().lock(); rw.readLock().lock();
        System.out.println("write while reading: " + rw.writeLock().tryLock());
        rw.readLock().unlock(); rw.readLock().unlock();
        System.out.println("write when free: " + rw.writeLock().tryLock());
        rw.writeLock().unlock();

        // Semaphore, CyclicBarrier, blocking queues.
        Semaphore sem = new Semaphore(2);
        System.out.println(sem.tryAcquire() + " " + sem.tryAcquire() + " " + sem.tryAcquire() + " " + sem.availablePermits());
        sem.release(2);
        AtomicInteger tripped = new AtomicInteger();
        CyclicBarrier barrier = new CyclicBarrier(3, tripped::incrementAndGet);
        Thread[] parties = new Thread[3];
        for (int i = 0; i < 3; i++) {
            parties[i] = new Thread(() -> {
                try { for (int r = 0; r < 4; r++) barrier.await(); } catch (Exception e) { throw new RuntimeException(e); }
            });
            parties[i].start();
        }
        for (Thread t : parties) t.join();
        System.out.println("barrier tripped " + tripped.get() + " times");
        BlockingQueue<Integer> q = new ArrayBlockingQueue<>(2);
        System.out.println(q.offer(1) + " " + q.offer(2) + " " + q.offer(3) + " " + q.remainingCapacity() + " " + q);
        System.out.println(q.poll(10, TimeUnit.MILLISECONDS) + " " + q.take() + " " + q.poll(10, TimeUnit.MILLISECONDS));
        LinkedBlockingQueue<String> lbq = new LinkedBlockingQueue<>();
        Thread producer = new Thread(() -> { for (int i = 0; i < 5; i++) lbq.add("m" + i); lbq.add("END"); });
        producer.start();
        StringBuilder msgs = new StringBuilder();
        for (String m; !(m = lbq.take()).equals("END");) msgs.append(m);
        System.out.println(msgs);
        ConcurrentLinkedQueue<Integer> clq = new ConcurrentLinkedQueue<>(List.of(3, 1, 2));
        System.out.println(clq.poll() + " " + clq.peek() + " " + clq.size());
        System.out.println(TimeUnit.SECONDS.toMillis(3) + " " + TimeUnit.MILLISECONDS.toSeconds(4500) + " " + TimeUnit.HOURS.convert(180, TimeUnit.MINUTES) + " " + TimeUnit.DAYS);
        int r = ThreadLocalRandom.current().nextInt(5, 10);
        System.out.println("tlr in range: " + (r >= 5 && r < 10));
        Thread parked = new Thread(() -> { LockSupport.park(); System.out.println("unparked"); });
        parked.start();
        LockSupport.unpark(parked);
        parked.join();
    }
}
