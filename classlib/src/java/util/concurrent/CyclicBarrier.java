package java.util.concurrent;

/** A barrier for a fixed number of parties, reusable; the last to arrive runs the action. */
public class CyclicBarrier {
    private final int parties;
    private final Runnable barrierCommand;
    private int count;
    /* Incremented each time the barrier trips or is reset. */
    private int generation;
    private boolean broken;

    public CyclicBarrier(int parties, Runnable barrierAction) {
        if (parties <= 0) {
            throw new IllegalArgumentException();
        }
        this.parties = parties;
        this.count = parties;
        this.barrierCommand = barrierAction;
    }

    public CyclicBarrier(int parties) {
        this(parties, null);
    }

    public int getParties() {
        return parties;
    }

    public int await() throws InterruptedException, BrokenBarrierException {
        try {
            return dowait(false, 0L);
        } catch (TimeoutException e) {
            throw new InternalError(e);
        }
    }

    public int await(long timeout, TimeUnit unit) throws InterruptedException, BrokenBarrierException, TimeoutException {
        return dowait(true, System.nanoTime() + unit.toNanos(timeout));
    }

    private synchronized int dowait(boolean timed, long deadline) throws InterruptedException, BrokenBarrierException, TimeoutException {
        if (broken) {
            throw new BrokenBarrierException();
        }
        if (Thread.interrupted()) {
            breakBarrier();
            throw new InterruptedException();
        }
        int index = --count;
        if (index == 0) {
            boolean ran = false;
            try {
                if (barrierCommand != null) {
                    barrierCommand.run();
                }
                ran = true;
                nextGeneration();
                return 0;
            } finally {
                if (!ran) {
                    breakBarrier();
                }
            }
        }
        int g = generation;
        while (true) {
            try {
                if (!timed) {
                    wait();
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        breakBarrier();
                        throw new TimeoutException();
                    }
                    wait(Math.max(1L, left / 1000000L));
                }
            } catch (InterruptedException e) {
                if (g == generation && !broken) {
                    breakBarrier();
                    throw e;
                }
                Thread.currentThread().interrupt();
            }
            if (broken) {
                throw new BrokenBarrierException();
            }
            if (g != generation) {
                return index;
            }
        }
    }

    private void nextGeneration() {
        generation++;
        count = parties;
        notifyAll();
    }

    private void breakBarrier() {
        broken = true;
        count = parties;
        notifyAll();
    }

    public synchronized boolean isBroken() {
        return broken;
    }

    public synchronized void reset() {
        breakBarrier();
        broken = false;
        generation++;
    }

    public synchronized int getNumberWaiting() {
        return parties - count;
    }
}
