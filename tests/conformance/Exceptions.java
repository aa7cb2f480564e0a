// Exceptions: athrow and exception tables: try/catch/finally ordering,
// nested try/finally unwinding, catch ordering by subclass, multi-catch,
// rethrow, custom checked/unchecked exceptions with causes, getMessage/
// toString/getCause/getLocalizedMessage, initCause, finally overriding
// return values and swallowing exceptions, try-with-resources incl. close
// order and suppressed exceptions, exceptions crossing many frames, and
// exceptions thrown by the VM (NPE, AIOOBE, ArithmeticException) caught
// as their supertypes.
import java.util.ArrayList;
import java.util.List;

public class Exceptions {
    static final List<String> log = new ArrayList<>();

    static class AppException extends Exception {
        final int code;
        AppException(String msg, int code) { super(msg); this.code = code; }
        AppException(String msg, Throwable cause) { super(msg, cause); this.code = -1; }
    }

    static class Unchecked extends RuntimeException {
        Unchecked(String m) { super(m); }
        @Override public String getMessage() { return "[custom] " + super.getMessage(); }
    }

    static class Resource implements AutoCloseable {
        final String name;
        final boolean failOnClose;
        Resource(String name, boolean failOnClose) { this.name = name; this.failOnClose = failOnClose; log.add("open " + name); }
        @Override
        public void close() throws AppException {
            log.add("close " + name);
            if (failOnClose) throw new AppException("close failed: " + name, 7);
        }
    }

    static int finallyOrder() {
        int x = 1;
        try {
            log.add("try");
            x = 2;
            return x;              // value 2 saved before finally runs
        } finally {
            x = 3;
            log.add("finally x=" + x);
        }
    }

    @SuppressWarnings("finally")
    static int finallyOverrides() {
        try {
            throw new IllegalStateException("lost");
        } finally {
            return 99;            // discards the exception
        }
    }

    @SuppressWarnings("finally")
    static String finallyOverridesReturn() {
        try {
            return "from try";
        } finally {
            return "from finally";
        }
    }

    static void nested(int depth) throws AppException {
        try {
            try {
                if (depth == 0) throw new AppException("bottom", 1);
                nested(depth - 1);
            } finally {
                log.add("inner finally " + depth);
            }
        } catch (AppException e) {
            if (depth == 2) throw new AppException("wrapped at " + depth, e);
            throw e;
        } finally {
            log.add("outer finally " + depth);
        }
    }

    static int deep(int n) {
        if (n == 0) throw new Unchecked("deep bottom");
        return deep(n - 1) + 1;
    }

    static String vmException(int which) {
        try {
            switch (which) {
                case 0: { Object o = null; return o.toString(); }
                case 1: { int[] a = new int[2]; return "" + a[2]; }
                case 2: { int z = 0; return "" + (1 / z); }
                case 3: { Object o = "s"; return "" + (Integer) o; }
                case 4: return "" + Integer.parseInt("12x");
                case 5: throw new UnsupportedOperationException("nope");
                case 6: return "" + "abc".charAt(10);
                default: return "none";
            }
        } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
            return "multi-catch " + e.getClass().getSimpleName();
        } catch (IndexOutOfBoundsException e) {
            return "IOOBE " + e.getClass().getSimpleName();
        } catch (IllegalArgumentException e) {
            return "IAE " + e.getClass().getSimpleName() + ": " + e.getMessage();
        } catch (RuntimeException e) {
            return "RTE " + e.getClass().getSimpleName();
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("returned " + finallyOrder() + " log " + log);
        log.clear();
        System.out.println("finally overrides: " + finallyOverrides() + " " + finallyOverridesReturn());

        try {
            nested(4);
        } catch (AppException e) {
            System.out.println("caught " + e.getMessage() + " code " + e.code + " cause " + e.getCause());
            System.out.println("toString " + e + " | cause msg " + e.getCause().getMessage()
                    + " | cause code " + ((AppException) e.getCause()).code);
        }
        System.out.println("unwind log " + log);
        log.clear();

        try {
            System.out.println(deep(500));
        } catch (Unchecked e) {
            System.out.println("across 500 frames: " + e.getMessage() + " | " + e + " | localized " + e.getLocalizedMessage());
        }

        for (int i = 0; i <= 7; i++) System.out.println("vm " + i + ": " + vmException(i));

        // try-with-resources: close order, suppressed exceptions
        try (Resource a = new Resource("a", false); Resource b = new Resource("b", true); Resource c = new Resource("c", true)) {
            log.add("body");
            throw new IllegalStateException("body failed");
        } catch (IllegalStateException e) {
            log.add("caught " + e.getMessage());
            for (Throwable s : e.getSuppressed()) log.add("suppressed " + s.getMessage());
        }
        System.out.println("twr1 " + log);
        log.clear();
        try (Resource a = new Resource("x", true)) {
            log.add("body ok");
        } catch (AppException e) {
            log.add("close exception " + e.getMessage() + " suppressed=" + e.getSuppressed().length);
        } finally {
            log.add("finally");
        }
        System.out.println("twr2 " + log);
        log.clear();
        try (Resource nul = null) {
            log.add("null resource is fine");
        }
        System.out.println("twr3 " + log);

        // rethrow preserves identity
        RuntimeException original = new RuntimeException("orig");
        try {
            try {
                throw original;
            } catch (RuntimeException e) {
                log.add("rethrowing");
                throw e;
            }
        } catch (RuntimeException e) {
            System.out.println("same object after rethrow: " + (e == original));
        }

        // initCause, cause chain, null message
        Exception top = new Exception("top");
        top.initCause(new IllegalArgumentException());
        Throwable t = top;
        int chain = 0;
        while (t != null) { System.out.println("chain[" + chain++ + "] " + t + " msg=" + t.getMessage()); t = t.getCause(); }
        try {
            top.initCause(new RuntimeException());
        } catch (IllegalStateException e) {
            System.out.println("initCause twice: " + e.getClass().getName());
        }
        Throwable wrapped = new RuntimeException(new ArithmeticException("inner"));
        System.out.println("wrapping ctor message: " + wrapped.getMessage());
        Error err = new AssertionError("assert " + 5);
        System.out.println(err + " is Error " + (err instanceof Error) + " is Exception " + ((Object) err instanceof Exception));

        // exception in finally replaces the original
        try {
            try {
                throw new RuntimeException("first");
            } finally {
                if (log.size() >= 0) throw new RuntimeException("second");
            }
        } catch (RuntimeException e) {
            System.out.println("finally exception wins: " + e.getMessage());
        }

        // exceptions in a loop: many throw/catch cycles
        int caught = 0;
        for (int i = 0; i < 3000; i++) {
            try {
                if (i % 3 == 0) throw new Unchecked("i" + i);
                if (i % 3 == 1) throw new AppException("a", i);
            } catch (Unchecked e) {
                caught += 1;
            } catch (AppException e) {
                caught += e.code % 2;
            } finally {
                caught += 1000;
            }
        }
        System.out.println("loop caught " + caught);

        // catch Throwable / Exception hierarchy, custom getMessage
        try {
            throw new Unchecked("x");
        } catch (Throwable th) {
            System.out.println("as Throwable: " + th.getMessage() + " / " + th);
        }
    }
}
