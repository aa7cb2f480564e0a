// NestmatesPrivate: Java 11+ nestmate access: nested/inner classes reading
// and writing private fields and calling private methods of the outer class
// and of each other (invokevirtual/invokespecial on private members, no
// synthetic accessors), private constructors, inner class instances bound to
// an outer instance (this$0), anonymous classes, local classes capturing
// effectively-final locals and parameters, inner classes of inner classes.
import java.util.ArrayList;
import java.util.List;

public class NestmatesPrivate {
    private int secret = 42;
    private static String staticSecret = "s3cr3t";
    private final List<String> log = new ArrayList<>();

    private NestmatesPrivate() {}
    private NestmatesPrivate(int s) { secret = s; }

    private int twice() { return secret * 2; }
    private static String shout(String s) { return s.toUpperCase() + "!"; }

    class Inner {
        private int innerSecret = 7;
        int peek() { return secret + innerSecret; }          // outer private field via this$0
        void poke() { secret++; log.add("poke->" + secret); }
        int callPrivate() { return twice(); }

        class Deeper {
            private String deep() { return "deeper sees " + secret + "/" + innerSecret + "/" + staticSecret; }
        }
    }

    static class Nested {
        private long hidden = 1000;
        private Nested() {}
        private long mutate(NestmatesPrivate outer) {
            outer.secret -= 2;              // private field of another instance
            return hidden + outer.twice();  // private method of outer
        }
    }

    static class Sibling {
        long readNested(Nested n) { return n.hidden++; }  // private field of a sibling nestmate
        String readInner(Inner in) { return "inner private " + in.innerSecret; }
    }

    interface Greeter { String greet(String who); }

    Greeter makeAnonymous(String greeting) {
        int punct = secret % 3;
        return new Greeter() {
            private int calls;
            @Override
            public String greet(String who) {
                calls++;
                return greeting + ", " + who + "!".repeat(punct + 1) + " (call " + calls + ", secret " + secret + ")";
            }
        };
    }

    static List<Runnable> localClasses(List<String> out) {
        List<Runnable> rs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final int captured = i * 10;
            String tag = "t" + i;
            class Local implements Runnable {
                private final int own = captured + 1;
                public void run() { out.add(tag + ":" + captured + ":" + own); }
            }
            rs.add(new Local());
        }
        return rs;
    }

    public static void main(String[] args) {
        NestmatesPrivate outer = new NestmatesPrivate(10);
        NestmatesPrivate.Inner in = outer.new Inner();
        System.out.println("peek " + in.peek() + " callPrivate " + in.callPrivate());
        in.poke();
        in.poke();
        System.out.println("after poke secret " + outer.secret + " log " + outer.log);
        NestmatesPrivate.Inner.Deeper deeper = in.new Deeper();
        System.out.println(deeper.deep());
        in.innerSecret = 100;   // outer class touching inner's private field
        System.out.println("deeper after change: " + deeper.deep());

        Nested nested = new Nested();
        System.out.println("mutate " + nested.mutate(outer) + " secret now " + outer.secret);
        Sibling sib = new Sibling();
        System.out.println("sibling reads " + sib.readNested(nested) + " then " + nested.hidden + " " + sib.readInner(in));

        Greeter g = outer.makeAnonymous("Hi");
        System.out.println(g.greet("Ann"));
        outer.secret = 44;
        System.out.println(g.greet("Ben"));
        System.out.println("anonymous class name " + g.getClass().getName() + " inner " + in.getClass().getName()
                + " deeper " + deeper.getClass().getName());
        System.out.println("simple names [" + g.getClass().getSimpleName() + "] " + in.getClass().getSimpleName() + " " + Nested.class.getSimpleName());

        List<String> out = new ArrayList<>();
        for (Runnable r : localClasses(out)) r.run();
        System.out.println("local classes: " + out);

        System.out.println(shout(staticSecret) + " " + new NestmatesPrivate().secret);

        // two outers, inner instances stay bound to their own outer
        NestmatesPrivate o1 = new NestmatesPrivate(1), o2 = new NestmatesPrivate(2);
        Inner i1 = o1.new Inner(), i2 = o2.new Inner();
        for (int k = 0; k < 5; k++) { i1.poke(); if (k % 2 == 0) i2.poke(); }
        System.out.println("bound: " + i1.peek() + " " + i2.peek() + " " + o1.log + " " + o2.log);

        // anonymous subclass of a class with constructor args
        Object anon = new Object() {
            private final String s = "anon-" + staticSecret.length();
            @Override
            public String toString() { return s + "/" + shout("x"); }
        };
        System.out.println(anon);
    }
}
