package java.util.concurrent;

import java.util.ArrayList;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A future completed explicitly or by an async task, with dependent actions. Async methods run
 * on ForkJoinPool.commonPool() (or the given executor); dependent actions run on the thread
 * that completes the stage, or at once on the caller's thread if the stage is already done —
 * as in the JDK. Exceptional results are wrapped in CompletionException for dependents;
 * join() throws it, get() throws ExecutionException. Not provided:
 * orTimeout/completeOnTimeout, the *Either and *Both families except thenCombine; CompletionStage
 * declares only the methods implemented here.
 */
public class CompletableFuture<T> implements Future<T>, CompletionStage<T> {
    private boolean done;
    private Object result;
    /* The exception (a CompletionException or CancellationException, or what completeExceptionally got). */
    private Throwable exception;
    private ArrayList<Runnable> dependents;

    public CompletableFuture() {
    }

    private static Executor asyncPool() {
        return ForkJoinPool.commonPool();
    }

    // ---- completing ----

    public boolean complete(T value) {
        return finish(value, null);
    }

    public boolean completeExceptionally(Throwable ex) {
        if (ex == null) {
            throw new NullPointerException();
        }
        return finish(null, ex);
    }

    private boolean finish(Object value, Throwable ex) {
        ArrayList<Runnable> todo;
        synchronized (this) {
            if (done) {
                return false;
            }
            done = true;
            result = value;
            exception = ex;
            todo = dependents;
            dependents = null;
            notifyAll();
        }
        if (todo != null) {
            for (Runnable r : todo) {
                r.run();
            }
        }
        return true;
    }

    /* Runs r when this completes (now, if it has). */
    private void whenDone(Runnable r) {
        synchronized (this) {
            if (!done) {
                if (dependents == null) {
                    dependents = new ArrayList<Runnable>();
                }
                dependents.add(r);
                return;
            }
        }
        r.run();
    }

    private static CompletionException wrap(Throwable ex) {
        return (ex instanceof CompletionException) ? (CompletionException) ex : new CompletionException(ex);
    }

    // ---- async sources ----

