// Interfaces: invokeinterface dispatch, default methods (inherited,
// overridden, calling abstract methods), static interface methods, private
// interface methods (static and instance), diamond resolution with
// Iface.super.m(), class-method-wins-over-default rule, interface constants,
// interfaces extending interfaces, a class implementing many interfaces,
// interface-typed arrays, and functional interfaces implemented by classes.
public class Interfaces {
    interface Named {
        String PREFIX = "name:";   // constant
        String name();
        default String greet() { return "Hello, " + decorate(name()); }
        private String decorate(String s) { return "<" + s + ">"; }
        static Named of(String n) { return () -> n; }
    }

    interface Aged {
        int age();
        default String greet() { return "Age " + age(); }
        default boolean adult() { return age() >= 18; }
    }

    interface Counter {
        int count();
        default int doubled() { return helper(count()) * 2; }
        private static int helper(int x) { return x + 0; }
        static int sum(Counter... cs) {
            int s = 0;
            for (Counter c : cs) s += c.count();
            return s;
        }
    }

    interface Left extends Counter { default String side() { return "left"; } }
    interface Right extends Counter { default String side() { return "right"; } }

    static class Person implements Named, Aged, Comparable<Person> {
        private final String n;
        private final int a;
        Person(String n, int a) { this.n = n; this.a = a; }
        public String name() { return n; }
        public int age() { return a; }
        // diamond: both Named and Aged provide greet(); must override and may pick one
        public String greet() { return Named.super.greet() + " & " + Aged.super.greet(); }
        public int compareTo(Person o) { return Integer.compare(a, o.a); }
    }

    static class Both implements Left, Right {
        public int count() { return 21; }
        public String side() { return Left.super.side() + "+" + Right.super.side(); }
    }

    static class Base { public String side() { return "class-wins"; } }
    static class Mixed extends Base implements Left {
        public int count() { return 5; }
    }

    interface Shape { double area(); default String describe() { return getClass().getSimpleName() + " area " + area(); } }
    interface Scalable extends Shape { Shape scale(double k); }
    static class Sq implements Scalable {
        final double s;
        Sq(double s) { this.s = s; }
        public double area() { return s * s; }
        public Shape scale(double k) { return new Sq(s * k); }
    }
    static class Tri implements Shape {
        public double area() { return 0.5; }
        @Override public String describe() { return "triangle! " + Shape.super.describe(); }
    }

    static class Multi implements Runnable, Counter, Named, java.util.function.IntSupplier {
        int runs;
        public void run() { runs++; }
        public int count() { return runs; }
        public String name() { return "multi" + runs; }
        public int getAsInt() { return runs * 100; }
    }

    public static void main(String[] args) {
        Person alice = new Person("Alice", 30), bob = new Person("Bob", 12);
        System.out.println(alice.greet());
        System.out.println(bob.greet() + " adult=" + bob.adult() + " " + alice.adult());
        Named n = alice;
        Aged a = bob;
        System.out.println(n.name() + " " + a.age() + " " + Named.PREFIX + n.name() + " cmp " + alice.compareTo(bob));
        Named lambdaNamed = Named.of("Lambda");
        System.out.println(lambdaNamed.greet() + " " + lambdaNamed.name());

        Both both = new Both();
        Left l = both;
        Right r = both;
        System.out.println(both.side() + " " + l.side() + " " + r.side() + " doubled " + l.doubled() + " sum " + Counter.sum(both, l, r));
        Left m = new Mixed();
        System.out.println("mixed side: " + m.side() + " doubled " + m.doubled());

        Shape[] shapes = {new Sq(2), new Tri(), new Sq(3).scale(2)};
        for (Shape s : shapes) System.out.println(s.describe());

        Multi multi = new Multi();
        Runnable run = multi;
        for (int i = 0; i < 7; i++) run.run();
        java.util.function.IntSupplier sup = multi;
        Counter ctr = multi;
        System.out.println("multi: " + ctr.count() + " " + ctr.doubled() + " " + ((Named) multi).greet() + " " + sup.getAsInt());

        Object o = multi;
        System.out.println("instanceof: " + (o instanceof Runnable) + " " + (o instanceof Counter) + " " + (o instanceof Aged)
                + " " + (both instanceof Counter) + " " + (shapes[2] instanceof Scalable) + " " + (shapes[1] instanceof Scalable));
        try {
            Aged bad = (Aged) o;
            System.out.println("no exception " + bad);
        } catch (ClassCastException e) {
            System.out.println("cast to unimplemented interface: " + e.getClass().getName());
        }
        Comparable<Person> cp = alice;
        System.out.println("compareTo via interface " + cp.compareTo(bob) + " " + bob.compareTo(alice));
        // interface dispatch in a hot loop over mixed receivers
        Counter[] counters = {both, (Counter) m, multi, () -> 3};
        long total = 0;
        for (int i = 0; i < 2000; i++) total += counters[i & 3].count() + counters[(i >> 2) & 3].doubled();
        System.out.println("total " + total);
    }
}
