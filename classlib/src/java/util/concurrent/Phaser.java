package java.util.concurrent;

import java.util.ArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A reusable barrier with a varying number of parties, as the JDK's, without tiering (no
 * parent phasers). State, under the phaser's monitor: `phase` (0 to Integer.MAX_VALUE,
 * wrapping to 0; negative once terminated, as phase | Integer.MIN_VALUE), `parties` and
 * `unarrived`. The party whose arrival makes `unarrived` 0 runs onAdvance under the monitor,
 * then starts the next phase (or terminates) and releases exactly the threads waiting for the
 * phase just ended: each waits on its own node (`released` is volatile) and is unparked once,
 * so it goes on without taking the monitor again. A waiter that gives up (interrupt, timeout)
 * leaves its phase's line.
 */
public class Phaser {
    private static final int MAX_PARTIES = 0xffff;

    private static final class Waiter {
        final Thread thread = Thread.currentThread();
        /** The phase when it was released (written before `released`). */
        int phaseAfter;
        volatile boolean released;
    }

    private int phase;
    private int parties;
    private int unarrived;
    /** The threads waiting for the current phase to end. */
    private ArrayList<Waiter> waiters = new ArrayList<Waiter>();

    public Phaser() {
        this(0);
    }

    public Phaser(int parties) {
        if (parties < 0 || parties > MAX_PARTIES) {
            throw new IllegalArgumentException("Illegal number of parties");
        }
        this.parties = parties;
        this.unarrived = parties;
    }

    public int register() {
        return doRegister(1);
    }

    public int bulkRegister(int parties) {
        if (parties < 0) {
            throw new IllegalArgumentException();
        }
        if (parties == 0) {
            return getPhase();
        }
        return doRegister(parties);
    }

    private synchronized int doRegister(int n) {
        if (phase < 0) {
            return phase;
        }
        if (parties + n > MAX_PARTIES) {
            throw new IllegalStateException(badRegister());
        }
        parties += n;
        unarrived += n;
        return phase;
    }

    public int arrive() {
        return doArrive(false);
    }

    public int arriveAndDeregister() {
        return doArrive(true);
    }

    /** One party arrives (and leaves, if `deregister`); returns the phase it arrived at. */
    private synchronized int doArrive(boolean deregister) {
        int p = phase;
        if (p < 0) {
            return p;
        }
        if (unarrived <= 0) {
            throw new IllegalStateException(badArrive());
        }
        if (deregister) {
            parties--;
        }
        if (--unarrived == 0) {
            advance(p);
        }
        return p;
    }

    /** Caller holds the monitor: phase `p` is complete. */
    private void advance(int p) {
        boolean terminate = onAdvance(p, parties);
        if (phase != p) {
            return; // onAdvance forced termination itself
        }
        int next = (p + 1) & Integer.MAX_VALUE;
        phase = terminate ? next | Integer.MIN_VALUE : next;
        unarrived = parties;
        releaseWaiters();
    }

    private void releaseWaiters() {
        ArrayList<Waiter> released = waiters;
        waiters = new ArrayList<Waiter>();
        for (Waiter w : released) {
            w.phaseAfter = phase;
            w.released = true;
            LockSupport.unpark(w.thread);
        }
    }

    public int arriveAndAwaitAdvance() {
        Waiter w;
        synchronized (this) {
            int p = phase;
            if (p < 0) {
                return p;
            }
            if (unarrived <= 0) {
                throw new IllegalStateException(badArrive());
            }
            if (--unarrived == 0) {
                advance(p);
                // as the JDK's: the last party gets the next phase number even when onAdvance
                // terminated the phaser (the waiters see the negative phase)
                int next = (p + 1) & Integer.MAX_VALUE;
                return (phase & Integer.MAX_VALUE) == next ? next : phase;
            }
            w = enqueue();
        }
        try {
            return awaitRelease(w, false, false, 0L);
        } catch (InterruptedException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        } catch (TimeoutException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public int awaitAdvance(int phase) {
        Waiter w = waiterFor(phase);
        if (w == null) {
            return getPhase();
        }
        try {
            return awaitRelease(w, false, false, 0L);
        } catch (InterruptedException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        } catch (TimeoutException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public int awaitAdvanceInterruptibly(int phase) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter w = waiterFor(phase);
        if (w == null) {
            return getPhase();
        }
        try {
            return awaitRelease(w, true, false, 0L);
        } catch (TimeoutException cannotHappen) {
            throw new IllegalStateException(cannotHappen);
        }
    }

    public int awaitAdvanceInterruptibly(int phase, long timeout, TimeUnit unit)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter w = waiterFor(phase);
        if (w == null) {
            return getPhase();
        }
        return awaitRelease(w, true, true, deadline);
    }

    /** A queued waiter for the end of `p` if that is the current phase, else null. */
    private synchronized Waiter waiterFor(int p) {
        if (p < 0 || p != phase) {
            return null;
        }
        return enqueue();
    }

    private Waiter enqueue() {
        Waiter w = new Waiter();
        waiters.add(w);
        return w;
    }

    /**
     * Parks until `w` is released and returns the phase then. Interrupts are kept for the
     * caller unless `interruptible`; a waiter that gives up leaves the line.
     */
    private int awaitRelease(Waiter w, boolean interruptible, boolean timed, long deadline)
            throws InterruptedException, TimeoutException {
        boolean interrupted = false;
        try {
            while (!w.released) {
                if (timed) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0 && withdraw(w)) {
                        throw new TimeoutException();
                    }
                    LockSupport.parkNanos(this, Math.max(left, 1L));
                } else {
                    LockSupport.park(this);
                }
                if (Thread.interrupted()) {
                    if (interruptible && withdraw(w)) {
                        throw new InterruptedException();
                    }
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return w.phaseAfter;
    }

    /** Takes `w` out of the line; false if it was released first. */
    private synchronized boolean withdraw(Waiter w) {
        if (w.released) {
            return false;
        }
        waiters.remove(w);
        return true;
    }

    public synchronized void forceTermination() {
        if (phase >= 0) {
            phase |= Integer.MIN_VALUE;
            releaseWaiters();
        }
    }

    public final synchronized int getPhase() {
        return phase;
    }

    public synchronized int getRegisteredParties() {
        return parties;
    }

    public synchronized int getArrivedParties() {
        return parties - unarrived;
    }

    public synchronized int getUnarrivedParties() {
        return unarrived;
    }

    public Phaser getParent() {
        return null;
    }

    public Phaser getRoot() {
        return this;
    }

    public synchronized boolean isTerminated() {
        return phase < 0;
    }

    protected boolean onAdvance(int phase, int registeredParties) {
        return registeredParties == 0;
    }

    private String state() {
        return super.toString() + "[phase = " + phase + " parties = " + parties + " arrived = " + (parties - unarrived) + "]";
    }

    public synchronized String toString() {
        return state();
    }

    private String badArrive() {
        return "Attempted arrival of unregistered party for " + state();
    }

    private String badRegister() {
        return "Attempt to register more than " + MAX_PARTIES + " parties for " + state();
    }
}
