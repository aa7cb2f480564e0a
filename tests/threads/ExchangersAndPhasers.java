import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exchanger and Phaser with many threads: pairs swap what they hold, nothing is lost or
 * received twice; phasers advance in step with dynamic registration, termination by
 * onAdvance, timeouts and interrupts. Every printed line is independent of scheduling.
 */
public class ExchangersAndPhasers {
    public static void main(String[] args) throws Exception {
        twoThreadsSwapRepeatedly();
        manyThreadsPairUp();
        exchangeTimeoutAndInterrupt();
        phaserRounds();
        phaserDynamicParties();
        phaserTerminatesByOnAdvance();
        phaserAwaitFromOutside();
        phaserProducerConsumer();
        phaserErrors();
    }

    /** Two threads swap 2,000 times: each always gets the other's latest value. */
    static void twoThreadsSwapRepeatedly() throws InterruptedException {
        Exchanger<Integer> ex = new Exchanger<>();
        AtomicInteger wrong = new AtomicInteger();
        Thread a = new Thread(() -> {
            try {
                for (int i = 0; i < 2000; i++) {
                    if (ex.exchange(i) != -i) {
                        wrong.incrementAndGet();
                    }
                }
            } catch (InterruptedException e) {
                wrong.addAndGet(1000000);
            }
        });
        a.start();
        for (int i = 0; i < 2000; i++) {
            if (ex.exchange(-i) != i) {
                wrong.incrementAndGet();
            }
        }
        a.join();
        System.out.println("two threads swapped 2000 times, wrong: " + wrong.get());
    }

