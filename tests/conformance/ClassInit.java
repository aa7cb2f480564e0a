// ClassInit: <clinit> ordering and laziness: superclass initialized before
// subclass, initialization triggered by new / static method call / static
// field read / static field write but NOT by reading a compile-time constant,
// NOT by creating an array of the class, NOT by a class literal, and NOT by
// accessing an inherited static field through a subclass (only the declaring
// class is initialized); interfaces initialized only when their non-constant
// field is read, or (having default methods) when an implementing class is
// initialized; static initializer order within a class (textual), static
// fields observed at their default value during init cycles; each <clinit>
// runs exactly once.
public class ClassInit {
    static final StringBuilder log = new StringBuilder();

    static int note(String s) {
        log.append(s).append(' ');
        return s.length();
    }

    static void show(String step) {
        System.out.println(step + ": " + log.toString().trim());
        log.setLength(0);
    }

    static class Super {
        static int superField = note("Super.clinit");
        static final int CONST = 42;                     // compile-time constant
        static final String SCONST = "constant";         // also a constant
        static final Integer BOXED = note("Super.BOXED"); // not a constant
        static void hello() { note("Super.hello"); }
    }

    static class Sub extends Super {
        static int subField = note("Sub.clinit");
        static { note("Sub.static-block"); }
        Sub() { note("Sub.<init>"); }
    }

    static class SubSub extends Sub {
        static int x;
        static { note("SubSub.clinit x=" + x); x = 5; }
    }

    interface WithDefault {
        int IFIELD = note("WithDefault.clinit");
        default void d() {}
    }

    interface NoDefault {
        int NFIELD = note("NoDefault.clinit");
        void m();
    }

    interface Constants {
        int PLAIN = 7;                                // constant, never triggers
        String LAZY = "lazy" + note("Constants.clinit");
    }

    static class Impl implements WithDefault, NoDefault {
        static { note("Impl.clinit"); }
        public void m() {}
    }

    static class Order {
        static int a = note("Order.a");
        static { note("Order.block1"); }
        static int b = note("Order.b");
        static int c;
        static { c = a + b; note("Order.block2 c=" + c); }
    }

    // initialization cycle: A's clinit touches B which reads A's not-yet-set field
    static class CycleA {
        static int valueA = 1;
        static int fromB = CycleB.valueB;
        static int late = 100;
    }

    static class CycleB {
        static int valueB = CycleA.late + 1;   // CycleA is being initialized: sees default 0
    }

    static class Counter {
        static int inits;
        static { inits++; note("Counter.clinit #" + inits); }
        static int get() { return inits; }
    }

    static class Setter {
        static int target;
        static { note("Setter.clinit"); }
    }

    public static void main(String[] args) {
        show("start");
        int c = Super.CONST;
        String sc = Super.SCONST;
        int p = Constants.PLAIN;
        show("read constants " + c + " " + sc + " " + p);
        Sub[] arr = new Sub[3];
        Object lit = Sub.class;
        show("array and class literal " + arr.length + " " + (lit != null));
        int sf = Sub.superField;       // only Super is initialized
        show("Sub.superField " + sf);
        Sub.hello();
        show("Sub.hello()");
        new Sub();
        show("new Sub()");
        new Sub();
        show("second new Sub()");
        System.out.println("SubSub.x = " + SubSub.x);
        show("SubSub.x");
        new Impl();
        show("new Impl()");
        int nf = NoDefault.NFIELD;
        show("NoDefault.NFIELD " + nf);
        int wf = WithDefault.IFIELD;
        show("WithDefault.IFIELD " + wf);
        String lazy = Constants.LAZY;
        show("Constants.LAZY " + lazy);
        int o = Order.c;
        show("Order.c " + o);
        System.out.println("cycle: fromB=" + CycleA.fromB + " valueB=" + CycleB.valueB + " late=" + CycleA.late);
        show("cycle");
        for (int i = 0; i < 3; i++) Counter.get();
        show("Counter x3 -> " + Counter.get());
        Setter.target = 9;
        show("Setter.target = 9");
        System.out.println("Super.BOXED " + Super.BOXED);
        show("end");
    }
}
