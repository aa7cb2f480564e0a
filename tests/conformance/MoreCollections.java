import java.util.*;
import java.util.concurrent.*;

/**
 * Collection spliterators and Thread.getAllStackTraces. The rest of java.util's newer classes
 * (Hashtable, Properties, IdentityHashMap, StringTokenizer, UUID, Optionals, Spliterators,
 * copy-on-write lists, skip-list maps) are checked by classlib/tests/MoreUtilCheck, which
 * tests/library_checks.rs runs on gcvm against HotSpot, plain and under every collector with
 * GC stress.
 */
public class MoreCollections {
    public static void main(String[] args) throws Exception {
        collectionSpliterators();
        allStackTraces();
    }

    static void collectionSpliterators() {
        List<String> list = new ArrayList<>(List.of("a", "b", "c", "d"));
        Spliterator<String> s = list.spliterator();
        System.out.println("list spliterator " + s.estimateSize() + " " + s.hasCharacteristics(Spliterator.ORDERED)
            + s.hasCharacteristics(Spliterator.SIZED) + " " + s.getExactSizeIfKnown());
        StringBuilder sb = new StringBuilder();
        s.tryAdvance(sb::append);
        s.forEachRemaining(x -> sb.append('-').append(x));
        System.out.println("walked " + sb);
        Spliterator<Integer> hs = new HashSet<>(List.of(1, 2, 3)).spliterator();
        System.out.println("set spliterator " + hs.estimateSize() + " " + hs.hasCharacteristics(Spliterator.DISTINCT)
            + hs.hasCharacteristics(Spliterator.SIZED));
        Spliterator<Integer> ts = new TreeSet<>(List.of(3, 1, 2)).spliterator();
        System.out.println("sorted set spliterator " + ts.hasCharacteristics(Spliterator.SORTED) + ts.hasCharacteristics(Spliterator.ORDERED));
        System.out.println("stream of spliterator " + java.util.stream.StreamSupport.stream(list.spliterator(), false).map(String::toUpperCase).toList());
        Iterable<Integer> it = () -> List.of(5, 6, 7).iterator();
        Spliterator<Integer> is = it.spliterator();
        System.out.println("iterable spliterator " + is.estimateSize() + " " + is.hasCharacteristics(Spliterator.SIZED)
            + " " + is.getExactSizeIfKnown());
    }

    static void allStackTraces() throws InterruptedException {
        Object lock = new Object();
        CountDownLatch waiting = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            synchronized (lock) {
                waiting.countDown();
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    // ends the thread
                }
            }
        }, "sleeper");
        sleeper.start();
        waiting.await();
        synchronized (lock) { // the sleeper is in wait() once this monitor is free
            Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
            boolean waits = false;
            for (StackTraceElement e : all.get(sleeper)) {
                waits |= e.getMethodName().equals("wait");
            }
            System.out.println("all stack traces: main " + all.containsKey(Thread.currentThread()) + ", sleeper "
                + all.containsKey(sleeper) + ", in wait " + waits);
        }
        sleeper.interrupt();
        sleeper.join();
        System.out.println("after join " + Thread.getAllStackTraces().containsKey(sleeper));
    }
}
