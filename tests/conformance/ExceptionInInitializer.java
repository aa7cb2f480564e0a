// ExceptionInInitializer: a RuntimeException thrown from <clinit> surfaces as
// ExceptionInInitializerError (with the original as getCause/getException),
// the class is then in the erroneous state and every later use (static
// call, field read, new) throws NoClassDefFoundError, without re-running
// <clinit>; an Error thrown from <clinit> propagates unwrapped; a failing
// superclass initializer makes subclass initialization fail; unrelated
// classes keep working.
public class ExceptionInInitializer {
    static int attempts;

    static class Broken {
        static int value;
        static {
            attempts++;
            if (attempts > 0) throw new IllegalStateException("clinit failed #" + attempts);
            value = 1;
        }
        static int get() { return value; }
    }

    static class BrokenByArithmetic {
        static int zero = 0;
        static int bad = 10 / zero;
    }

    static class ThrowsError {
        static {
            if (true) throw new AssertionError("error from clinit");
        }
        static void touch() {}
    }

    static class BadParent {
        static int s = Integer.parseInt("oops");
    }

    static class Child extends BadParent {
        static int y = 3;
    }

    static class Fine {
        static int v = 77;
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder(t.getClass().getName());
        Throwable c = t.getCause();
        if (c != null) sb.append(" caused by ").append(c.getClass().getName()).append(" (").append(c.getMessage()).append(')');
        return sb.toString();
    }

    public static void main(String[] args) {
        try {
            System.out.println(Broken.get());
        } catch (ExceptionInInitializerError e) {
            System.out.println("1st use: " + describe(e) + " getException same as cause: " + (e.getException() == e.getCause())
                    + " message " + e.getMessage());
        }
        for (int i = 0; i < 3; i++) {
            try {
                switch (i) {
                    case 0: System.out.println(Broken.get()); break;
                    case 1: System.out.println(Broken.value); break;
                    default: System.out.println(new Broken()); break;
                }
            } catch (NoClassDefFoundError e) {
                System.out.println("later use " + i + ": " + e.getClass().getName() + " is LinkageError " + (e instanceof LinkageError));
            } catch (ExceptionInInitializerError e) {
                System.out.println("unexpected EIIE again");
            }
        }
        System.out.println("clinit attempts: " + attempts);

        try {
            System.out.println(BrokenByArithmetic.bad);
        } catch (ExceptionInInitializerError e) {
            System.out.println("arithmetic: " + describe(e));
        }
        try {
            System.out.println(BrokenByArithmetic.zero);
        } catch (NoClassDefFoundError e) {
            System.out.println("arithmetic again: " + e.getClass().getSimpleName());
        }

        try {
            ThrowsError.touch();
        } catch (AssertionError e) {
            System.out.println("Error from clinit is not wrapped: " + e.getClass().getName() + ": " + e.getMessage());
        } catch (ExceptionInInitializerError e) {
            System.out.println("wrapped?! " + describe(e));
        }
        try {
            ThrowsError.touch();
        } catch (NoClassDefFoundError e) {
            System.out.println("ThrowsError again: " + e.getClass().getName());
        }

        try {
            System.out.println(Child.y);
        } catch (ExceptionInInitializerError e) {
            System.out.println("child via parent: " + describe(e));
        }
        try {
            System.out.println(Child.y);
        } catch (NoClassDefFoundError e) {
            System.out.println("child again: " + e.getClass().getName());
        }
        try {
            System.out.println(BadParent.s);
        } catch (NoClassDefFoundError e) {
            System.out.println("parent again: " + e.getClass().getName());
        }

        // catching as Throwable / LinkageError
        try {
            Broken.get();
        } catch (LinkageError e) {
            System.out.println("as LinkageError: " + e.getClass().getSimpleName());
        }
        System.out.println("unrelated class fine: " + Fine.v);
        System.out.println("done");
    }
}