    public static <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier) {
        return supplyAsync(supplier, asyncPool());
    }

    public static <U> CompletableFuture<U> supplyAsync(final Supplier<U> supplier, Executor executor) {
        final CompletableFuture<U> f = new CompletableFuture<U>();
        executor.execute(new Runnable() {
            public void run() {
                try {
                    f.complete(supplier.get());
                } catch (Throwable ex) {
                    f.completeExceptionally(wrap(ex));
                }
            }
        });
        return f;
    }

    public static CompletableFuture<Void> runAsync(Runnable runnable) {
        return runAsync(runnable, asyncPool());
    }

    public static CompletableFuture<Void> runAsync(final Runnable runnable, Executor executor) {
        final CompletableFuture<Void> f = new CompletableFuture<Void>();
        executor.execute(new Runnable() {
            public void run() {
                try {
                    runnable.run();
                    f.complete(null);
                } catch (Throwable ex) {
                    f.completeExceptionally(wrap(ex));
                }
            }
        });
        return f;
    }

    public static <U> CompletableFuture<U> completedFuture(U value) {
        CompletableFuture<U> f = new CompletableFuture<U>();
        f.complete(value);
        return f;
    }

    public static <U> CompletableFuture<U> failedFuture(Throwable ex) {
        CompletableFuture<U> f = new CompletableFuture<U>();
        f.completeExceptionally(ex);
        return f;
    }

    public static CompletableFuture<Void> allOf(final CompletableFuture<?>... cfs) {
        final CompletableFuture<Void> all = new CompletableFuture<Void>();
        if (cfs.length == 0) {
            all.complete(null);
            return all;
        }
        final int[] remaining = { cfs.length };
        for (final CompletableFuture<?> cf : cfs) {
            cf.whenDone(new Runnable() {
                public void run() {
                    boolean last;
                    synchronized (remaining) {
                        last = --remaining[0] == 0;
                    }
                    if (last) {
                        for (CompletableFuture<?> c : cfs) {
                            Throwable ex = c.exceptionNow0();
                            if (ex != null) {
                                all.completeExceptionally(wrap(ex));
                                return;
                            }
                        }
                        all.complete(null);
                    }
                }
            });
        }
        return all;
    }

    public static CompletableFuture<Object> anyOf(CompletableFuture<?>... cfs) {
        final CompletableFuture<Object> any = new CompletableFuture<Object>();
        for (final CompletableFuture<?> cf : cfs) {
            cf.whenDone(new Runnable() {
                public void run() {
                    Throwable ex = cf.exceptionNow0();
                    if (ex != null) {
                        any.completeExceptionally(wrap(ex));
                    } else {
                        any.complete(cf.result0());
                    }
                }
            });
        }
        return any;
    }

    private synchronized Throwable exceptionNow0() {
        return exception;
    }

    // ---- dependents ----

    /* A dependent stage: when this completes normally, `onValue` computes the dependent's
     * result; exceptions propagate wrapped. */
    private abstract class Dependent<U> implements Runnable {
        final CompletableFuture<U> dst = new CompletableFuture<U>();
        final Executor executor;

        Dependent(Executor executor) {
            this.executor = executor;
        }

        abstract void onValue(T value) throws Throwable;

        @SuppressWarnings("unchecked")
        void fire() {
            Throwable ex;
            Object r;
            synchronized (CompletableFuture.this) {
                ex = exception;
                r = result;
            }
            if (ex != null) {
                dst.completeExceptionally(wrap(ex));
                return;
            }
            try {
                onValue((T) r);
            } catch (Throwable t) {
                dst.completeExceptionally(wrap(t));
            }
        }

        public void run() {
            if (executor == null) {
                fire();
            } else {
                executor.execute(new Runnable() {
                    public void run() {
                        fire();
                    }
                });
            }
        }

        CompletableFuture<U> start() {
            whenDone(this);
            return dst;
        }
    }

    public <U> CompletableFuture<U> thenApply(Function<? super T, ? extends U> fn) {
        return thenApplyOn(fn, null);
    }

    public <U> CompletableFuture<U> thenApplyAsync(Function<? super T, ? extends U> fn) {
        return thenApplyOn(fn, asyncPool());
    }

    public <U> CompletableFuture<U> thenApplyAsync(Function<? super T, ? extends U> fn, Executor executor) {
        return thenApplyOn(fn, executor);
    }

    private <U> CompletableFuture<U> thenApplyOn(final Function<? super T, ? extends U> fn, Executor e) {
        if (fn == null) {
            throw new NullPointerException();
        }
        return new Dependent<U>(e) {
            void onValue(T value) {
                dst.complete(fn.apply(value));
            }
        }.start();
    }

    public CompletableFuture<Void> thenAccept(final Consumer<? super T> action) {
        return thenAcceptOn(action, null);
    }

    public CompletableFuture<Void> thenAcceptAsync(final Consumer<? super T> action) {
        return thenAcceptOn(action, asyncPool());
    }

    private CompletableFuture<Void> thenAcceptOn(final Consumer<? super T> action, Executor e) {
        if (action == null) {
            throw new NullPointerException();
        }
        return new Dependent<Void>(e) {
            void onValue(T value) {
                action.accept(value);
                dst.complete(null);
            }
        }.start();
    }

    public CompletableFuture<Void> thenRun(final Runnable action) {
        if (action == null) {
            throw new NullPointerException();
        }
        return new Dependent<Void>(null) {
            void onValue(T value) {
                action.run();
                dst.complete(null);
            }
        }.start();
    }

    @SuppressWarnings("unchecked")
    public <U, V> CompletableFuture<V> thenCombine(final CompletionStage<? extends U> otherStage, final BiFunction<? super T, ? super U, ? extends V> fn) {
        if (fn == null || otherStage == null) {
            throw new NullPointerException();
        }
        final CompletableFuture<? extends U> other = otherStage.toCompletableFuture();
        return new Dependent<V>(null) {
            void onValue(final T value) {
                other.whenDone(new Runnable() {
                    public void run() {
                        Throwable ex = other.exceptionNow0();
                        if (ex != null) {
                            dst.completeExceptionally(wrap(ex));
                            return;
                        }
                        try {
                            dst.complete(fn.apply(value, (U) other.result0()));
                        } catch (Throwable t) {
                            dst.completeExceptionally(wrap(t));
                        }
                    }
                });
            }
        }.start();
    }

    public <U> CompletableFuture<U> thenCompose(final Function<? super T, ? extends CompletionStage<U>> fn) {
        if (fn == null) {
            throw new NullPointerException();
        }
        return new Dependent<U>(null) {
            void onValue(T value) {
                final CompletableFuture<U> inner = fn.apply(value).toCompletableFuture();
                inner.whenDone(new Runnable() {
                    public void run() {
                        Throwable ex = inner.exceptionNow0();
                        if (ex != null) {
                            dst.completeExceptionally(wrap(ex));
                        } else {
                            dst.complete(inner.result0());
                        }
                    }
                });
            }
        }.start();
    }

    @SuppressWarnings("unchecked")
    private synchronized T result0() {
        return (T) result;
    }

    public CompletableFuture<T> exceptionally(final Function<Throwable, ? extends T> fn) {
        final CompletableFuture<T> dst = new CompletableFuture<T>();
        whenDone(new Runnable() {
            public void run() {
                Throwable ex = exceptionNow0();
                if (ex == null) {
                    dst.complete(result0());
                    return;
                }
                try {
                    dst.complete(fn.apply(ex));
                } catch (Throwable t) {
                    dst.completeExceptionally(wrap(t));
                }
            }
        });
        return dst;
    }

    public <U> CompletableFuture<U> handle(final BiFunction<? super T, Throwable, ? extends U> fn) {
        final CompletableFuture<U> dst = new CompletableFuture<U>();
        whenDone(new Runnable() {
            public void run() {
                Throwable ex = exceptionNow0();
                try {
                    dst.complete(fn.apply(ex == null ? result0() : null, ex));
                } catch (Throwable t) {
                    dst.completeExceptionally(wrap(t));
                }
            }
        });
        return dst;
    }

    public CompletableFuture<T> whenComplete(final BiConsumer<? super T, ? super Throwable> action) {
        final CompletableFuture<T> dst = new CompletableFuture<T>();
        whenDone(new Runnable() {
            public void run() {
                Throwable ex = exceptionNow0();
                T r = ex == null ? result0() : null;
                try {
                    action.accept(r, ex);
                } catch (Throwable t) {
                    if (ex == null) {
                        dst.completeExceptionally(wrap(t));
                        return;
                    }
                }
                if (ex != null) {
                    dst.completeExceptionally(wrap(ex));
                } else {
                    dst.complete(r);
                }
            }
        });
        return dst;
    }

    // ---- waiting ----

    private synchronized void waitDone() throws InterruptedException {
        while (!done) {
            wait();
        }
    }

    public T join() {
        boolean interrupted = false;
        synchronized (this) {
            while (!done) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable ex = exceptionNow0();
        if (ex != null) {
            if (ex instanceof CancellationException) {
                throw (CancellationException) ex;
            }
            throw wrap(ex);
        }
        return result0();
    }

    public T get() throws InterruptedException, ExecutionException {
        waitDone();
        return reportGet();
    }

    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (this) {
            while (!done) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new TimeoutException();
                }
                wait(Math.max(1L, left / 1000000L));
            }
        }
        return reportGet();
    }

    private T reportGet() throws ExecutionException {
        Throwable ex = exceptionNow0();
        if (ex == null) {
            return result0();
        }
        if (ex instanceof CancellationException) {
            throw (CancellationException) ex;
        }
        if (ex instanceof CompletionException && ex.getCause() != null) {
            ex = ex.getCause();
        }
        throw new ExecutionException(ex);
    }

    public T getNow(T valueIfAbsent) {
        synchronized (this) {
            if (!done) {
                return valueIfAbsent;
            }
        }
        return join();
    }

    public synchronized boolean isDone() {
        return done;
    }

    public synchronized boolean isCompletedExceptionally() {
        return done && exception != null;
    }

    public synchronized boolean isCancelled() {
        return exception instanceof CancellationException;
    }

    public boolean cancel(boolean mayInterruptIfRunning) {
        finish(null, new CancellationException());
        return isCancelled();
    }

    public CompletableFuture<T> toCompletableFuture() {
        return this;
    }

    public String toString() {
        String status;
        synchronized (this) {
            status = !done ? "[Incomplete]" : exception != null ? "[Completed exceptionally: " + exception + "]" : "[Completed normally]";
        }
        return super.toString() + status;
    }
}
