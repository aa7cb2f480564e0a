package java.lang;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The root of all exceptions and errors.
 *
 * <p>gcvm contract: the VM fills {@code backtrace} in {@link #fillInStackTrace0()} (omitting the
 * fillInStackTrace and exception-constructor frames) and decodes it in {@link #getStackTrace0()}.
 * {@code stackTrace == null} means "not decoded yet"; the {@code FROZEN} sentinel marks a
 * throwable created with {@code writableStackTrace == false}.
 */
public class Throwable implements Serializable {

    private static final StackTraceElement[] FROZEN = new StackTraceElement[0];
    private static final String CAUSE_CAPTION = "Caused by: ";
    private static final String SUPPRESSED_CAPTION = "Suppressed: ";

    private String detailMessage;
    private Throwable cause = this;
    private transient Object backtrace;
    private StackTraceElement[] stackTrace;
    /** Suppressed exceptions, allocated lazily; unused when suppression is disabled. */
    private List<Throwable> suppressed;
    private boolean suppressionDisabled;

    public Throwable() {
        fillInStackTrace();
    }

    public Throwable(String message) {
        fillInStackTrace();
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
    }

    public Throwable(Throwable cause) {
        fillInStackTrace();
        detailMessage = (cause == null ? null : cause.toString());
        this.cause = cause;
    }

    protected Throwable(String message, Throwable cause, boolean enableSuppression,
            boolean writableStackTrace) {
        if (writableStackTrace) {
            fillInStackTrace();
        } else {
            stackTrace = FROZEN;
        }
        detailMessage = message;
        this.cause = cause;
        if (!enableSuppression) {
            suppressionDisabled = true;
        }
    }

    public String getMessage() {
        return detailMessage;
    }

    public String getLocalizedMessage() {
        return getMessage();
    }

    public synchronized Throwable getCause() {
        return (cause == this ? null : cause);
    }

    public synchronized Throwable initCause(Throwable cause) {
        if (this.cause != this) {
            throw new IllegalStateException("Can't overwrite cause with "
                    + Objects.toString(cause, "a null"), this);
        }
        if (cause == this) {
            throw new IllegalArgumentException("Self-causation not permitted", this);
        }
        this.cause = cause;
        return this;
    }

    public String toString() {
        String s = getClass().getName();
        String message = getLocalizedMessage();
        return (message != null) ? (s + ": " + message) : s;
    }

    public synchronized Throwable fillInStackTrace() {
        if (stackTrace != FROZEN) {
            fillInStackTrace0();
            stackTrace = null;
        }
        return this;
    }

    /** VM: records the current thread's frames in {@code backtrace}. */
    private native void fillInStackTrace0();

    /** VM: decodes {@code backtrace} into stack trace elements. */
    private native StackTraceElement[] getStackTrace0();

    public StackTraceElement[] getStackTrace() {
        return getOurStackTrace().clone();
    }

    private synchronized StackTraceElement[] getOurStackTrace() {
        if (stackTrace == null) {
            stackTrace = (backtrace != null) ? getStackTrace0() : new StackTraceElement[0];
            if (stackTrace == null) {
                stackTrace = new StackTraceElement[0];
            }
        }
        return stackTrace;
    }

    public void setStackTrace(StackTraceElement[] stackTrace) {
        StackTraceElement[] defensiveCopy = stackTrace.clone();
        for (int i = 0; i < defensiveCopy.length; i++) {
            if (defensiveCopy[i] == null) {
                throw new NullPointerException("stackTrace[" + i + "]");
            }
        }
        synchronized (this) {
            if (this.stackTrace == FROZEN) {
                return;
            }
            this.stackTrace = defensiveCopy;
        }
    }

    public final synchronized void addSuppressed(Throwable exception) {
        if (exception == this) {
            throw new IllegalArgumentException("Self-suppression not permitted", exception);
        }
        Objects.requireNonNull(exception, "Cannot suppress a null exception.");
        if (suppressionDisabled) {
            return;
        }
        if (suppressed == null) {
            suppressed = new ArrayList<>(1);
        }
        suppressed.add(exception);
    }

    public final synchronized Throwable[] getSuppressed() {
        if (suppressed == null) {
            return new Throwable[0];
        }
        return suppressed.toArray(new Throwable[suppressed.size()]);
    }

    public void printStackTrace() {
        printStackTrace(System.err);
    }

    public void printStackTrace(PrintStream s) {
        printStackTrace(new StreamSink(s));
    }

    public void printStackTrace(PrintWriter s) {
        printStackTrace(new WriterSink(s));
    }

    private void printStackTrace(Sink s) {
        List<Throwable> dejaVu = new ArrayList<>();
        dejaVu.add(this);
        s.println(this);
        StackTraceElement[] trace = getOurStackTrace();
        for (StackTraceElement traceElement : trace) {
            s.println("\tat " + traceElement);
        }
        for (Throwable se : getSuppressed()) {
            se.printEnclosedStackTrace(s, trace, SUPPRESSED_CAPTION, "\t", dejaVu);
        }
        Throwable ourCause = getCause();
        if (ourCause != null) {
            ourCause.printEnclosedStackTrace(s, trace, CAUSE_CAPTION, "", dejaVu);
        }
    }

    private static boolean containsIdentity(List<Throwable> list, Throwable t) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == t) {
                return true;
            }
        }
        return false;
    }

    private void printEnclosedStackTrace(Sink s, StackTraceElement[] enclosingTrace, String caption,
            String prefix, List<Throwable> dejaVu) {
        if (containsIdentity(dejaVu, this)) {
            s.println(prefix + caption + "[CIRCULAR REFERENCE: " + this + "]");
            return;
        }
        dejaVu.add(this);
        StackTraceElement[] trace = getOurStackTrace();
        int m = trace.length - 1;
        int n = enclosingTrace.length - 1;
        while (m >= 0 && n >= 0 && trace[m].equals(enclosingTrace[n])) {
            m--;
            n--;
        }
        int framesInCommon = trace.length - 1 - m;
        s.println(prefix + caption + this);
        for (int i = 0; i <= m; i++) {
            s.println(prefix + "\tat " + trace[i]);
        }
        if (framesInCommon != 0) {
            s.println(prefix + "\t... " + framesInCommon + " more");
        }
        for (Throwable se : getSuppressed()) {
            se.printEnclosedStackTrace(s, trace, SUPPRESSED_CAPTION, prefix + "\t", dejaVu);
        }
        Throwable ourCause = getCause();
        if (ourCause != null) {
            ourCause.printEnclosedStackTrace(s, trace, CAUSE_CAPTION, prefix, dejaVu);
        }
    }

    /** Where printStackTrace writes: a PrintStream or a PrintWriter. */
    private abstract static class Sink {
        abstract void println(Object o);
    }

    private static final class StreamSink extends Sink {
        private final PrintStream out;

        StreamSink(PrintStream out) {
            this.out = out;
        }

        void println(Object o) {
            out.println(o);
        }
    }

    private static final class WriterSink extends Sink {
        private final PrintWriter out;

        WriterSink(PrintWriter out) {
            this.out = out;
        }

        void println(Object o) {
            out.println(o);
        }
    }
}