    /** 200 threads each exchange once through one exchanger: every value arrives once, never back. */
    static void manyThreadsPairUp() throws InterruptedException {
        Exchanger<Integer> ex = new Exchanger<>();
        int n = 200;
        AtomicLong sum = new AtomicLong();
        AtomicInteger own = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int id = i;
            Thread t = new Thread(() -> {
                try {
                    Integer got = ex.exchange(id);
                    sum.addAndGet(got);
                    if (got == id) {
                        own.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("200 threads paired up: sum " + sum.get() + " (expected " + (n * (n - 1L) / 2) + "), own value back: " + own.get());
    }

    static void exchangeTimeoutAndInterrupt() throws Exception {
        Exchanger<String> ex = new Exchanger<>();
        try {
            ex.exchange("alone", 30, TimeUnit.MILLISECONDS);
            System.out.println("no timeout?");
        } catch (TimeoutException e) {
            System.out.println("exchange timed out: " + e.getMessage());
        }
        Thread waiter = new Thread(() -> {
            try {
                ex.exchange("never");
                System.out.println("exchanged?");
            } catch (InterruptedException e) {
                System.out.println("waiting exchange interrupted: " + e.getMessage());
            }
        });
        waiter.start();
        Thread.sleep(20); // interrupted before or while it waits: the same InterruptedException
        waiter.interrupt();
        waiter.join();
        // the interrupted thread left the line: the next two pair with each other
        Thread partner = new Thread(() -> {
            try {
                System.out.println("partner got " + ex.exchange(null));
            } catch (InterruptedException e) {
                System.out.println("partner interrupted");
            }
        });
        partner.start();
        String got = ex.exchange("from main");
        partner.join();
        System.out.println("main got " + got);
    }

    /** 8 parties, 50 rounds: every arriveAndAwaitAdvance returns the next phase; no party runs ahead. */
    static void phaserRounds() throws InterruptedException {
        int parties = 8;
        int rounds = 50;
        Phaser phaser = new Phaser(parties);
        AtomicInteger[] arrivals = new AtomicInteger[rounds];
        for (int r = 0; r < rounds; r++) {
            arrivals[r] = new AtomicInteger();
        }
        AtomicInteger wrong = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < parties; p++) {
            Thread t = new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    arrivals[r].incrementAndGet();
                    int next = phaser.arriveAndAwaitAdvance();
                    if (next != r + 1 || arrivals[r].get() != parties) {
                        wrong.incrementAndGet();
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("phaser rounds: phase " + phaser.getPhase() + ", parties " + phaser.getRegisteredParties()
            + ", arrived " + phaser.getArrivedParties() + ", wrong " + wrong.get());
    }

    /** Parties join late and leave early; the phase only advances when all registered ones arrive. */
    static void phaserDynamicParties() throws InterruptedException {
        Phaser phaser = new Phaser(1); // main
        AtomicInteger work = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int rounds = i + 1;
            phaser.register();
            Thread t = new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    work.incrementAndGet();
                    phaser.arriveAndAwaitAdvance();
                }
                phaser.arriveAndDeregister();
            });
            threads.add(t);
            t.start();
        }
        System.out.println("registered " + phaser.getRegisteredParties());
        System.out.println("main leaves at phase " + phaser.arriveAndDeregister());
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("dynamic parties: work " + work.get() + ", terminated " + phaser.isTerminated()
            + ", phase " + phaser.getPhase() + ", parties " + phaser.getRegisteredParties());
    }

    /** onAdvance ends the phaser after phase 4: waiters see a negative phase. */
    static void phaserTerminatesByOnAdvance() throws InterruptedException {
        List<String> log = new ArrayList<>();
        Phaser phaser = new Phaser(3) {
            protected boolean onAdvance(int phase, int registeredParties) {
                log.add("advance " + phase + " with " + registeredParties);
                return phase >= 4;
            }
        };
        AtomicInteger ends = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Thread t = new Thread(() -> {
                int p;
                do {
                    p = phaser.arriveAndAwaitAdvance();
                } while (p >= 0);
                ends.addAndGet(p == (5 | Integer.MIN_VALUE) ? 1 : 100);
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println(log + " terminated " + phaser.isTerminated() + " phase " + phaser.getPhase() + " ends " + ends.get());
        System.out.println("after termination: register " + phaser.register() + ", arrive " + phaser.arrive()
            + ", await " + phaser.awaitAdvance(3));
    }

    /** Threads that are not parties wait for a phase with awaitAdvance, with timeouts and interrupts. */
    static void phaserAwaitFromOutside() throws Exception {
        Phaser phaser = new Phaser(1);
        System.out.println("await other phase returns at once: " + phaser.awaitAdvance(7));
        List<Thread> watchers = new ArrayList<>();
        AtomicInteger seen = new AtomicInteger();
        for (int i = 0; i < 20; i++) {
            Thread t = new Thread(() -> seen.addAndGet(phaser.awaitAdvance(0)));
            watchers.add(t);
            t.start();
        }
        try {
            phaser.awaitAdvanceInterruptibly(0, 20, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            System.out.println("await timed out");
        }
        Thread interrupted = new Thread(() -> {
            try {
                phaser.awaitAdvanceInterruptibly(0);
                System.out.println("advanced?");
            } catch (InterruptedException e) {
                System.out.println("await interrupted");
            }
        });
        interrupted.start();
        Thread.sleep(20);
        interrupted.interrupt();
        interrupted.join();
        Thread.sleep(20);
        System.out.println("arrive returns " + phaser.arrive());
        for (Thread t : watchers) {
            t.join();
        }
        System.out.println("20 watchers saw phase 1: " + (seen.get() == 20) + ", phase " + phaser.getPhase());
    }

    /** Producers fill a round's buffer, then consumers drain it, phase after phase. */
    static void phaserProducerConsumer() throws InterruptedException {
        int producers = 4;
        int consumers = 3;
        int rounds = 30;
        Phaser phaser = new Phaser(producers + consumers);
        List<Integer> buffer = new ArrayList<>();
        AtomicLong consumed = new AtomicLong();
        AtomicInteger mismatches = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int id = p;
            threads.add(new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    synchronized (buffer) {
                        for (int k = 0; k < 10; k++) {
                            buffer.add(r * 1000 + id * 10 + k);
                        }
                    }
                    phaser.arriveAndAwaitAdvance(); // filled
                    phaser.arriveAndAwaitAdvance(); // drained
                }
            }));
        }
        for (int c = 0; c < consumers; c++) {
            threads.add(new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    phaser.arriveAndAwaitAdvance(); // filled
                    while (true) {
                        Integer v;
                        synchronized (buffer) {
                            if (buffer.isEmpty()) {
                                break;
                            }
                            v = buffer.remove(buffer.size() - 1);
                        }
                        if (v / 1000 != r) {
                            mismatches.incrementAndGet();
                        }
                        consumed.addAndGet(v);
                    }
                    phaser.arriveAndAwaitAdvance(); // drained
                }
            }));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long expected = 0;
        for (int r = 0; r < rounds; r++) {
            for (int id = 0; id < producers; id++) {
                for (int k = 0; k < 10; k++) {
                    expected += r * 1000 + id * 10 + k;
                }
            }
        }
        System.out.println("producer/consumer phases: consumed " + consumed.get() + " (expected " + expected + "), mismatches "
            + mismatches.get() + ", phase " + phaser.getPhase());
    }

    static void phaserErrors() {
        try {
            new Phaser().arrive();
        } catch (IllegalStateException e) {
            System.out.println("arrive without parties: " + e.getClass().getName() + " " + e.getMessage().startsWith("Attempted arrival of unregistered party for java.util.concurrent.Phaser@"));
        }
        try {
            new Phaser(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("negative parties: " + e.getMessage());
        }
        try {
            new Phaser(65536);
        } catch (IllegalArgumentException e) {
            System.out.println("too many parties: " + e.getMessage());
        }
        Phaser p = new Phaser(65000);
        try {
            p.bulkRegister(1000);
        } catch (IllegalStateException e) {
            System.out.println("register too many: " + e.getMessage().replaceAll("@[0-9a-f]+", "@..."));
        }
        Phaser ends = new Phaser(1) {
            protected boolean onAdvance(int phase, int registeredParties) {
                return phase >= 1;
            }
        };
        System.out.println("last party's phases: " + ends.arriveAndAwaitAdvance() + " " + ends.arriveAndAwaitAdvance() + " "
            + ends.getPhase() + " " + ends.arriveAndAwaitAdvance());
        Phaser single = new Phaser(1);
        System.out.println("deregister the only party: " + single.arriveAndDeregister() + " " + single.getPhase() + " "
            + single.isTerminated() + " " + single.getRegisteredParties() + " " + single.getUnarrivedParties() + " "
            + single.getArrivedParties());
        Phaser q = new Phaser(2);
        q.arrive();
        System.out.println("toString " + q.toString().replaceAll("@[0-9a-f]+", "@...") + " unarrived " + q.getUnarrivedParties());
        q.forceTermination();
        System.out.println("forced: " + q.isTerminated() + " " + q.getPhase() + " " + q.arriveAndAwaitAdvance());
    }
}
